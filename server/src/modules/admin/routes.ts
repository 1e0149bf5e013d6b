import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { requireRole, userOf } from '../../plugins/session';
import type { AuditService } from '../audit';
import { OrderParams } from '../order';
import {
  AdminOrderListReply,
  AdminOrderQuery,
  AdminOrderReply,
  AuditListQuery,
  AuditListReply,
  RefundBody,
  AdminUserQuery,
  AdminUserListReply,
  UserParams,
  DisableBody,
  AdminUserReply,
} from './schemas';
import type { AdminService } from './service';

/** Only admins read the audit log; operators see the rest of the back office, and are told why this part is closed to them. */
const adminOnly = requireRole(['admin'], '审计日志仅限管理员查看');

/** /v1/admin: the back office's calls; the module's guard (index.ts) has let only staff in. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ service: AdminService; audit: AuditService }> = async (app, { service, audit }) => {
  app.get('/orders', { schema: { tags: ['admin'], querystring: AdminOrderQuery, response: { 200: AdminOrderListReply } } }, async (request) =>
    success(await service.searchOrders(request.query)),
  );

  app.get('/orders/:orderId', { schema: { tags: ['admin'], params: OrderParams, response: { 200: AdminOrderReply } } }, async (request) =>
    success(await service.orderDetail(request.params.orderId)),
  );

  app.get('/users', { schema: { tags: ['admin'], querystring: AdminUserQuery, response: { 200: AdminUserListReply } } }, async (request) =>
    success(await service.searchUsers(request.query)),
  );

  app.post(
    '/users/:userId/disable',
    { schema: { tags: ['admin'], params: UserParams, body: DisableBody, response: { 200: AdminUserReply } } },
    async (request) => success(await service.setUserDisabled(userOf(request), request.params.userId, true, request.body.reason.trim()), '账号已停用'),
  );

  app.post('/users/:userId/enable', { schema: { tags: ['admin'], params: UserParams, response: { 200: AdminUserReply } } }, async (request) =>
    success(await service.setUserDisabled(userOf(request), request.params.userId, false), '账号已启用'),
  );

  app.post(
    '/orders/:orderId/refund',
    { schema: { tags: ['admin'], params: OrderParams, body: RefundBody, response: { 200: AdminOrderReply } } },
    async (request) => success(await service.refundOrder(userOf(request), request.params.orderId, request.body), '退款成功'),
  );

  app.get('/audit', { onRequest: adminOnly, schema: { tags: ['admin'], querystring: AuditListQuery, response: { 200: AuditListReply } } }, async (request) =>
    success(await audit.list(request.query)),
  );
};

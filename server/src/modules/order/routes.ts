import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser, userOf } from '../../plugins/session';
import { toPublicOrder } from './repo';
import { CreateOrderBody, OrderListQuery, OrderListReply, OrderParams, OrderReply } from './schemas';
import type { OrderService } from './service';

export const orderRoutes: FastifyPluginAsyncTypebox<{ service: OrderService }> = async (app, { service }) => {
  app.post('/v1/order', { preHandler: requireUser, schema: { tags: ['order'], body: CreateOrderBody, response: { 200: OrderReply } } }, async (request) => ({
    success: true as const,
    result: toPublicOrder(await service.create(userOf(request), request.body.kind, request.body.itemId)),
  }));

  app.get('/v1/order/list', { preHandler: requireUser, schema: { tags: ['order'], querystring: OrderListQuery, response: { 200: OrderListReply } } }, async (request) => {
    const page = await service.list(userOf(request), request.query);
    return { success: true as const, result: { ...page, list: page.list.map(toPublicOrder) } };
  });

  app.get('/v1/order/:orderId', { preHandler: requireUser, schema: { tags: ['order'], params: OrderParams, response: { 200: OrderReply } } }, async (request) => ({
    success: true as const,
    result: toPublicOrder(await service.getForOwner(userOf(request), request.params.orderId)),
  }));

  app.post('/v1/order/:orderId/cancel', { preHandler: requireUser, schema: { tags: ['order'], params: OrderParams, response: { 200: OrderReply } } }, async (request) => ({
    success: true as const,
    result: toPublicOrder(await service.cancel(userOf(request), request.params.orderId)),
    message: '订单已取消',
  }));
};

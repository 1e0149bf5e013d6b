/**
 * The back office in the mock, thin: orders (search, detail, refund) and the audit log answered by
 * the server's own admin service over the mock's services (mock/_lib/services.ts). Sign in as
 * MOCK_ADMIN_EMAIL (mock/_lib/users.ts); the demo student is refused as the server refuses her.
 * Accounts are the mock's own, so e-mails are the mock's, not the placeholder rows'.
 */
import { STAFF_ROLES } from '../common/roles';
import { toAdminOrder, AdminOrderQuery, AuditListQuery, RefundBody, type AdminOrderSearch as Query, type RefundRequestBody } from '../server/src/modules/admin';
import { failure, requireSession, withFault, type MockHandler, type MockRequest, type MockResponse } from './_lib/kit';
import { answer, mockServices, valid, validQuery } from './_lib/services';
import { findUserById, users } from './_lib/users';

/** The signed-in staff account's id, or the server's 401 or 403 answered. */
function staff(req: MockRequest, res: MockResponse, roles = STAFF_ROLES): string | undefined {
  const userId = requireSession(req, res);
  if (!userId) return undefined;
  if (roles.includes(findUserById(userId)!.role)) return userId;
  res.status(403).json(failure('您没有权限访问运营后台', 'FORBIDDEN'));
  return undefined;
}

const emailOf = (userId: string) => findUserById(userId)?.email ?? null;

/** An order detail with the mock's e-mail for its owner. */
const withMockEmail = <T extends { order: { userId: string; userEmail: string | null } }>(detail: T) => ({
  ...detail,
  order: { ...detail.order, userEmail: emailOf(detail.order.userId) },
});

const handlers: Record<string, MockHandler> = {
  'GET /api/v1/admin/orders': async (req, res) => {
    const query = staff(req, res) && validQuery<Query>(AdminOrderQuery, req, res);
    if (!query) return;
    answer(res, async () => {
      const { orders } = await mockServices();
      const { current, pageSize, email, ...filter } = query;
      const owner = email?.trim() && users.find((user) => user.email === email.trim().toLowerCase());
      const page = await orders.search({ ...filter, userIds: email?.trim() ? (owner ? [owner.id] : []) : undefined }, { current, pageSize });
      return { ...page, list: page.list.map((row) => toAdminOrder(row, emailOf(row.user_id))) };
    });
  },

  'GET /api/v1/admin/orders/:orderId': async (req, res) => {
    if (!staff(req, res)) return;
    answer(res, async () => withMockEmail(await (await mockServices()).admin.orderDetail(req.params.orderId)));
  },

  'POST /api/v1/admin/orders/:orderId/refund': async (req, res) => {
    const userId = staff(req, res);
    const body = userId && valid<RefundRequestBody>(RefundBody, req.body, res);
    if (!userId || !body) return;
    answer(res, async () => {
      const services = await mockServices();
      const actor = { ...(await services.userRow(userId)), email: emailOf(userId)! };
      return withMockEmail(await services.admin.refundOrder(actor, req.params.orderId, body));
    });
  },

  'GET /api/v1/admin/audit': async (req, res) => {
    const query = staff(req, res, ['admin']) && validQuery<{ current: number; pageSize: number; action?: string; targetId?: string }>(AuditListQuery, req, res);
    if (!query) return;
    answer(res, async () => (await mockServices()).audit.list(query));
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));

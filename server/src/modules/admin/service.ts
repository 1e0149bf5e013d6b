/**
 * The back office's rules: it reads and changes other modules' records only through their
 * services, and every change it makes is written to the audit log (modules/audit) once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RefundExtent } from '../../../../common/orderState';
import { accountChangeRefusal } from '../../../../common/roles';
import { AppError } from '../../lib/errors';
import { toPublicOrder, toPublicRefund, type OrderRepo, type OrderRow, type OrderService } from '../order';
import { RefundRefused, type PaymentService } from '../payment';
import type { UserRow, UserService } from '../user';
import type { AuthService } from '../auth';
import type { AuditService } from '../audit';

type Notification = Awaited<ReturnType<OrderRepo['notificationsOf']>>[number];

export interface AdminOrderQuery {
  current: number;
  pageSize: number;
  orderId?: string;
  email?: string;
  status?: OrderRow['status'];
  refundExtent?: RefundExtent;
  refundDue?: boolean;
  createdFrom?: string;
  createdTo?: string;
  tradeNo?: string;
}

/** An order with whose it is and how it was paid (AdminOrder in schemas.ts). */
export function toAdminOrder(row: OrderRow, userEmail: string | null) {
  return {
    ...toPublicOrder(row),
    userId: row.user_id,
    userEmail,
    gateway: row.gateway,
    gatewayTradeNo: row.gateway_trade_no,
  };
}

const toPublicNotification = (row: Notification) => ({
  gateway: row.gateway,
  tradeNo: row.trade_no,
  amountFen: row.amount_fen,
  outcome: row.outcome,
  createdAt: row.created_at,
});

export const toAdminUser = (row: UserRow) => ({
  id: row.id,
  email: row.email,
  nickname: row.nickname,
  role: row.role,
  disabledAt: row.disabled_at,
  createdAt: row.created_at,
});

/** ISO text compares as time only in one form: the database's (toISOString). */
const iso = (time: string | undefined) => (time ? new Date(time).toISOString() : undefined);

export interface RefundRequestBody {
  requestNo: string;
  /** omitted: all that is left */
  amountFen?: number;
  /** the payment given back; omitted: the order's own */
  tradeNo?: string;
  reason: string;
}

/**
 * Refunds an order, fully or partly, through the gateway it was paid with. The refund is
 * recorded as pending under its request number before the gateway is asked, and completed
 * (order refunded, one audit entry) when the gateway says it refunded. Replaying the request
 * answers the completed refund and asks nobody; when the gateway's answer was lost, the same
 * request again asks the gateway again under the same number, which it refunds only once.
 */
async function refundThroughGateway(
  { orders, payments, audit, log }: { orders: OrderService; payments: Pick<PaymentService, 'refund'>; audit: AuditService; log: FastifyBaseLogger },
  actor: UserRow,
  orderId: string,
  body: RefundRequestBody,
) {
  const { order, refund } = await orders.beginRefund(orderId, { ...body, operatorId: actor.id });
  if (refund.status === 'refused') throw new AppError(409, 'REFUND_REFUSED', `退款被支付平台拒绝：${refund.failure}`);
  if (refund.status === 'pending') {
    let answer: Awaited<ReturnType<PaymentService['refund']>>;
    try {
      answer = await payments.refund(order, refund);
    } catch (error) {
      if (error instanceof RefundRefused) {
        await orders.refuseRefund(refund.request_no, error.message);
        throw new AppError(409, 'REFUND_REFUSED', `退款被支付平台拒绝：${error.message}`);
      }
      log.warn({ err: error, orderId, requestNo: refund.request_no }, 'refund: no answer from the gateway');
      throw new AppError(502, 'GATEWAY_UNAVAILABLE', '支付平台没有答复，退款结果未知。请稍后用同一退款单重试，不会重复退款');
    }
    await orders.completeRefund(refund.request_no, answer.refundNo, (before, after, trx) =>
      audit.record(
        {
          actor: { id: actor.id, email: actor.email },
          action: 'order.refund',
          target: { type: 'order', id: orderId },
          // with the order's amount, the log tells a partial refund from a whole one
          before: { status: before.status, amountFen: before.amount_fen, refundedFen: before.refunded_fen },
          after: {
            status: after.status,
            amountFen: after.amount_fen,
            refundedFen: after.refunded_fen,
            refund: { requestNo: refund.request_no, amountFen: refund.amount_fen, reason: refund.reason, tradeNo: refund.trade_no },
          },
        },
        trx,
      ),
    );
  }
}

export function createAdminService(deps: {
  orders: OrderService;
  users: UserService;
  auth: Pick<AuthService, 'endSessions'>;
  payments: Pick<PaymentService, 'refund'>;
  audit: AuditService;
  log: FastifyBaseLogger;
}) {
  const { orders, users, auth, payments, audit, log } = deps;

  async function withEmails(rows: OrderRow[]) {
    const emails = await users.emailsOf(rows.map((row) => row.user_id));
    return rows.map((row) => toAdminOrder(row, emails.get(row.user_id) ?? null));
  }

  return {
    /** Orders by number, part of an e-mail, status, creation time and payment reference, newest first. */
    async searchOrders(query: AdminOrderQuery) {
      const { current, pageSize, email, createdFrom, createdTo, ...rest } = query;
      let userIds: string[] | undefined;
      // part of an e-mail, as 用户 finds accounts
      if (email?.trim()) userIds = await users.idsWithEmailContaining(email);
      const page = await orders.search({ ...rest, userIds, createdFrom: iso(createdFrom), createdTo: iso(createdTo) }, { current, pageSize });
      return { ...page, list: await withEmails(page.list) };
    },

    async searchUsers(query: { current: number; pageSize: number; email?: string }) {
      const page = await users.search(query);
      return { ...page, list: page.list.map(toAdminUser) };
    },

    /**
     * Disables an account (its sessions end at once, and it cannot sign in) or enables it again.
     * Nobody disables themselves; only an admin disables or enables an operator or an admin. Asking for the
     * state an account is already in changes nothing and writes no audit entry.
     */
    async setUserDisabled(actor: UserRow, userId: string, disabled: boolean, reason?: string) {
      const before = await users.get(userId);
      const refusal = accountChangeRefusal(actor, before, disabled);
      if (refusal) throw new AppError(409, 'ACCOUNT_PROTECTED', refusal);
      if (Boolean(before.disabled_at) === disabled) return toAdminUser(before);
      const after = await users.setDisabled(userId, disabled);
      if (disabled) await auth.endSessions(userId);
      await audit.record({
        actor: { id: actor.id, email: actor.email },
        action: disabled ? 'user.disable' : 'user.enable',
        target: { type: 'user', id: userId },
        before: { email: before.email, disabledAt: before.disabled_at },
        after: { email: after.email, disabledAt: after.disabled_at, ...(reason ? { reason } : {}) },
      });
      return toAdminUser(after);
    },

    /** An order with the gateway's notifications for it, its refunds and what of it may be given back. */
    async orderDetail(orderId: string) {
      const order = await orders.get(orderId);
      const [[adminOrder], notifications] = await Promise.all([withEmails([order]), orders.notificationsOf(orderId)]);
      const [refunds, refundable] = await Promise.all([orders.refundsOf(orderId), orders.refundablesOf(order)]);
      return { order: adminOrder, notifications: notifications.map(toPublicNotification), refunds: refunds.map(toPublicRefund), refundable };
    },

    /** Refunds an order through its gateway (refundThroughGateway), and answers its detail. */
    async refundOrder(actor: UserRow, orderId: string, body: RefundRequestBody) {
      await refundThroughGateway({ orders, payments, audit, log }, actor, orderId, body);
      return this.orderDetail(orderId);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

/**
 * The back office's rules: it reads and changes other modules' records only through their
 * services, and every change it makes is written to the audit log (modules/audit) once.
 */
import type { OrderRepo, OrderRow } from '../order/repo';
import { toPublicOrder } from '../order/repo';
import type { OrderService } from '../order/service';
import type { UserService } from '../user/service';
import type { AuditService } from '../audit/service';

type Notification = Awaited<ReturnType<OrderRepo['notificationsOf']>>[number];

export interface AdminOrderQuery {
  current: number;
  pageSize: number;
  orderId?: string;
  email?: string;
  status?: OrderRow['status'];
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
    refundDue: row.refund_due === 1,
  };
}

const toPublicNotification = (row: Notification) => ({
  gateway: row.gateway,
  tradeNo: row.trade_no,
  amountFen: row.amount_fen,
  outcome: row.outcome,
  createdAt: row.created_at,
});

/** ISO text compares as time only in one form: the database's (toISOString). */
const iso = (time: string | undefined) => (time ? new Date(time).toISOString() : undefined);

export function createAdminService(deps: { orders: OrderService; users: UserService; audit: AuditService }) {
  const { orders, users } = deps;

  async function withEmails(rows: OrderRow[]) {
    const emails = await users.emailsOf(rows.map((row) => row.user_id));
    return rows.map((row) => toAdminOrder(row, emails.get(row.user_id) ?? null));
  }

  return {
    /** Orders by number, e-mail, status, creation time and payment reference, newest first. */
    async searchOrders(query: AdminOrderQuery) {
      const { current, pageSize, email, createdFrom, createdTo, ...rest } = query;
      let userIds: string[] | undefined;
      if (email?.trim()) {
        const account = await users.findByEmail(email);
        userIds = account ? [account.id] : [];
      }
      const page = await orders.search({ ...rest, userIds, createdFrom: iso(createdFrom), createdTo: iso(createdTo) }, { current, pageSize });
      return { ...page, list: await withEmails(page.list) };
    },

    /** An order with the gateway's notifications for it. */
    async orderDetail(orderId: string) {
      const order = await orders.get(orderId);
      const [[adminOrder], notifications] = await Promise.all([withEmails([order]), orders.notificationsOf(orderId)]);
      return { order: adminOrder, notifications: notifications.map(toPublicNotification) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

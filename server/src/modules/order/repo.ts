import { priceOf } from '../../../../common/price';
import type { RefundExtent } from '../../../../common/orderState';
import type { Db } from '../../db';
import type { OrderTable, RefundTable } from '../../db/types';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { hourOf, hourRows } from '../../db/hourly';

export type OrderRow = OrderTable;
export type RefundRow = RefundTable;
type Executor = Db | Transaction<Database>;

/** What the back office searches orders by; every field optional. */
export interface OrderSearch {
  orderId?: string;
  /** the orders of these accounts (an e-mail's) */
  userIds?: string[];
  status?: OrderRow['status'];
  /** a refunded order that had part of its amount back (部分退款), or all of it (已退款) */
  refundExtent?: RefundExtent;
  refundDue?: boolean;
  /** ISO 8601 UTC, inclusive */
  createdFrom?: string;
  createdTo?: string;
  /** a gateway's payment reference */
  tradeNo?: string;
}

/** An order as the API shows it: money in integer fen, times in ISO 8601 UTC. */
export function toPublicOrder(row: OrderRow) {
  return {
    id: row.id,
    kind: row.kind,
    itemId: row.item_id,
    title: row.title,
    amountFen: row.amount_fen,
    status: row.status,
    closeReason: row.close_reason,
    channel: row.channel,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    closedAt: row.closed_at,
    refundedAt: row.refunded_at,
    refundedFen: row.refunded_fen,
    refundDue: row.refund_due === 1,
    /** how the amount was reached, for an item priced per started thousand characters */
    price: row.price_chars === null || row.price_per_thousand_fen === null ? null : priceOf(row.price_chars, row.price_per_thousand_fen),
  };
}

export function toPublicRefund(row: RefundRow) {
  return {
    requestNo: row.request_no,
    amountFen: row.amount_fen,
    reason: row.reason,
    status: row.status,
    operatorId: row.operator_id,
    gateway: row.gateway,
    tradeNo: row.trade_no,
    gatewayRefundNo: row.gateway_refund_no,
    failure: row.failure,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** A row that a unique key already holds, in either database. */
function isUniqueViolation(error: unknown) {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(message ?? '');
}

/** Runs an insert; false, not an error, when a unique key already holds the row. */
async function insertedUnlessTaken(insert: () => Promise<unknown>) {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** An order's refunds: each recorded before the gateway is asked, then moved on by its answer. */
function refundRows(db: Db) {
  return {
    findRefund: (requestNo: string, ex: Executor = db) => ex.selectFrom('refunds').selectAll().where('request_no', '=', requestNo).executeTakeFirst(),
    refundsOf: (orderId: string) => db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute(),
    pendingRefundOf: (orderId: string) =>
      db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('status', '=', 'pending').executeTakeFirst(),
    /** false when the request number is taken, or another refund of the order is pending (unique indexes). */
    insertRefund: (row: RefundRow) => insertedUnlessTaken(() => db.insertInto('refunds').values(row).execute()),
    /** Moves a refund on only from the status it was read in; false when someone else moved it first. */
    async updateRefundFrom(requestNo: string, from: RefundRow['status'], changes: Partial<RefundRow>, ex: Executor = db) {
      const result = await ex.updateTable('refunds').set(changes).where('request_no', '=', requestNo).where('status', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** What the gateways told us of payments: each transaction recorded once. */
function notificationRows(db: Db) {
  return {
    /**
     * The payments kept for refund of an order (one that reached it after it closed, or paid it
     * twice), oldest first, each with what its own transaction has had back.
     */
    async paymentsDue(orderId: string, ex: Executor = db) {
      const rows = await ex
        .selectFrom('payment_notifications as n')
        .select(['n.gateway', 'n.trade_no', 'n.amount_fen'])
        .select((eb) =>
          eb
            .selectFrom('refunds as r')
            .select(sql<number>`coalesce(sum(r.amount_fen), 0)`.as('fen'))
            .whereRef('r.order_id', '=', 'n.order_id')
            .whereRef('r.trade_no', '=', 'n.trade_no')
            .where('r.status', '=', 'succeeded')
            .as('refunded_fen'),
        )
        .where('n.order_id', '=', orderId)
        .where('n.outcome', '=', 'refund_due')
        .orderBy('n.id')
        .execute();
      // PostgreSQL answers a sum as text
      return rows.map((row) => ({ ...row, refunded_fen: Number(row.refunded_fen ?? 0) }));
    },
    /** The gateway's notifications for an order, oldest first. */
    notificationsOf: (orderId: string) => db.selectFrom('payment_notifications').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    /** Records a gateway transaction; false when it was recorded before (a repeated notification). */
    recordNotification: (row: { gateway: string; trade_no: string; order_id: string; amount_fen: number; outcome: string; created_at: string }, ex: Executor) =>
      insertedUnlessTaken(() => ex.insertInto('payment_notifications').values(row).execute()),
  };
}

/** The orders of items (reviews, typesettings) by the items' ids. */
function itemRows(db: Db) {
  return {
    /** The orders of these items (reviews, typesettings), newest first. */
    ofItems: (itemIds: string[]) =>
      itemIds.length
        ? db.selectFrom('orders').select(['id', 'item_id']).where('item_id', 'in', itemIds).orderBy('created_at', 'desc').orderBy('id').execute()
        : Promise.resolve([]),
    /** The pending and paid orders of one item, newest first: what ordering or paying it again must see. */
    liveOrdersOf: (kind: OrderRow['kind'], itemId: string, ex: Executor = db) =>
      ex
        .selectFrom('orders')
        .selectAll()
        .where('kind', '=', kind)
        .where('item_id', '=', itemId)
        .where('status', 'in', ['pending', 'paid'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),
  };
}

export function createOrderRepo(db: Db) {
  return {
    ...refundRows(db),
    ...notificationRows(db),
    ...itemRows(db),
    /** Runs `work` in one transaction: payment, its record and the item's fulfilment together. */
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work),
    /** false when the item already has a pending order (the unique index orders_one_pending). */
    insert: (row: OrderRow) => insertedUnlessTaken(() => db.insertInto('orders').values(row).execute()),
    findById: (id: string, ex: Executor = db) => ex.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Moves an order on only from the status it was read in; false when someone else moved it first. */
    async updateFrom(id: string, from: OrderRow['status'], changes: Partial<OrderRow>, ex: Executor = db) {
      const result = await ex.updateTable('orders').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markRefundDue(id: string, ex: Executor = db) {
      await ex.updateTable('orders').set({ refund_due: 1 }).where('id', '=', id).execute();
    },
    async clearRefundDue(id: string) {
      await db.updateTable('orders').set({ refund_due: 0 }).where('id', '=', id).execute();
    },
    /**
     * Per UTC hour since `since`: the orders made, and the orders paid with what they brought in
     * (their amount less what has been refunded of them since: net revenue, by the hour of payment).
     */
    async hourly(since: string) {
      const [created, paid] = await Promise.all([
        db
          .selectFrom('orders')
          .select([hourOf('created_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('created_at', '>=', since)
          .groupBy(hourOf('created_at'))
          .execute(),
        db
          .selectFrom('orders')
          .select([hourOf('paid_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(amount_fen - refunded_fen)`.as('sum')])
          .where('paid_at', '>=', since)
          .where('status', 'in', ['paid', 'refunded'])
          .groupBy(hourOf('paid_at'))
          .execute(),
      ]);
      return { created: hourRows(created), paid: hourRows(paid) };
    },
    /** One page of a user's orders, newest first, and how many there are in all. */
    async listByOwner(userId: string, offset: number, limit: number) {
      const base = db.selectFrom('orders').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
    /** One page of every order matching the back office's search, newest first, and how many match. */
    async search(filter: OrderSearch, offset: number, limit: number) {
      let base = db.selectFrom('orders');
      if (filter.orderId) base = base.where('id', '=', filter.orderId);
      if (filter.userIds) base = filter.userIds.length ? base.where('user_id', 'in', filter.userIds) : base.where(sql<boolean>`1 = 0`);
      if (filter.status) base = base.where('status', '=', filter.status);
      // as refundExtent (common/orderState.ts) tells them apart: only a refunded order had part or all back
      if (filter.refundExtent) {
        base = base.where('status', '=', 'refunded');
        base = filter.refundExtent === 'part' ? base.whereRef('refunded_fen', '<', 'amount_fen') : base.whereRef('refunded_fen', '>=', 'amount_fen');
      }
      if (filter.refundDue) base = base.where('refund_due', '=', 1);
      if (filter.createdFrom) base = base.where('created_at', '>=', filter.createdFrom);
      if (filter.createdTo) base = base.where('created_at', '<=', filter.createdTo);
      const { tradeNo } = filter;
      // the payment reference a student quotes: the one that paid the order, or any the gateway
      // notified for it (a payment that reached a closed order is only there)
      if (tradeNo) {
        base = base.where((eb) =>
          eb.or([
            eb('gateway_trade_no', '=', tradeNo),
            eb('id', 'in', eb.selectFrom('payment_notifications').select('order_id').where('trade_no', '=', tradeNo)),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
    overduePending: (now: string) => db.selectFrom('orders').select('id').where('status', '=', 'pending').where('expires_at', '<=', now).execute(),
  };
}
export type OrderRepo = ReturnType<typeof createOrderRepo>;

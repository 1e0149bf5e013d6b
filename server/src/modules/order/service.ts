/**
 * Orders: anything payable becomes an order whose amount the server computes; a verified payment
 * moves it to paid and fulfils its item exactly once, in the same transaction.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { AppError, checkQuoted, notFound, ownedBy } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { isOrderKind, type OrderKind } from '../../../../common/orderKind';
import type { PriceBreakdown } from '../../../../common/price';
import type { CloseReason } from '../../../../common/orderState';
import type { UserRow } from '../user';
import { pageWindow } from '../shared/paging';
import { createRefunds } from './refunds';
import type { OrderRepo, OrderRow, OrderSearch } from './repo';
import { isOverdue, nextStatus, type OrderEvent } from './stateMachine';

/** What a kind of item tells the order service: its price, and what paying for it does. */
export interface Payable {
  /** The title and server-computed price of an item the user may buy (with its breakdown when priced per thousand characters); throws AppError otherwise. */
  quote(itemId: string, user: UserRow): Promise<{ title: string; amountFen: number; price?: PriceBreakdown }>;
  /** Runs once, inside the transaction that marks the order paid. */
  fulfil(order: OrderRow, trx: Transaction<Database>): Promise<void>;
}

/** A payment as a gateway reports it, after its signature has been verified. */
export interface VerifiedPayment {
  gateway: string;
  tradeNo: string;
  orderId: string;
  amountFen: number;
  channel?: string;
}

export type PaymentOutcome = 'paid' | 'duplicate' | 'refund_due' | 'amount_mismatch' | 'unknown_order';

/** A pending order for an item at its quoted price, open for `ttlMs`. */
function newOrder(
  userId: string,
  kind: OrderKind,
  itemId: string,
  { title, amountFen, price }: { title: string; amountFen: number; price?: PriceBreakdown },
  ttlMs: number,
): OrderRow {
  const created = Date.now();
  return {
    id: newId(),
    user_id: userId,
    kind,
    item_id: itemId,
    title,
    amount_fen: amountFen,
    status: 'pending',
    close_reason: null,
    channel: null,
    gateway: null,
    gateway_trade_no: null,
    refund_due: 0,
    created_at: new Date(created).toISOString(),
    expires_at: new Date(created + ttlMs).toISOString(),
    paid_at: null,
    closed_at: null,
    refunded_at: null,
    refunded_fen: 0,
    price_chars: price?.chars ?? null,
    price_per_thousand_fen: price?.perThousandFen ?? null,
  };
}

/** A pending order past its expiry is closed the moment anyone looks at it (isOverdue). */
async function closeOverdue(repo: OrderRepo, order: OrderRow): Promise<OrderRow> {
  if (!isOverdue(order, nowIso())) return order;
  await transition(repo, order, 'expire');
  return (await repo.findById(order.id))!;
}

/** `reason`: why a closing (cancel) event closes it, when not its owner's cancel. */
async function transition(repo: OrderRepo, order: OrderRow, event: OrderEvent, { ex, reason }: { ex?: Transaction<Database>; reason?: CloseReason } = {}) {
  const to = nextStatus(order.status, event);
  const now = nowIso();
  const changes: Partial<OrderRow> = { status: to };
  if (event === 'cancel' || event === 'expire')
    Object.assign(changes, { closed_at: now, close_reason: reason ?? (event === 'cancel' ? 'cancelled' : 'expired') });
  if (event === 'refund') changes.refunded_at = now;
  return repo.updateFrom(order.id, order.status, changes, ex);
}

/**
 * Applies a verified payment exactly once: a repeated or concurrent notification of the same
 * gateway transaction changes nothing; a payment for a closed (or already paid) order, or for an
 * item another order has paid, is kept for refund; the amount must match to the fen. An item has
 * no other open order to close when one is paid: the database keeps one (0021_one_open_order).
 */
async function applyPayment(repo: OrderRepo, payables: Map<string, Payable>, payment: VerifiedPayment): Promise<PaymentOutcome> {
  const existing = await repo.findById(payment.orderId);
  if (!existing) return 'unknown_order';
  const order = await closeOverdue(repo, existing);
  return repo.transaction(async (trx) => {
    const current = (await repo.findById(order.id, trx))!;
    const paidElsewhere =
      current.status === 'pending' && (await repo.liveOrdersOf(current.kind, current.item_id, trx)).some((o) => o.id !== current.id && o.status === 'paid');
    let outcome: PaymentOutcome;
    if (payment.amountFen !== current.amount_fen) outcome = 'amount_mismatch';
    else if (current.status === 'pending' && !paidElsewhere) outcome = 'paid';
    else outcome = 'refund_due';
    const fresh = await repo.recordNotification(
      { gateway: payment.gateway, trade_no: payment.tradeNo, order_id: current.id, amount_fen: payment.amountFen, outcome, created_at: nowIso() },
      trx,
    );
    if (!fresh) return 'duplicate';
    if (outcome === 'paid') {
      const moved = await repo.updateFrom(
        current.id,
        'pending',
        {
          status: nextStatus('pending', 'pay'),
          paid_at: nowIso(),
          gateway: payment.gateway,
          gateway_trade_no: payment.tradeNo,
          channel: payment.channel ?? null,
        },
        trx,
      );
      if (!moved) throw new Error(`order ${current.id} changed during payment`);
      await payables.get(current.kind)?.fulfil({ ...current, status: 'paid' }, trx);
    } else if (outcome === 'refund_due') {
      if (paidElsewhere) await transition(repo, current, 'cancel', { ex: trx, reason: 'item_paid' });
      await repo.markRefundDue(current.id, trx);
    }
    return outcome;
  });
}

export function createOrderService(repo: OrderRepo, ttlMs: number) {
  const payables = new Map<OrderKind, Payable>();

  const closeIfOverdue = (order: OrderRow) => closeOverdue(repo, order);
  /** Any order (the back office), with expiry applied; 404 for none. */
  async function get(orderId: string) {
    const order = await repo.findById(orderId);
    if (!order) throw notFound('订单不存在');
    return closeIfOverdue(order);
  }

  /** An item's live orders as they stand now: an overdue one closed first, as any read of it does. */
  const liveNow = async (kind: OrderKind, itemId: string) => Promise.all((await repo.liveOrdersOf(kind, itemId)).map(closeIfOverdue));

  /** The item's open order, to answer again instead of a second one; refused once the item is paid. */
  async function openOrderOf(user: UserRow, kind: OrderKind, itemId: string) {
    const live = (await liveNow(kind, itemId)).filter((o) => o.user_id === user.id);
    if (live.some((o) => o.status === 'paid')) throw new AppError(409, 'ALREADY_PAID', '这项服务已经付款，无需再次支付');
    return live.find((o) => o.status === 'pending');
  }

  return {
    registerPayable: (kind: OrderKind, payable: Payable) => void payables.set(kind, payable),

    /** An order for the item at its current price; with `quotedFen`, only at the price the page showed. */
    async create(user: UserRow, kind: string, itemId: string, quotedFen?: number) {
      if (!isOrderKind(kind) || !payables.has(kind)) throw new AppError(422, 'UNKNOWN_KIND', '不支持的订单类型');
      const payable = payables.get(kind)!;
      const { title, amountFen, price } = await payable.quote(itemId, user);
      if (!Number.isInteger(amountFen) || amountFen <= 0) throw new AppError(422, 'BAD_PRICE', '这项服务暂时无法下单');
      // ordering again (付款并下载, back, again) answers the open order: one item, one payment
      const open = await openOrderOf(user, kind, itemId);
      if (open) return open;
      // only a new order is checked: an open one keeps the amount it was made at
      checkQuoted(quotedFen, amountFen);
      const order = newOrder(user.id, kind, itemId, { title, amountFen, price }, ttlMs);
      if (await repo.insert(order)) return order;
      // another request ordered the item in the meantime: its order, the one the index let in, is the answer
      const won = await openOrderOf(user, kind, itemId);
      if (won) return won;
      throw new AppError(409, 'ORDER_CHANGED', '订单状态已变化，请刷新后重试');
    },

    /** The user's own order (403 for someone else's, 404 for none), with expiry applied. */
    async getForOwner(user: UserRow, orderId: string) {
      return closeIfOverdue(ownedBy(await repo.findById(orderId), user.id, '订单'));
    },

    /** An order as stored, whoever owns it (the sandbox's payment page, reached by a signed link). */
    find: (orderId: string) => repo.findById(orderId),

    /** One page of the user's own orders, newest first, each with expiry applied. */
    async list(user: UserRow, page: { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(page);
      const { rows, total } = await repo.listByOwner(user.id, offset, limit);
      const list = await Promise.all(rows.map(closeIfOverdue));
      return { list, total, current: page.current, pageSize: page.pageSize };
    },

    /** The back office's search over every order, newest first, each with expiry applied. */
    async search(filter: OrderSearch, page: { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(page);
      const { rows, total } = await repo.search(filter, offset, limit);
      const list = await Promise.all(rows.map(closeIfOverdue));
      return { list, total, current: page.current, pageSize: page.pageSize };
    },

    /** The newest order of each item (a review, a typesetting) by its id; an item never ordered is not in it. */
    async latestOrderOf(itemIds: string[]) {
      const latest = new Map<string, string>();
      for (const row of await repo.ofItems([...new Set(itemIds)])) if (!latest.has(row.item_id)) latest.set(row.item_id, row.id);
      return latest;
    },

    get,

    /** What the gateways told us about an order, oldest first. */
    notificationsOf: (orderId: string) => repo.notificationsOf(orderId),

    /** The state of an order as a record pointing at it shows it (an overdue one is closed first). */
    async statusOf(orderId: string): Promise<OrderRow['status'] | null> {
      const order = await repo.findById(orderId);
      return order ? (await closeIfOverdue(order)).status : null;
    },

    async cancel(user: UserRow, orderId: string) {
      const order = await this.getForOwner(user, orderId);
      if (order.status !== 'pending') throw new AppError(409, 'ORDER_NOT_PENDING', order.status === 'paid' ? '订单已支付，不能取消' : '订单已关闭');
      if (!(await transition(repo, order, 'cancel'))) throw new AppError(409, 'ORDER_CHANGED', '订单状态已变化，请刷新后重试');
      return (await repo.findById(order.id))!;
    },

    /**
     * Closes the open orders of an item for `reason`: its record was deleted, or a changed paper
     * replaced its order with a new one. A paid order is left as it is.
     */
    async closeOpenOf(kind: OrderKind, itemId: string, reason: Extract<CloseReason, 'deleted' | 'replaced'>) {
      for (const order of await repo.liveOrdersOf(kind, itemId)) if (order.status === 'pending') await transition(repo, order, 'cancel', { reason });
    },

    /** Whether an item (a typesetting) has an order open now, waiting for its payment: made, and not yet paid, cancelled or past its time limit. */
    hasOpenOrder: async (kind: OrderKind, itemId: string) => (await liveNow(kind, itemId)).some((order) => order.status === 'pending'),

    /** A paid order whose item could not be delivered: its money is owed back (the refund is marked). */
    async owesRefund(orderId: string) {
      await repo.markRefundDue(orderId);
    },

    ...createRefunds(repo, get),

    /** Orders made and paid (with net revenue) per UTC hour since `since` (the back office's overview). */
    hourly: (since: string) => repo.hourly(since),

    /** Closes every pending order past its expiry (a periodic sweep; reads close lazily too). */
    async expireOverdue() {
      const overdue = await repo.overduePending(nowIso());
      for (const { id } of overdue) await closeIfOverdue((await repo.findById(id))!);
      return overdue.length;
    },

    applyPayment: (payment: VerifiedPayment) => applyPayment(repo, payables, payment),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Orders: anything payable becomes an order whose amount the server computes; a verified payment
 * moves it to paid and fulfils its item exactly once, in the same transaction.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { AppError, invalidField, notFound, ownedBy } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import type { PriceBreakdown } from '../../../../common/price';
import type { UserRow } from '../user';
import { pageWindow } from '../shared/paging';
import type { OrderRepo, OrderRow, OrderSearch, RefundRow } from './repo';
import { nextStatus, type OrderEvent } from './stateMachine';

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

export function createOrderService(repo: OrderRepo, ttlMs: number) {
  const payables = new Map<string, Payable>();

  /** A pending order past its expiry is closed the moment anyone looks at it. */
  async function closeIfOverdue(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'pending' || order.expires_at > nowIso()) return order;
    await transition(order, 'expire');
    return (await repo.findById(order.id))!;
  }

  async function transition(order: OrderRow, event: OrderEvent, ex?: Transaction<Database>) {
    const to = nextStatus(order.status, event);
    const now = nowIso();
    const changes: Partial<OrderRow> = { status: to };
    if (event === 'cancel' || event === 'expire') Object.assign(changes, { closed_at: now, close_reason: event === 'cancel' ? 'cancelled' : 'expired' });
    if (event === 'refund') changes.refunded_at = now;
    return repo.updateFrom(order.id, order.status, changes, ex);
  }

  return {
    registerPayable(kind: string, payable: Payable) {
      payables.set(kind, payable);
    },

    async create(user: UserRow, kind: string, itemId: string) {
      const payable = payables.get(kind);
      if (!payable) throw new AppError(422, 'UNKNOWN_KIND', '不支持的订单类型');
      const { title, amountFen, price } = await payable.quote(itemId, user);
      if (!Number.isInteger(amountFen) || amountFen <= 0) throw new AppError(422, 'BAD_PRICE', '这项服务暂时无法下单');
      const created = Date.now();
      const order: OrderRow = {
        id: newId(),
        user_id: user.id,
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
      await repo.insert(order);
      return order;
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

    /** Any order (the back office), with expiry applied; 404 for none. */
    async get(orderId: string) {
      const order = await repo.findById(orderId);
      if (!order) throw notFound('订单不存在');
      return closeIfOverdue(order);
    },

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
      if (!(await transition(order, 'cancel'))) throw new AppError(409, 'ORDER_CHANGED', '订单状态已变化，请刷新后重试');
      return (await repo.findById(order.id))!;
    },

    /** A paid order whose item could not be delivered: its money is owed back (the refund is marked). */
    async owesRefund(orderId: string) {
      await repo.markRefundDue(orderId);
    },

    /**
     * The item of a paid order runs again after it was given up (the back office's retry): the refund
     * its failure marked is withdrawn, unless a payment that came late or twice owes one as well.
     * Refused once money has gone back or is on its way: the student would have both.
     */
    async withdrawRefundDue(orderId: string) {
      const order = await this.get(orderId);
      if (order.refunded_fen > 0 || order.status === 'refunded' || (await repo.pendingRefundOf(orderId))) {
        throw new AppError(409, 'NOT_RETRYABLE', '订单已退款或正在退款，不能重试');
      }
      if (order.refund_due === 1 && !(await repo.latestPaymentDue(orderId))) await repo.clearRefundDue(orderId);
    },

    /** Orders made and paid (with net revenue) per UTC hour since `since` (the back office's overview). */
    hourly: (since: string) => repo.hourly(since),

    /**
     * The refund `request.requestNo` of an order, recorded as pending before the gateway is asked:
     * the same number again answers the refund already recorded (a replay refunds nothing twice).
     * A new number is refused while another refund of the order is pending, and for more than is
     * left to refund. The amount defaults to all that is left.
     */
    async beginRefund(orderId: string, request: { requestNo: string; amountFen?: number; reason: string; operatorId: string }) {
      const order = await this.get(orderId);
      const existing = await repo.findRefund(request.requestNo);
      if (existing) {
        if (existing.order_id !== orderId || (request.amountFen !== undefined && request.amountFen !== existing.amount_fen)) {
          throw new AppError(409, 'REFUND_CONFLICT', '这个退款单号已用于另一笔退款，请重新发起');
        }
        return { order, refund: existing };
      }
      // the money to give back: the payment of a paid order, or one that reached a closed order
      const late = order.status === 'closed' && order.refund_due === 1 ? await repo.latestPaymentDue(orderId) : undefined;
      if (order.status !== 'paid' && order.status !== 'refunded' && !late) throw new AppError(409, 'NOT_PAID', '订单未支付，无法退款');
      const left = order.amount_fen - order.refunded_fen;
      if (left <= 0) throw new AppError(409, 'ALREADY_REFUNDED', '订单已全额退款');
      const amountFen = request.amountFen ?? left;
      if (amountFen > left) throw invalidField('amountFen', `退款金额不能超过可退金额 ${(left / 100).toFixed(2)} 元`);
      const refund: RefundRow = {
        request_no: request.requestNo,
        order_id: orderId,
        amount_fen: amountFen,
        reason: request.reason.trim(),
        status: 'pending',
        operator_id: request.operatorId,
        gateway: late?.gateway ?? order.gateway ?? '',
        trade_no: late?.trade_no ?? order.gateway_trade_no,
        gateway_refund_no: null,
        failure: null,
        created_at: nowIso(),
        completed_at: null,
      };
      if (!(await repo.insertRefund(refund))) {
        // the same number at the same moment: that one; otherwise another refund is under way
        const raced = await repo.findRefund(request.requestNo);
        if (raced?.order_id === orderId) return { order, refund: raced };
        throw new AppError(409, 'REFUND_PENDING', '这笔订单还有一笔退款结果未知，请先用那笔的退款单号重试');
      }
      return { order, refund };
    },

    /**
     * The gateway refunded: the refund succeeds and the order is refunded (paid → refunded; a
     * closed order stays closed; the amount added to what it has had back), in one transaction
     * with `record` (its audit entry).
     * Only once: a refund no longer pending changes nothing (false).
     */
    async completeRefund(
      requestNo: string,
      gatewayRefundNo: string | null,
      record: (before: OrderRow, after: OrderRow, trx: Transaction<Database>) => Promise<void>,
    ) {
      return repo.transaction(async (trx) => {
        const refund = (await repo.findRefund(requestNo, trx))!;
        const now = nowIso();
        const moved = await repo.updateRefundFrom(requestNo, 'pending', { status: 'succeeded', gateway_refund_no: gatewayRefundNo, completed_at: now }, trx);
        if (!moved) return false;
        const before = (await repo.findById(refund.order_id, trx))!;
        const refundedFen = before.refunded_fen + refund.amount_fen;
        const changes: Partial<OrderRow> = {
          // a second partial refund leaves a refunded order refunded
          status: before.status === 'paid' ? nextStatus('paid', 'refund') : before.status,
          refunded_fen: refundedFen,
          refunded_at: now,
        };
        // money owed back is settled once all of it is back
        if (refundedFen >= before.amount_fen) changes.refund_due = 0;
        if (!(await repo.updateFrom(before.id, before.status, changes, trx))) throw new Error(`order ${before.id} changed during its refund`);
        await record(before, { ...before, ...changes }, trx);
        return true;
      });
    },

    /** The gateway said no: the refund is refused with its reason, and the order keeps its money. */
    async refuseRefund(requestNo: string, failure: string) {
      await repo.updateRefundFrom(requestNo, 'pending', { status: 'refused', failure: failure.slice(0, 200), completed_at: nowIso() });
    },

    refundsOf: (orderId: string) => repo.refundsOf(orderId),

    /** Closes every pending order past its expiry (a periodic sweep; reads close lazily too). */
    async expireOverdue() {
      const overdue = await repo.overduePending(nowIso());
      for (const { id } of overdue) await closeIfOverdue((await repo.findById(id))!);
      return overdue.length;
    },

    /**
     * Applies a verified payment exactly once: a repeated or concurrent notification of the same
     * gateway transaction changes nothing; a payment for a closed (or already paid) order is kept
     * for refund; the amount must match to the fen.
     */
    async applyPayment(payment: VerifiedPayment): Promise<PaymentOutcome> {
      const existing = await repo.findById(payment.orderId);
      if (!existing) return 'unknown_order';
      const order = await closeIfOverdue(existing);
      return repo.transaction(async (trx) => {
        const current = (await repo.findById(order.id, trx))!;
        let outcome: PaymentOutcome;
        if (payment.amountFen !== current.amount_fen) outcome = 'amount_mismatch';
        else if (current.status === 'pending') outcome = 'paid';
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
            { status: nextStatus('pending', 'pay'), paid_at: nowIso(), gateway: payment.gateway, gateway_trade_no: payment.tradeNo, channel: payment.channel ?? null },
            trx,
          );
          if (!moved) throw new Error(`order ${current.id} changed during payment`);
          await payables.get(current.kind)?.fulfil({ ...current, status: 'paid' }, trx);
        } else if (outcome === 'refund_due') {
          await repo.markRefundDue(current.id, trx);
        }
        return outcome;
      });
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;

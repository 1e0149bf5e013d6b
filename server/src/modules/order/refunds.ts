/**
 * Refunds of an order: recorded as pending before the gateway is asked, then completed or refused
 * by what the gateway answers (admin's refund drives them).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { AppError, invalidField } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { OrderRepo, OrderRow, RefundRow } from './repo';
import { nextStatus } from './stateMachine';

/**
 * A payment of an order that may be given back, from its own transaction: `order`, the payment
 * that bought the service; `due`, one kept for refund (it reached the order after it closed, or
 * paid it twice).
 */
export interface Refundable {
  payment: 'order' | 'due';
  gateway: string;
  tradeNo: string | null;
  amountFen: number;
  refundedFen: number;
}

const leftOf = (payment: Refundable) => payment.amountFen - payment.refundedFen;

/** What of an order may be given back: its own payment once paid, then each payment kept for refund. */
async function refundablesOf(repo: OrderRepo, order: OrderRow): Promise<Refundable[]> {
  const own: Refundable[] =
    order.status === 'paid' || order.status === 'refunded'
      ? [{ payment: 'order', gateway: order.gateway ?? '', tradeNo: order.gateway_trade_no, amountFen: order.amount_fen, refundedFen: order.refunded_fen }]
      : [];
  const due = (await repo.paymentsDue(order.id)).map((row): Refundable => ({
    payment: 'due',
    gateway: row.gateway,
    tradeNo: row.trade_no,
    amountFen: row.amount_fen,
    refundedFen: row.refunded_fen,
  }));
  return [...own, ...due];
}

/**
 * The payment a refund gives back: the one named by its trade number; otherwise the order's own,
 * or for a closed order (which has none) its first payment kept for refund with money left.
 */
function chosenPayment(refundables: Refundable[], tradeNo: string | undefined) {
  if (tradeNo) {
    const named = refundables.find((payment) => payment.tradeNo === tradeNo);
    if (!named) throw invalidField('tradeNo', '这笔交易不是这张订单可退的付款');
    return named;
  }
  const payment = refundables.find((p) => p.payment === 'order') ?? refundables.find((p) => leftOf(p) > 0) ?? refundables[0];
  if (!payment) throw new AppError(409, 'NOT_PAID', '订单未支付，无法退款');
  return payment;
}

/** `get`: the order as the back office sees it (404 for none, expiry applied). */
export function createRefunds(repo: OrderRepo, get: (orderId: string) => Promise<OrderRow>) {
  return {
    /**
     * The item of a paid order runs again after it was given up (the back office's retry): the refund
     * its failure marked is withdrawn, unless a payment that came late or twice owes one as well.
     * Refused once money has gone back or is on its way: the student would have both.
     */
    async withdrawRefundDue(orderId: string) {
      const order = await get(orderId);
      if (order.refunded_fen > 0 || order.status === 'refunded' || (await repo.pendingRefundOf(orderId))) {
        throw new AppError(409, 'NOT_RETRYABLE', '订单已退款或正在退款，不能重试');
      }
      const owed = (await repo.paymentsDue(orderId)).some((payment) => payment.amount_fen > payment.refunded_fen);
      if (order.refund_due === 1 && !owed) await repo.clearRefundDue(orderId);
    },

    /**
     * The refund `request.requestNo` of an order, recorded as pending before the gateway is asked:
     * the same number again answers the refund already recorded (a replay refunds nothing twice).
     * A new number is refused while another refund of the order is pending, and for more than is
     * left of the payment it gives back (chosenPayment). The amount defaults to all that is left.
     */
    async beginRefund(orderId: string, request: { requestNo: string; tradeNo?: string; amountFen?: number; reason: string; operatorId: string }) {
      const order = await get(orderId);
      const existing = await repo.findRefund(request.requestNo);
      if (existing) {
        const changed =
          (request.amountFen !== undefined && request.amountFen !== existing.amount_fen) ||
          (request.tradeNo !== undefined && request.tradeNo !== existing.trade_no);
        if (existing.order_id !== orderId || changed) throw new AppError(409, 'REFUND_CONFLICT', '这个退款单号已用于另一笔退款，请重新发起');
        return { order, refund: existing };
      }
      const payment = chosenPayment(await refundablesOf(repo, order), request.tradeNo);
      const left = leftOf(payment);
      if (left <= 0) throw new AppError(409, 'ALREADY_REFUNDED', payment.payment === 'order' ? '订单已全额退款' : '这笔付款已全额退款');
      const amountFen = request.amountFen ?? left;
      if (amountFen > left) throw invalidField('amountFen', `退款金额不能超过可退金额 ${(left / 100).toFixed(2)} 元`);
      const refund: RefundRow = {
        request_no: request.requestNo,
        order_id: orderId,
        amount_fen: amountFen,
        reason: request.reason.trim(),
        status: 'pending',
        operator_id: request.operatorId,
        gateway: payment.gateway,
        trade_no: payment.tradeNo,
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
     * The gateway refunded: the refund succeeds, in one transaction with `record` (its audit
     * entry). A refund of the order's own payment refunds the order (paid → refunded, the amount
     * added to what it has had back); one of a payment kept for refund leaves a paid order as it
     * is (its service stands), and adds to what a closed order, which has no payment of its own,
     * has had back. The refund mark clears once no money owed is left: no payment kept for refund
     * with money left, nor, after a refund of its own payment, any of that.
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
        const own = refund.trade_no !== null && refund.trade_no === before.gateway_trade_no;
        const changes: Partial<OrderRow> = {};
        if (own || before.status === 'closed') Object.assign(changes, { refunded_fen: before.refunded_fen + refund.amount_fen, refunded_at: now });
        // a second partial refund leaves a refunded order refunded
        if (own && before.status === 'paid') changes.status = nextStatus('paid', 'refund');
        const after = { ...before, ...changes };
        const dueLeft = (await repo.paymentsDue(before.id, trx)).some((payment) => payment.amount_fen > payment.refunded_fen);
        const ownBack = !own || after.refunded_fen >= after.amount_fen;
        changes.refund_due = !dueLeft && ownBack ? 0 : before.refund_due;
        if (!(await repo.updateFrom(before.id, before.status, changes, trx))) throw new Error(`order ${before.id} changed during its refund`);
        await record(before, { ...after, refund_due: changes.refund_due }, trx);
        return true;
      });
    },

    /** The gateway said no: the refund is refused with its reason, and the order keeps its money. */
    async refuseRefund(requestNo: string, failure: string) {
      await repo.updateRefundFrom(requestNo, 'pending', { status: 'refused', failure: failure.slice(0, 200), completed_at: nowIso() });
    },

    refundsOf: (orderId: string) => repo.refundsOf(orderId),

    /** What of an order may be given back, payment by payment (the refund dialog offers these). */
    refundablesOf: (order: OrderRow) => refundablesOf(repo, order),
  };
}

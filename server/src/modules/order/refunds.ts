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
      if (order.refund_due === 1 && !(await repo.latestPaymentDue(orderId))) await repo.clearRefundDue(orderId);
    },

    /**
     * The refund `request.requestNo` of an order, recorded as pending before the gateway is asked:
     * the same number again answers the refund already recorded (a replay refunds nothing twice).
     * A new number is refused while another refund of the order is pending, and for more than is
     * left to refund. The amount defaults to all that is left.
     */
    async beginRefund(orderId: string, request: { requestNo: string; amountFen?: number; reason: string; operatorId: string }) {
      const order = await get(orderId);
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
  };
}

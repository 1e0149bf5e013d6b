/**
 * One name per state of an order, everywhere: the pages, the mock and the server's messages. A
 * closed order is 已关闭 whatever closed it; the reason is told beside it.
 */
export const ORDER_STATE_NAMES = { pending: '待支付', paid: '已支付', closed: '已关闭', refunded: '已退款' } as const;

/**
 * Why a closed order closed: its owner cancelled it; it expired unpaid; its record (the paper, the
 * typesetting) was deleted; a changed paper replaced it with a new order; or its item was paid
 * through another order. Stored as is (at most 12 characters: the column's width).
 */
export const CLOSE_REASONS = ['cancelled', 'expired', 'deleted', 'replaced', 'item_paid'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

const CLOSE_REASON_TEXTS: Record<CloseReason, string> = {
  cancelled: '已取消这笔订单',
  expired: '超过支付时限未付款',
  deleted: '记录已删除，订单随之关闭',
  replaced: '内容修改后已换成新订单',
  item_paid: '已通过另一笔订单付款',
};

/** Why a closed order closed, in words: told beside its state, never instead of it. */
export const closeReasonText = (reason: CloseReason | null) => CLOSE_REASON_TEXTS[reason ?? 'cancelled'];

/** How much of a refunded order came back, as the back office searches for it: part of it (部分退款) or all of it (已退款). */
export const REFUND_EXTENTS = ['part', 'full'] as const;
export type RefundExtent = (typeof REFUND_EXTENTS)[number];

/**
 * How much of an order came back: none; part (what was bought stays paid for, and the order reads
 * 部分退款 with the amount beside it); or all of it (what was bought is no longer paid for).
 * A closed order never is: money that reached it late went back apart from anything bought.
 */
export function refundExtent(order: { status: keyof typeof ORDER_STATE_NAMES; amountFen: number; refundedFen: number }): 'none' | RefundExtent {
  if (order.status !== 'refunded') return 'none';
  return order.refundedFen < order.amountFen ? 'part' : 'full';
}

/**
 * What the owner is told of a payment kept for refund (`refundDue`): one that reached the order
 * after it closed (a gateway's page left open), or paid it a second time (both channels).
 */
export function refundDueText(order: { status: keyof typeof ORDER_STATE_NAMES; refundDue: boolean }): string | undefined {
  if (!order.refundDue) return undefined;
  return order.status === 'closed' ? '订单关闭后仍收到一笔付款，这笔钱将原路退回' : '收到重复付款，多付的钱将原路退回';
}

/** A partial refund's name: the order stays refunded in its data, but must not read as given back whole. */
export const PARTLY_REFUNDED = '部分退款';

/** An order's state as every page shows it: its state's name, or 部分退款 where only part came back. */
export function orderStateText(order: Parameters<typeof refundExtent>[0]): string {
  return refundExtent(order) === 'part' ? PARTLY_REFUNDED : ORDER_STATE_NAMES[order.status];
}

/**
 * What a gateway's payment notice did to its order, by the names the back office shows: it paid the
 * order; it came after the order closed (or paid it twice) and is kept for refund; or its amount
 * was not the order's, and nothing was credited. An outcome not named here shows as stored.
 */
export const PAYMENT_OUTCOME_NAMES: Record<string, string> = {
  paid: ORDER_STATE_NAMES.paid,
  refund_due: '待退款（订单已关闭或重复支付）',
  amount_mismatch: '金额不符，未入账',
};
export const paymentOutcomeText = (outcome: string) => PAYMENT_OUTCOME_NAMES[outcome] ?? outcome;

/**
 * An order's state in words, the same for a student's 订单记录, the back office and the mock.
 * A refunded order (fully or partly) is 已退款; a partial refund says how much came back.
 */
export const ORDER_STATUS_NAMES = {
  pending: '待支付',
  paid: '已支付',
  refunded: '已退款',
  closed: '已关闭',
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS_NAMES;

/** Why a closed order closed, in words. */
export const CLOSE_REASON_NAMES = { expired: '已过期', cancelled: '已取消' } as const;

/** The word for an order's state: a closed one says why it closed. */
export function orderStatusName(order: { status: OrderStatusName; closeReason: keyof typeof CLOSE_REASON_NAMES | null }) {
  if (order.status === 'closed') return CLOSE_REASON_NAMES[order.closeReason ?? 'cancelled'];
  return ORDER_STATUS_NAMES[order.status];
}

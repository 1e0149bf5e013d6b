/**
 * One name per state of an order, everywhere: the pages, the mock and the server's messages. A
 * closed order is 已关闭 whether its owner cancelled it or it expired; the reason is told beside it.
 */
export const ORDER_STATE_NAMES = { pending: '待支付', paid: '已支付', closed: '已关闭', refunded: '已退款' } as const;

/** Why a closed order closed, in words: told beside its state, never instead of it. */
export const closeReasonText = (reason: 'cancelled' | 'expired' | null) => (reason === 'expired' ? '超过支付时限未付款' : '已取消这笔订单');

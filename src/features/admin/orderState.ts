import { ORDER_STATE_NAMES, PARTLY_REFUNDED, type RefundExtent } from '../../../common/orderState';
import type { AdminOrder, AdminOrderQuery } from './api';

/** The order states for ProTable's select and cells, in the names the students read. */
export const orderStateEnum = Object.fromEntries(Object.entries(ORDER_STATE_NAMES).map(([state, text]) => [state, { text }]));

/** The 状态 filter's choice for an order refunded in part: not a state of its own in the data (refundExtent, common/orderState.ts). */
export const PARTLY_REFUNDED_CHOICE = 'partly_refunded';

/**
 * The 状态 filter's choices, in the names the rows read: every state, 已退款 for an order given back
 * in full, and 部分退款 for one given back in part.
 */
export const orderStateFilterEnum = { ...orderStateEnum, [PARTLY_REFUNDED_CHOICE]: { text: PARTLY_REFUNDED } };

/** The search a 状态 choice asks the API for: a refunded order found by how much of it came back, as its row names it. */
export function stateFilterQuery(choice: string): AdminOrderQuery {
  const refunded = (refundExtent: RefundExtent): AdminOrderQuery => ({ status: 'refunded', refundExtent });
  if (choice === PARTLY_REFUNDED_CHOICE) return refunded('part');
  if (choice === 'refunded') return refunded('full');
  return { status: choice as AdminOrderQuery['status'] };
}

/** Money can go back: a paid order, one refunded in part, or a payment that reached a closed order. */
export const canRefund = (order: AdminOrder) =>
  order.refundDue || ((order.status === 'paid' || order.status === 'refunded') && order.refundedFen < order.amountFen);

import { ORDER_STATE_NAMES } from '../../../common/orderState';
import type { AdminOrder } from './api';

/** The order states for ProTable's select and cells, in the names the students read. */
export const orderStateEnum = Object.fromEntries(Object.entries(ORDER_STATE_NAMES).map(([state, text]) => [state, { text }]));

/** Money can go back: a paid order, one refunded in part, or a payment that reached a closed order. */
export const canRefund = (order: AdminOrder) =>
  order.refundDue || ((order.status === 'paid' || order.status === 'refunded') && order.refundedFen < order.amountFen);

/**
 * The order state machine: pending → paid, pending → closed (cancelled or expired),
 * paid → refunded. Pure: the service applies a transition inside one database transaction.
 */
export type OrderStatus = 'pending' | 'paid' | 'closed' | 'refunded';
export type OrderEvent = 'pay' | 'cancel' | 'expire' | 'refund';

const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  pending: { pay: 'paid', cancel: 'closed', expire: 'closed' },
  paid: { refund: 'refunded' },
  closed: {},
  refunded: {},
};

export class TransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly event: OrderEvent,
  ) {
    super(`an order that is ${from} cannot ${event}`);
  }
}

/** The status after `event`, or a TransitionError when the event is not allowed from `from`. */
export function nextStatus(from: OrderStatus, event: OrderEvent): OrderStatus {
  const to = TRANSITIONS[from][event];
  if (!to) throw new TransitionError(from, event);
  return to;
}

export const canTransition = (from: OrderStatus, event: OrderEvent) => Boolean(TRANSITIONS[from][event]);
export const ORDER_STATUSES = Object.keys(TRANSITIONS) as OrderStatus[];
export const ORDER_EVENTS: OrderEvent[] = ['pay', 'cancel', 'expire', 'refund'];

/** A pending order past its time to pay: closed the moment anyone looks at it, and no gateway takes money for it. */
export const isOverdue = (order: { status: OrderStatus; expires_at: string }, now: string) => order.status === 'pending' && order.expires_at <= now;

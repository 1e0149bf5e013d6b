import {
  canTransition,
  nextStatus,
  ORDER_EVENTS,
  ORDER_STATUSES,
  TransitionError,
  type OrderEvent,
  type OrderStatus,
} from '../../server/src/modules/order/stateMachine';

const allowed: Array<[OrderStatus, OrderEvent, OrderStatus]> = [
  ['pending', 'pay', 'paid'],
  ['pending', 'cancel', 'closed'],
  ['pending', 'expire', 'closed'],
  ['paid', 'refund', 'refunded'],
];

test.each(allowed)('%s --%s--> %s', (from, event, to) => {
  expect(nextStatus(from, event)).toBe(to);
  expect(canTransition(from, event)).toBe(true);
});

const forbidden = ORDER_STATUSES.flatMap((from) => ORDER_EVENTS.map((event) => [from, event] as const)).filter(
  ([from, event]) => !allowed.some(([f, e]) => f === from && e === event),
);

test('every other pair is forbidden (12 of 16)', () => {
  expect(forbidden).toHaveLength(12);
});

test.each(forbidden)('%s cannot %s', (from, event) => {
  expect(canTransition(from, event)).toBe(false);
  expect(() => nextStatus(from, event)).toThrow(TransitionError);
});

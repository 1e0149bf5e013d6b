import type { Order } from '@/features/order/api';

/** Where a paid order's item lives, and where to order it again. */
const ONWARD: Record<string, { done: (o: Order) => [string, string]; again: (o: Order) => string }> = {
  check: { done: () => ['/personal/review/list', '查看查重进度'], again: (o) => `/review/info/${o.itemId}` },
  typeset: { done: (o) => [`/typeset/preview/${o.itemId}`, '查看排版结果'], again: (o) => `/typeset/preview/${o.itemId}` },
};

export const onwardAfterPayment = (order: Order): [string, string] => ONWARD[order.kind]?.done(order) ?? ['/personal', '返回个人中心'];
export const orderAgainLink = (order: Order): string => ONWARD[order.kind]?.again(order) ?? '/';

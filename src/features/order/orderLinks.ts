import { paths } from '@/utils/paths';
import type { OrderKind } from '../../../common/orderKind';
import type { Order } from './api';

/**
 * What a kind of order buys: its name, the record a student deletes, where the item lives, where
 * to go once paid, back to once refunded in full, to order again, and once the record is deleted.
 */
interface Kind {
  name: string;
  record: string;
  item: (o: Order) => [string, string];
  done: (o: Order) => [string, string];
  records: [string, string];
  again: (o: Order) => string;
  gone: (o: Order) => [string, string];
}

const review: Kind = {
  name: '论文查重',
  record: '论文',
  item: (o) => [paths.reviewInfo(o.itemId), '查看查重'],
  done: (o) => [paths.reviewInfo(o.itemId), '查看查重进度'],
  records: [paths.reviewList, '返回查重记录'],
  again: (o) => paths.reviewInfo(o.itemId),
  // the check stays when its paper is deleted: a paper uploaded again is checked from it
  gone: (o) => [paths.reviewInfo(o.itemId), '重新下单'],
};
const typeset: Kind = {
  name: '论文排版',
  record: '排版记录',
  item: (o) => [paths.typesetPreview(o.itemId), '查看排版'],
  done: (o) => [paths.typesetPreview(o.itemId), '查看排版结果'],
  records: [paths.typesetList, '返回排版记录'],
  again: (o) => paths.typesetPreview(o.itemId),
  // a deleted typesetting has no page left: start a new one
  gone: () => [paths.templateList, '重新排版'],
};
const KINDS: Record<OrderKind, Kind> = { review, typeset };

export const kindName = (order: Order) => KINDS[order.kind]?.name ?? order.kind;
/** Where the bought item is, and the words of the link; undefined for a kind the app does not know. */
export const itemLink = (order: Order): [string, string] | undefined => KINDS[order.kind]?.item(order);
export const onwardAfterPayment = (order: Order): [string, string] => KINDS[order.kind]?.done(order) ?? [paths.personal, '返回个人中心'];
/** The way back from an order refunded in full: to the list of its records, not on to a service no longer paid for. */
export const wayBackAfterRefund = (order: Order): [string, string] => KINDS[order.kind]?.records ?? [paths.orderList, '返回订单记录'];
export const orderAgainLink = (order: Order): string => KINDS[order.kind]?.again(order) ?? paths.home;
/** What a deleted item of the order was called (论文, 排版记录). */
export const recordName = (order: Order) => KINDS[order.kind]?.record ?? '记录';
/** The way on from a closed order: to what was bought (paid through another order), or ordering again. */
export function closedAction(order: Order): [string, string] {
  if (order.closeReason === 'item_paid') return onwardAfterPayment(order);
  if (order.closeReason === 'deleted') return KINDS[order.kind]?.gone(order) ?? [paths.home, '返回首页'];
  return [orderAgainLink(order), '重新下单'];
}

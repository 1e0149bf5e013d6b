import { paths } from '@/utils/paths';
import type { OrderKind } from '../../../common/orderKind';
import type { Order } from './api';

/** What a kind of order buys: its name, where the item lives, where to go once paid and to order again. */
interface Kind {
  name: string;
  item: (o: Order) => [string, string];
  done: (o: Order) => [string, string];
  again: (o: Order) => string;
}

const review: Kind = {
  name: '论文查重',
  item: (o) => [paths.reviewInfo(o.itemId), '查看查重'],
  done: () => [paths.reviewList, '查看查重进度'],
  again: (o) => paths.reviewInfo(o.itemId),
};
const typeset: Kind = {
  name: '论文排版',
  item: (o) => [paths.typesetPreview(o.itemId), '查看排版'],
  done: (o) => [paths.typesetPreview(o.itemId), '查看排版结果'],
  again: (o) => paths.typesetPreview(o.itemId),
};
const KINDS: Record<OrderKind, Kind> = { review, typeset };

export const kindName = (order: Order) => KINDS[order.kind]?.name ?? order.kind;
/** Where the bought item is, and the words of the link; undefined for a kind the app does not know. */
export const itemLink = (order: Order): [string, string] | undefined => KINDS[order.kind]?.item(order);
export const onwardAfterPayment = (order: Order): [string, string] => KINDS[order.kind]?.done(order) ?? [paths.personal, '返回个人中心'];
export const orderAgainLink = (order: Order): string => KINDS[order.kind]?.again(order) ?? paths.home;

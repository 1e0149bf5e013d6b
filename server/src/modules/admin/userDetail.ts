/**
 * One account in the back office (用户 → 详情): the account, and its latest orders, checks and
 * typesetting jobs with their states, each read through its own module's service.
 */
import type { OrderService } from '../order';
import type { ReviewService } from '../review';
import type { TypesetService } from '../typeset';
import type { UserService } from '../user';
import { toAdminOrder, toAdminUser } from './service';

/** How many of each the detail shows: the latest; the totals say how many there are. */
export const USER_DETAIL_ROWS = 20;

export function createAdminUserDetail(deps: {
  users: Pick<UserService, 'get'>;
  orders: Pick<OrderService, 'search'>;
  reviews: Pick<ReviewService, 'list'>;
  typesets: Pick<TypesetService, 'list'>;
}) {
  const { users, orders, reviews, typesets } = deps;
  return async function userDetail(userId: string) {
    const account = await users.get(userId);
    const page = { current: 1, pageSize: USER_DETAIL_ROWS };
    const [orderPage, reviewPage, typesetPage] = await Promise.all([
      orders.search({ userIds: [account.id] }, page),
      reviews.list(account, page),
      typesets.list(account, page),
    ]);
    return {
      user: toAdminUser(account),
      orders: { ...orderPage, list: orderPage.list.map((row) => toAdminOrder(row, account.email)) },
      reviews: reviewPage,
      typesets: typesetPage,
    };
  };
}
export type AdminUserDetail = ReturnType<typeof createAdminUserDetail>;

import { Type } from '@sinclair/typebox';
import { Review } from '../review';
import { Page, Ok } from '../shared/schemas';
import { Typeset } from '../typeset';
import { AdminOrder, AdminUser } from './schemas';

/** An account with its latest orders, checks and typesetting jobs (USER_DETAIL_ROWS of each, and how many in all). */
export const AdminUserDetail = Type.Object(
  { user: AdminUser, orders: Page(AdminOrder), reviews: Page(Review), typesets: Page(Typeset) },
  { additionalProperties: false },
);
export const AdminUserDetailReply = Ok(AdminUserDetail);

import { STAFF_ROLES } from '../common/roles';
import type { InitialState } from './app';

/**
 * What the signed-in state allows, for Umi's access plugin: the routes under /admin name one of
 * these keys (`access:` in config/routes.ts), AdminLayout refuses a route whose key is false, and
 * the user menu offers 运营后台 only to staff. The server checks the role again on every call.
 */
export default function access(initialState: InitialState | undefined) {
  const role = initialState?.currentUser?.role;
  return {
    isUser: Boolean(initialState?.currentUser),
    /** operators and admins: orders, accounts, articles */
    canOperate: Boolean(role && STAFF_ROLES.includes(role)),
    /** admins only: the audit log */
    canAdmin: role === 'admin',
  };
}

export type Access = ReturnType<typeof access>;

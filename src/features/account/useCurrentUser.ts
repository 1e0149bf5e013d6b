import type { CurrentUser } from '@/features/account/api';
import { useModel } from 'umi';

/**
 * The signed-in user and whether the initial state is still loading, read straight from the
 * initial state where the `user` model keeps them. A page mounted in the same render as a login
 * sees the user at once; the `user` model's copy arrives one update later, which is fine for
 * display but not for a page's first render or the login gate.
 */
export function useCurrentUser(): { currentUser: CurrentUser | undefined; checking: boolean } {
  const { initialState, loading } = useModel('@@initialState');
  return { currentUser: initialState?.currentUser, checking: loading || initialState === undefined };
}

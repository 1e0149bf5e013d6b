import type { CurrentUser } from '@/features/account/api';
import { useModel } from 'umi';

/**
 * The signed-in user and whether the initial state is still loading, read straight from the
 * initial state where the `user` model keeps them. A page mounted in the same render as a login
 * sees the user at once; the `user` model's copy arrives one update later, which is fine for
 * display but not for a page's first render or the login gate. `loadFailed`: the user could not be
 * loaded (a fault, not a 401), and `retry` loads them again.
 */
export function useCurrentUser(): { currentUser: CurrentUser | undefined; checking: boolean; loadFailed: boolean; retry: () => void } {
  const { initialState, loading, refresh } = useModel('@@initialState');
  return {
    currentUser: initialState?.currentUser,
    checking: loading || initialState === undefined,
    // a fault, not a visitor: the user may well be signed in
    loadFailed: Boolean(initialState?.loadFailed),
    retry: () => void refresh(),
  };
}

import { getCurrentUser, type CurrentUser } from '@/features/account/api';
import { isNotLoggedIn } from '@/utils/errorHandler';
import { noteSignedIn } from '@/utils/sessionEnd';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useModel } from 'umi';

/** docs/spec.md §4: the fetched `result` becomes currentUser; an empty result becomes undefined. */
export function currentUserFrom(response: { result?: CurrentUser | null } | undefined): CurrentUser | undefined {
  const result = response?.result;
  if (!result || (typeof result === 'object' && Object.keys(result).length === 0)) return undefined;
  return result;
}

/**
 * The `user` model (docs/spec.md §3–4). currentUser lives in the initial state, which getInitialState
 * fills before the first page renders; this model is how it is changed (fetched again after a login
 * or an edit, cleared at logout). Pages and layouts read it with `useCurrentUser`, which sees a change
 * in the same render.
 */
export interface UserModel {
  currentUser: CurrentUser | undefined;
  fetchCurrent: () => Promise<CurrentUser | undefined>;
  clear: () => void;
}

export default function useUserModel(): UserModel {
  const { initialState, setInitialState } = useModel('@@initialState');
  const currentUser: CurrentUser | undefined = initialState?.currentUser;

  const fetchCurrent = useCallback(async () => {
    let user: CurrentUser | undefined;
    try {
      user = currentUserFrom(await getCurrentUser());
    } catch (error) {
      // a fault (not a 401) with no user known yet (just logged in): not a visitor, so a guarded
      // page offers a retry rather than the login page; a user already shown stays as they are
      if (!isNotLoggedIn(error)) {
        flushSync(() => {
          setInitialState((state) => (state?.currentUser ? state : { ...state, loadFailed: true }));
        });
      }
      throw error;
    }
    noteSignedIn(user?.email);
    // committed at once, so that a navigation right after (login → redirect) sees the user
    flushSync(() => {
      setInitialState((state) => ({ ...state, currentUser: user, loadFailed: false }));
    });
    return user;
  }, [setInitialState]);

  const clear = useCallback(() => {
    noteSignedIn(undefined);
    flushSync(() => {
      setInitialState((state) => ({ ...state, currentUser: undefined }));
    });
  }, [setInitialState]);

  return { currentUser, fetchCurrent, clear };
}

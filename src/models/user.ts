import { getCurrentUser, type CurrentUser } from '@/services/user';
import { useCallback } from 'react';
import { useModel } from 'umi';

/** SPEC §4: the fetched `result` becomes currentUser; an empty result becomes undefined. */
export function currentUserFrom(response: { result?: CurrentUser | null } | undefined): CurrentUser | undefined {
  const result = response?.result;
  if (!result || (typeof result === 'object' && Object.keys(result).length === 0)) return undefined;
  return result;
}

/**
 * The `user` model (SPEC §3–4). currentUser lives in the initial state, which getInitialState
 * fills before the first page renders; this model is the one way pages read and change it.
 */
export default function useUserModel() {
  const { initialState, loading, setInitialState } = useModel('@@initialState');
  const currentUser = initialState?.currentUser;
  /** True until getInitialState has answered; read it with currentUser, from the same snapshot. */
  const checking = loading || initialState === undefined;

  const fetchCurrent = useCallback(async () => {
    const user = currentUserFrom(await getCurrentUser());
    await setInitialState((state) => ({ ...state, currentUser: user }));
    return user;
  }, [setInitialState]);

  const clear = useCallback(
    () => setInitialState((state) => ({ ...state, currentUser: undefined })),
    [setInitialState],
  );

  return { currentUser, checking, fetchCurrent, clear };
}

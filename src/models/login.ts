import { login as loginCall, logout as logoutCall, type LoginResponse } from '@/features/account/api';
import { history, useModel } from 'umi';
import { navigation } from '@/utils/navigation';
import { logoutDestination, resolveLoginRedirect } from '@/utils/redirect';
import { useCallback, useState } from 'react';
import type { UserModel } from './user';

export type LoginStatus = 'ok' | 'error';

export interface LoginState {
  status?: LoginStatus;
  message?: string;
}

/** docs/spec.md §4: ok when the answer's success is true, error otherwise; the message is kept. */
export function loginStateFrom(response: LoginResponse): LoginState {
  return { status: response.success === true ? 'ok' : 'error', message: response.message };
}

/**
 * The `login` model (docs/spec.md §3–4): the status of the last login attempt, login and logout.
 */
export interface LoginModel extends LoginState {
  login: (form: object) => Promise<LoginState>;
  /** Forgets the last attempt (the login page leaving). */
  reset: () => void;
  logout: () => Promise<void>;
}

export default function useLoginModel(): LoginModel {
  const [state, setState] = useState<LoginState>({});
  const { fetchCurrent, clear }: UserModel = useModel('user');

  const login = useCallback(
    async (form: object) => {
      const response = await loginCall(form);
      const next = loginStateFrom(response);
      setState(next);
      if (next.status === 'ok') {
        // the user goes on whatever this answers (docs/spec.md §4): a failure has been handled, and the
        // user model notes that the signed-in user could not be loaded
        await fetchCurrent().catch(() => undefined);
        history.replace(resolveLoginRedirect(navigation.currentHref()));
      }
      return next;
    },
    [fetchCurrent],
  );

  const logout = useCallback(async () => {
    // the address the user left from, whatever the call answers (a 403 or 404 moves the page first)
    const from = navigation.currentHref();
    // a failed call has been handled by the request layer; the user is logged out here all the same
    await logoutCall().catch(() => undefined);
    await clear();
    setState({});
    const destination = logoutDestination(from);
    if (destination) history.replace(destination);
  }, [clear]);

  const reset = useCallback(() => setState({}), []);

  return { status: state.status, message: state.message, login, logout, reset };
}

/**
 * Loads one API call's `result` for a page, again whenever `deps` change, with loading and error
 * states; answers that arrive after the page moved on are dropped. Failures have already been
 * handled by the request layer (login, /403, /404, messages): `error` lets the page say what
 * happened and offer `reload`. The last good `data` is kept while reloading or after a failure.
 */
import { useCallback, useEffect, useState } from 'react';

interface State<T> {
  data?: T;
  error?: Error;
  loading: boolean;
}

export function useResult<T>(call: () => Promise<{ result: T }>, deps: unknown[]) {
  const [state, setState] = useState<State<T>>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    call().then(
      ({ result }) => current && setState({ data: result, loading: false }),
      (error: Error) => current && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => {
      current = false;
    };
    // `call` is a new function on every render; `deps` say when it asks for something new
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/**
 * Loads one API call's `result` for a page, again whenever `deps` change, with loading and error
 * states; answers that arrive after the page moved on are dropped. Failures have already been
 * handled by the request layer (login, /403, /404, messages): `error` lets the page say what
 * happened and offer `reload`. The last good `data` is kept while reloading or after a failure.
 *
 * With `pollWhile`, the call is repeated every POLL_INTERVAL_MS for as long as the last good answer
 * says the thing is still at work (a running check, a typeset, an order waiting for payment).
 *
 * Built on Umi's `useRequest` (@ahooksjs/use-request 2): it runs the call, drops stale answers,
 * refreshes on `deps` and polls. That version forgets its data on a failure and leaves the failed
 * promise unhandled, so the call handed to it never fails: it answers with the outcome, and this
 * hook keeps the last good result itself.
 */
import { useEffect, useRef } from 'react';
import { useRequest } from 'umi';

/** How often a page asks again about something still at work. */
export const POLL_INTERVAL_MS = 2000;

type Outcome<T> = { ok: true; result: T } | { ok: false; error: Error };

export interface ResultOptions<T> {
  /** keep asking while this holds for the last answer */
  pollWhile?: (data: T) => boolean;
  /** ask again when the page is shown again (back to the tab or window): it may have changed elsewhere */
  refreshOnShow?: boolean;
}

export function useResult<T>(call: () => Promise<{ result: T }>, deps: unknown[], options: ResultOptions<T> = {}) {
  const { pollWhile, refreshOnShow = false } = options;
  const lastGood = useRef<{ data: T }>();
  const stopPolling = useRef(false);
  const outcome = async (): Promise<Outcome<T>> => {
    try {
      return { ok: true, result: (await call()).result };
    } catch (error) {
      return { ok: false, error: error as Error };
    }
  };
  const request = (
    useRequest as (
      service: () => Promise<Outcome<T>>,
      options: object,
    ) => {
      data?: Outcome<T>;
      loading: boolean;
      refresh: () => Promise<unknown>;
      cancel: () => void;
    }
  )(outcome, {
    refreshDeps: deps,
    // Umi's default reads `data` off the answer; ours is the outcome itself
    formatResult: (answer: Outcome<T>) => answer,
    pollingInterval: pollWhile ? POLL_INTERVAL_MS : 0,
    refreshOnWindowFocus: refreshOnShow,
    onSuccess: (answer: Outcome<T>) => {
      if (answer.ok) lastGood.current = { data: answer.result };
      const last = lastGood.current;
      if (pollWhile && (!last || !pollWhile(last.data))) stopPolling.current = true;
    },
  });
  // stops the polling until the next load (a load that finds it at work again resumes it); after
  // the render, as the first answer may come before the request's own `cancel` is handed out
  useEffect(() => {
    if (!stopPolling.current) return;
    stopPolling.current = false;
    request.cancel();
  });
  const latest = request.data;
  return {
    data: latest?.ok ? latest.result : lastGood.current?.data,
    // as before a load starts over: a reload in progress is not a failure yet
    error: !request.loading && latest && !latest.ok ? latest.error : undefined,
    loading: request.loading,
    reload: request.refresh,
  };
}

/**
 * Loads one API call's `result` for a page, again whenever `deps` change, with loading and error
 * states; answers that arrive after the page moved on are dropped. Failures have already been
 * handled by the request layer (login, /403, /404, messages): `error` lets the page say what
 * happened and offer `reload`. The last good `data` is kept while reloading, and after a failure
 * to ask about the same `deps` again; not after one under other deps, whose answer it is not.
 *
 * Asking again by itself: after each answer, while the last good answer says the thing is still at
 * work (`pollWhile`: a running check or typeset, an order on its payment page) the call is repeated
 * POLL_INTERVAL_MS later; else while it says the thing waits on something done elsewhere
 * (`waitWhile`: a row of a list waiting for a payment made in another tab or on a phone),
 * WAIT_POLL_MS later. Never while the page is hidden: an ask that falls due then is made as soon as
 * the page is shown again. A reload, a change of `deps` or a refresh on show puts the next ask off
 * until its answer, so asks never pile up.
 *
 * Built on Umi's `useRequest` (@ahooksjs/use-request 2): it runs the call, drops stale answers and
 * refreshes on `deps`. That version forgets its data on a failure and leaves the failed promise
 * unhandled, so the call handed to it never fails: it answers with the outcome, and this hook keeps
 * the last good result itself. Its own polling has one interval fixed at the first render, hence
 * the timer here.
 */
import { useEffect, useRef } from 'react';
import { useRequest } from 'umi';

/** How often a page asks again about something at work: a job's progress moves within seconds and is over within about a minute. */
export const POLL_INTERVAL_MS = 2000;
/**
 * How often a page asks again about something waiting on a person elsewhere (a payment): a row may
 * wait as long as its order stays open (30 minutes by default), so this asks 2.5 times less often
 * than progress does, and a payment still shows within a few seconds of being made.
 */
export const WAIT_POLL_MS = 5000;

/** An answer, or the failure, with the `deps` it was asked with. */
type Outcome<T> = ({ ok: true; result: T } | { ok: false; error: Error }) & { deps: unknown[] };

const sameDeps = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

export interface ResultOptions<T> {
  /** ask again every POLL_INTERVAL_MS while this holds for the last good answer: it is at work */
  pollWhile?: (data: T) => boolean;
  /** else ask again every WAIT_POLL_MS while this holds for it: it waits on something done elsewhere */
  waitWhile?: (data: T) => boolean;
  /** ask again when the page is shown again (back to the tab or window): it may have changed elsewhere */
  refreshOnShow?: boolean;
}

/** How long after an answer to ask again, if at all. */
function nextAsk<T>(last: { data: T } | undefined, { pollWhile, waitWhile }: ResultOptions<T>) {
  if (!last) return 0;
  if (pollWhile?.(last.data)) return POLL_INTERVAL_MS;
  return waitWhile?.(last.data) ? WAIT_POLL_MS : 0;
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * After each answer (`answer` changes), `refresh` again `after` ms later, while the page is in sight;
 * one due while it is hidden waits until it is shown, unless something else (a refresh on show) has
 * asked by then. Anything that starts a request (`loading`) calls the pending ask off.
 */
function useAskAgain(answer: unknown, loading: boolean, after: number, refresh: () => unknown, asks: { current: number }) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!answer || loading || !after) return undefined;
    let whenShown: (() => void) | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      if (!hidden()) {
        latest.current();
        return;
      }
      whenShown = () => {
        if (hidden()) return;
        document.removeEventListener('visibilitychange', whenShown!);
        whenShown = undefined;
        // after every other listener of this event: one that refreshes on show has asked already
        const before = asks.current;
        settle = setTimeout(() => {
          if (asks.current === before) latest.current();
        });
      };
      document.addEventListener('visibilitychange', whenShown);
    }, after);
    return () => {
      clearTimeout(timer);
      clearTimeout(settle);
      if (whenShown) document.removeEventListener('visibilitychange', whenShown);
    };
  }, [answer, loading, after, asks]);
}

export function useResult<T>(call: () => Promise<{ result: T }>, deps: unknown[], options: ResultOptions<T> = {}) {
  const { refreshOnShow = false } = options;
  const lastGood = useRef<{ data: T; deps: unknown[] }>();
  // how many times the call was made: an ask owed since the page was hidden is not made twice
  const asks = useRef(0);
  const outcome = async (): Promise<Outcome<T>> => {
    asks.current += 1;
    const asked = deps;
    try {
      return { ok: true, result: (await call()).result, deps: asked };
    } catch (error) {
      return { ok: false, error: error as Error, deps: asked };
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
    }
  )(outcome, {
    refreshDeps: deps,
    // Umi's default reads `data` off the answer; ours is the outcome itself
    formatResult: (answer: Outcome<T>) => answer,
    refreshOnWindowFocus: refreshOnShow,
  });
  if (request.data?.ok) lastGood.current = { data: request.data.result, deps: request.data.deps };
  useAskAgain(request.data, request.loading, nextAsk(lastGood.current, options), request.refresh, asks);
  const latest = request.data;
  // after a failure, the last good answer stands only where it answers the same deps (a poll, a
  // reload): under another filter, page or id, the old list would pass for the new one's
  const kept = latest && !latest.ok && lastGood.current && !sameDeps(lastGood.current.deps, latest.deps) ? undefined : lastGood.current?.data;
  return {
    data: latest?.ok ? latest.result : kept,
    // as before a load starts over: a reload in progress is not a failure yet
    error: !request.loading && latest && !latest.ok ? latest.error : undefined,
    loading: request.loading,
    reload: request.refresh,
  };
}

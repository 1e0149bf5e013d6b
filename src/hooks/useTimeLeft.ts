/** The time left until a moment, ticking each second while there is any (a payment's expiry, a code's resend wait). */
import { useEffect, useState } from 'react';

/** Milliseconds until `end` (epoch ms; undefined or not a time: none), never below 0; the page renders again each second until it is 0. */
export function useTimeLeft(end: number | undefined) {
  const [clock, setClock] = useState(() => ({ end, now: Date.now() }));
  // a new end is counted from now at once, not from the last tick (a stale clock shows too much time for a frame)
  if (!Object.is(clock.end, end)) setClock({ end, now: Date.now() });
  useEffect(() => {
    if (end === undefined || !(end > Date.now())) return undefined;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock({ end, now });
      if (now >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return end !== undefined && Number.isFinite(end) ? Math.max(0, end - clock.now) : 0;
}

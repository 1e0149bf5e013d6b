/** The time left until a moment, ticking each second while there is any (a payment's expiry, a code's resend wait). */
import { useEffect, useState } from 'react';

/** Milliseconds until `end` (epoch ms; undefined: none), never below 0; the page renders again each second until it is 0. */
export function useTimeLeft(end: number | undefined) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    if (end === undefined || end <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return end === undefined ? 0 : Math.max(0, end - now);
}

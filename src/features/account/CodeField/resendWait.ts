/**
 * The wait before another code may be asked for an address, kept in this tab (sessionStorage) as
 * the time it ends: a reload of the page goes on counting where it was, as the server's own limit
 * does (one code an address a minute, CODE_RESEND_SECONDS). Kept per purpose and address, as the
 * server counts it; another address starts with no wait.
 */
import { useState } from 'react';
import { useTimeLeft } from '@/hooks/useTimeLeft';
import { CODE_RESEND_SECONDS } from '../../../../common/fieldRules';

export type CodePurpose = 'register' | 'reset';

const keyOf = (purpose: CodePurpose, email: string) => `zn:code-resend:${purpose}:${email.trim().toLowerCase()}`;

/** When the wait ends (ms), or 0 (nothing kept, or storage that is off). */
function readEnd(purpose: CodePurpose, email: string) {
  try {
    const end = Number(sessionStorage.getItem(keyOf(purpose, email)));
    return Number.isFinite(end) ? end : 0;
  } catch {
    return 0;
  }
}

function saveEnd(purpose: CodePurpose, email: string, end: number) {
  try {
    sessionStorage.setItem(keyOf(purpose, email), String(end));
  } catch {
    // storage off or full: the wait is counted on this page only
  }
}

/** The seconds still to wait for `email` (0: a code may be asked), never more than the server's own wait; and `start`, called once a code was sent. */
export function useResendWait(purpose: CodePurpose, email: string | undefined) {
  const [end, setEnd] = useState(() => (email ? readEnd(purpose, email) : 0));
  const left = Math.min(CODE_RESEND_SECONDS, Math.ceil(useTimeLeft(end) / 1000));
  const start = () => {
    const next = Date.now() + CODE_RESEND_SECONDS * 1000;
    if (email) saveEnd(purpose, email, next);
    setEnd(next);
  };
  return { left, start };
}

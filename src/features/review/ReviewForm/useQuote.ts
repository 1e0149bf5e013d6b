import { quoteReview, type Paper, type Quote } from '@/features/review/api';
import { bodyOfError, refusalOf } from '@/utils/errorHandler';
import { useCallback, useEffect, useState } from 'react';

export type { Quote };

/** Pasted text is priced once typing pauses this long. */
const TYPING_PAUSE_MS = 600;

/**
 * The server's character count and price of the paper in the chosen system, asked again whenever
 * either changes; `key` names the paper (typing is waited out). `requote` asks again (the price
 * changed meanwhile). A failure that is no refusal (offline a moment, a server fault) offers `retry`,
 * and is asked again by itself once the browser is back online.
 */
export function useQuote(systemId: string | undefined, paper: Paper | undefined, key: unknown[], typing: boolean) {
  const [quote, setQuote] = useState<Quote>();
  const [error, setError] = useState<string>();
  const [retryable, setRetryable] = useState(false);
  const [round, setRound] = useState(0);
  const requote = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    setQuote(undefined);
    setError(undefined);
    setRetryable(false);
    if (!systemId || !paper) return undefined;
    let current = true;
    const timer = setTimeout(
      () => {
        quoteReview({ systemId, ...paper })
          .then(({ result }) => current && setQuote(result))
          .catch((failure) => {
            if (!current) return;
            setError(bodyOfError(failure)?.message ?? '暂时无法计算价格，请稍后重试');
            // a refusal (too short a paper) would be refused again: only a fault is worth asking again
            setRetryable(!refusalOf(failure));
          });
      },
      typing ? TYPING_PAUSE_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `paper` is a new object on every render; `key` says when it is another paper
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [systemId, round, ...key]);
  useEffect(() => {
    if (!retryable) return undefined;
    window.addEventListener('online', requote);
    return () => window.removeEventListener('online', requote);
  }, [retryable, requote]);
  return { quote, error, retry: retryable ? requote : undefined, requote };
}

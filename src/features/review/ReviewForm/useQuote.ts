import { quoteReview, type Paper, type Quote } from '@/features/review/api';
import { bodyOfError } from '@/utils/errorHandler';
import { useEffect, useState } from 'react';

export type { Quote };

/** Pasted text is priced once typing pauses this long. */
const TYPING_PAUSE_MS = 600;

/**
 * The server's character count and price of the paper in the chosen system, asked again whenever
 * either changes; `key` names the paper (typing is waited out). `requote` asks again (the price
 * changed meanwhile).
 */
export function useQuote(systemId: string | undefined, paper: Paper | undefined, key: unknown[], typing: boolean) {
  const [quote, setQuote] = useState<Quote>();
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    setQuote(undefined);
    setError(undefined);
    if (!systemId || !paper) return undefined;
    let current = true;
    const timer = setTimeout(
      () => {
        quoteReview({ systemId, ...paper })
          .then(({ result }) => current && setQuote(result))
          .catch((failure) => current && setError(bodyOfError(failure)?.message ?? '暂时无法计算价格，请稍后重试'));
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
  return { quote, error, requote: () => setRound((n) => n + 1) };
}

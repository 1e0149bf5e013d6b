import type { ErrorCode } from '../../../../common/api';
import type { Recent } from '../../db/recent';
import { RetryLater } from '../../lib/errors';
import { DAY_MS, isoIn, waitText } from '../../lib/time';

export interface DailyAllowance {
  /** how many in any 24 hours */
  max: number;
  errorCode: ErrorCode;
  /** the refusal in words, given the wait (3 小时) */
  refusal: (wait: string) => string;
  /** the form field the refusal is shown beside, if any */
  field?: string;
}

/**
 * At most `allowance.max` of an account's rows in the last 24 hours (docs/operations.md, limits):
 * past it, a 429 that says when the earliest of them leaves the window, in words and in Retry-After.
 */
export async function checkDailyAllowance(recent: (since: string) => Promise<Recent>, { max, errorCode, refusal, field }: DailyAllowance) {
  const { count, earliest } = await recent(isoIn(-DAY_MS));
  if (count < max) return;
  const waitMs = Math.max(1000, Date.parse(earliest!) + DAY_MS - Date.now());
  const message = refusal(waitText(waitMs));
  throw new RetryLater(Math.ceil(waitMs / 1000), errorCode, message, field ? { [field]: message } : undefined);
}

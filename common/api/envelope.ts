/**
 * The envelopes every answer of the API comes in (docs/architecture.md, API conventions): success
 * with its result, or failure with its code and show level. One writer each, for the server's
 * routes, the mock and answers written by hand.
 */
import { ShowType, type ErrorCode, type ErrorEnvelope } from './errors';

/** The success envelope: `{ success: true, result, message? }`. */
export interface SuccessEnvelope<T> {
  success: true;
  result: T;
  /** shown to the user as a confirmation, where the call has one to give */
  message?: string;
}

/** A success envelope; without a message the answer has no `message` key at all. */
export const success = <T>(result: T, message?: string): SuccessEnvelope<T> =>
  message === undefined ? { success: true, result } : { success: true, result, message };

/** A failure envelope, for the mock and for answers the API writes by hand. */
export const failure = (
  message: string,
  errorCode: ErrorCode,
  showType: ShowType = ShowType.ERROR_MESSAGE,
  extra: { errors?: Record<string, string> } = {},
): ErrorEnvelope => ({ success: false, message, errorCode, showType, ...extra });

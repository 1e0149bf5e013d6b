/**
 * The API's failures as the app reads them (docs/architecture.md, API conventions; docs/spec.md §8):
 * the envelope's `showType` levels and the catalogue of `errorCode`s. The API throws them, the mock
 * answers them and the app's request layer acts on them, all from here.
 */

/** How the app shows a failure: the request layer's levels (docs/spec.md §8). */
export const ShowType = {
  SILENT: 0,
  WARN_MESSAGE: 1,
  ERROR_MESSAGE: 2,
  NOTIFICATION: 3,
  REDIRECT: 9,
} as const;
export type ShowType = (typeof ShowType)[keyof typeof ShowType];

/** Every `errorCode` the API answers with, and the HTTP status it comes with. */
export const ERROR_CODES = {
  // the request itself
  VALIDATION: 422,
  BAD_REQUEST: 400,
  CROSS_SITE: 403,
  TOO_MANY_ATTEMPTS: 429,
  RESTARTING: 503,
  INTERNAL: 500,
  // who asks
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  LOGIN_FAILED: 200,
  ACCOUNT_DISABLED: 200,
  CODE_TOO_SOON: 429,
  // uploads
  NO_FILE: 422,
  FILE_TOO_LARGE: 413,
  TOO_MANY_FILES: 413,
  BAD_IMAGE: 422,
  /** the account's last file is still being read: one at a time each */
  FILE_BEING_READ: 429,
  /** the account uploaded PAPER_UPLOADS_PER_DAY paper files in the last 24 hours */
  UPLOAD_DAILY_LIMIT: 429,
  // orders and what they buy
  UNKNOWN_KIND: 422,
  BAD_PRICE: 422,
  ALREADY_PAID: 409,
  ORDER_NOT_PENDING: 409,
  ORDER_CHANGED: 409,
  /** the price changed since the page showed it (`quotedFen`): nothing was ordered */
  PRICE_CHANGED: 409,
  NOT_PAID: 409,
  /** what was bought was given back in full: no longer paid for */
  REFUNDED: 409,
  NOT_READY: 409,
  REPORT_NOT_READY: 409,
  REVIEW_RUNNING: 409,
  /** the account submitted REVIEW_MAX_UNPAID_PER_DAY unpaid checks in the last 24 hours */
  REVIEW_DAILY_LIMIT: 429,
  /** the account has TYPESET_MAX_ACTIVE typesettings waiting or being typeset */
  TYPESET_BUSY: 429,
  /** the account submitted TYPESET_MAX_UNPAID_PER_DAY unpaid typesettings in the last 24 hours */
  TYPESET_DAILY_LIMIT: 429,
  // refunds (the back office)
  ALREADY_REFUNDED: 409,
  REFUND_CONFLICT: 409,
  REFUND_PENDING: 409,
  REFUND_REFUSED: 409,
  GATEWAY_UNAVAILABLE: 502,
  // accounts (the back office)
  ACCOUNT_PROTECTED: 409,
  /** the back office retries only a job that was given up */
  JOB_NOT_FAILED: 409,
  /** running a given-up job again is unsafe: its order was refunded, or its paper or manuscript is gone */
  NOT_RETRYABLE: 409,
  // what this server lacks (LibreOffice and poppler, for pictures of laid-out pages)
  NO_LAYOUT_ENGINE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** What signing in to an account the back office disabled answers. */
export const ACCOUNT_DISABLED_MESSAGE = '该账号已被停用，如有疑问请联系客服';

/** The failure envelope: `{ success: false, message, errorCode, showType, errors? }`. */
export interface ErrorEnvelope {
  success: false;
  message: string;
  errorCode: ErrorCode;
  showType: ShowType;
  /** field → message, shown beside the field (422) */
  errors?: Record<string, string>;
}

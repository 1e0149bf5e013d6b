/**
 * The API's error envelope (docs/architecture.md): `{ success: false, message, errorCode, showType }`,
 * with `message` in Chinese for users. Codes and show levels are the contract's (common/api).
 */
import { failure, ShowType, type ErrorCode, type ErrorEnvelope } from '../../../common/api';
import { formatFen } from '../../../common/price';

export { ShowType };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly showType: ShowType = ShowType.ERROR_MESSAGE,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorEnvelope {
    return failure(this.message, this.errorCode, this.showType, this.errors ? { errors: this.errors } : {});
  }
}

/** A refusal that passes with time (429): the response says how long in `Retry-After` as well as in words. */
export class RetryLater extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    errorCode: ErrorCode,
    message: string,
    errors?: Record<string, string>,
  ) {
    super(429, errorCode, message, ShowType.WARN_MESSAGE, errors);
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', '请先登录', ShowType.REDIRECT);
export const forbidden = (message = '您无权访问这条记录') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = '没有找到这条记录') => new AppError(404, 'NOT_FOUND', message);
/** A fault of ours (logged where it happened): the student is told only to try again later. */
export const internal = () => new AppError(500, 'INTERNAL', '服务器开小差了，请稍后再试');
/** A single field's problem, shown beside that field. */
export const invalidField = (field: string, message: string) => new AppError(422, 'VALIDATION', message, ShowType.ERROR_MESSAGE, { [field]: message });

/** A user's own record: 404 when there is none, 403 when it is someone else's (never its data). */
export function ownedBy<T extends { user_id: string }>(row: T | undefined, userId: string, what: string): T {
  if (!row) throw notFound(`${what}不存在`);
  if (row.user_id !== userId) throw forbidden(`这不是您的${what}`);
  return row;
}

/**
 * The price a page showed (`quotedFen`), checked against the one an order would be made at: a
 * student never pays a price changed behind their back. Absent (older pages), nothing is checked.
 */
export function checkQuoted(quotedFen: number | undefined, amountFen: number) {
  if (quotedFen === undefined || quotedFen === amountFen) return;
  throw new AppError(
    409,
    'PRICE_CHANGED',
    `价格已调整：应付金额由 ${formatFen(quotedFen)} 变为 ${formatFen(amountFen)}，请确认后重新提交`,
    ShowType.WARN_MESSAGE,
  );
}

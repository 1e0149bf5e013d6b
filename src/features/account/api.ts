import {
  bodyOfError,
  handleRequestError,
  isNoResponse,
  NETWORK_ERROR_DESCRIPTION,
  NETWORK_ERROR_TITLE,
  STATUS_TEXT,
  type ErrorBody,
  type HttpErrorLike,
} from '@/utils/errorHandler';
import { get, post, postForm, put } from '@/utils/request';
import type { ApiResponse, CallOptions } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as auth from '../../../server/src/modules/auth/schemas';
import type * as user from '../../../server/src/modules/user/schemas';

// the API's own schemas: one definition of each shape for the server, the mock and the app
/** The signed-in user as the server describes them. */
export type CurrentUser = Static<typeof auth.User>;
export type BasicInfo = Static<typeof user.BasicInfoBody>;
export type RegisterForm = Static<typeof auth.RegisterBody>;
type CodePurpose = Static<typeof auth.SendCodeBody>['purpose'];

/** Forms show their own errors (beside the fields), so their calls skip the common handler. */
const formCall: CallOptions = { skipErrorHandler: true };

/** GET /api/v1/user/getCurrent: `result` is the user, or null for a visitor (docs/spec.md §7). */
export function getCurrentUser(options?: CallOptions) {
  return get<ApiResponse<CurrentUser | null>>('/v1/user/getCurrent', undefined, options);
}

/** Mails a six-digit code for registering or for resetting the password. */
export function sendCode(email: string, purpose: CodePurpose) {
  return post<ApiResponse<null>>('/v1/user/sendCode', { email, purpose }, undefined, formCall);
}

export function register(form: RegisterForm) {
  return post<ApiResponse<CurrentUser>>('/v1/user/register', form, undefined, formCall);
}

export function resetPassword(form: Static<typeof auth.ResetPasswordBody>) {
  return post<ApiResponse<null>>('/v1/user/resetPassword', form, undefined, formCall);
}

export function modifyPassword(form: Static<typeof user.ModifyPasswordBody>) {
  return post<ApiResponse<null>>('/v1/user/modifyPassword', form, undefined, formCall);
}

export function updateBasicInfo(info: BasicInfo) {
  return put<ApiResponse<CurrentUser>>('/v1/user/basicInfo', info, undefined, formCall);
}

export function uploadAvatar(file: File, options: CallOptions = {}) {
  const data = new FormData();
  data.append('file', file);
  return postForm<ApiResponse<CurrentUser>>('/v1/user/avatar', data, { ...formCall, ...options });
}

/**
 * What the login call answers (the API's `LoginReply`, or a failure envelope from elsewhere); the
 * app reads `success` and `message` (docs/spec.md §7).
 */
export type LoginResponse = Static<typeof auth.LoginReply> | ErrorBody;

/** What the form says when a login call failed and the server gave no reason of its own. */
export const LOGIN_FAILED_TEXT = '登录失败，请稍后再试';

/**
 * POST /api/v1/actionLogin with the login form object, passed through unchanged (docs/spec.md §3, §7).
 * Every attempt ends in an answer for the form to show (§4): a refusal in our envelope as the server
 * words it; any other failure (a proxy's page, an empty body, no answer) as a failed answer in plain
 * words. The common handler still does what it does for any call: the 网络异常 notice, 404 → /404,
 * nothing for a 401 or 403 on the login page.
 */
export async function login(form: object): Promise<LoginResponse> {
  try {
    return await post<LoginResponse>('/v1/actionLogin', form, undefined, { skipErrorHandler: true });
  } catch (error) {
    const body = bodyOfError(error);
    if (body) return body;
    // the network notice has been shown by the request layer already
    if (!isNoResponse(error)) handleRequestError(error);
    return { success: false, message: failedLoginText(error) };
  }
}

function failedLoginText(error: unknown): string {
  if (isNoResponse(error)) return `${NETWORK_ERROR_TITLE}：${NETWORK_ERROR_DESCRIPTION}`;
  const status = (error as HttpErrorLike | undefined)?.response?.status;
  return (status !== undefined && STATUS_TEXT[status]) || LOGIN_FAILED_TEXT;
}

/** POST /api/v1/actionLogin/logout: ends the session (docs/spec.md §7). */
export function logout() {
  return post<unknown>('/v1/actionLogin/logout');
}

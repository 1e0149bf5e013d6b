import { bodyOfError, handleRequestError, type ErrorBody } from '@/utils/errorHandler';
import { post } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as auth from '../../../server/src/modules/auth/schemas';

/**
 * What the login call answers (the API's `LoginReply`, or a failure envelope from elsewhere); the
 * app reads `success` and `message` (docs/spec.md §7).
 */
export type LoginResponse = Static<typeof auth.LoginReply> | ErrorBody;

/**
 * POST /api/v1/actionLogin with the login form object, passed through unchanged (docs/spec.md §3, §7).
 * A refused login is an answer for the form to show, not an error to redirect on.
 */
export async function login(form: object): Promise<LoginResponse> {
  try {
    return await post<LoginResponse>('/v1/actionLogin', form, undefined, { skipErrorHandler: true });
  } catch (error) {
    const body = bodyOfError(error);
    if (body) return body;
    handleRequestError(error); // no answer at all: the network notice
    throw error;
  }
}

/** POST /api/v1/actionLogin/logout: ends the session (docs/spec.md §7). */
export function logout() {
  return post<unknown>('/v1/actionLogin/logout');
}

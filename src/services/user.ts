import { get, post, postForm, put } from '@/utils/request';
import type { ApiResponse, CallOptions } from '@/utils/request';

/** The signed-in user as the server describes them. */
export interface CurrentUser {
  id: string;
  email: string;
  nickname: string;
  avatar: string | null;
  realName: string | null;
  school: string | null;
  major: string | null;
  degree: string | null;
  phone: string | null;
  createdAt: string;
}

export type BasicInfo = Pick<CurrentUser, 'nickname' | 'realName' | 'school' | 'major' | 'degree' | 'phone'>;

/** Forms show their own errors (beside the fields), so their calls skip the common handler. */
const formCall: CallOptions = { skipErrorHandler: true };

/** GET /api/v1/user/getCurrent: `result` is the user, or null for a visitor (docs/spec.md §7). */
export function getCurrentUser(options?: CallOptions) {
  return get<ApiResponse<CurrentUser | null>>('/v1/user/getCurrent', undefined, options);
}

/** Mails a six-digit code for registering or for resetting the password. */
export function sendCode(email: string, purpose: 'register' | 'reset') {
  return post<ApiResponse<null>>('/v1/user/sendCode', { email, purpose }, undefined, formCall);
}

export interface RegisterForm {
  email: string;
  code: string;
  password: string;
  nickname: string;
  agreement: boolean;
}

export function register(form: RegisterForm) {
  return post<ApiResponse<CurrentUser>>('/v1/user/register', form, undefined, formCall);
}

export function resetPassword(form: { email: string; code: string; password: string }) {
  return post<ApiResponse<null>>('/v1/user/resetPassword', form, undefined, formCall);
}

export function modifyPassword(form: { oldPassword: string; newPassword: string }) {
  return post<ApiResponse<null>>('/v1/user/modifyPassword', form, undefined, formCall);
}

export function updateBasicInfo(info: BasicInfo) {
  return put<ApiResponse<CurrentUser>>('/v1/user/basicInfo', info, undefined, formCall);
}

export function uploadAvatar(file: File, onProgress?: (percent: number) => void) {
  const data = new FormData();
  data.append('file', file);
  return postForm<ApiResponse<CurrentUser>>('/v1/user/avatar', data, {
    ...formCall,
    onUploadProgress: (event) => onProgress?.(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
}

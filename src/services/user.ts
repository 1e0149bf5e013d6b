import { get } from '@/utils/request';
import type { ApiResponse, CallOptions } from '@/utils/request';

/** The signed-in user as the server describes them. */
export interface CurrentUser {
  id: string;
  email: string;
  nickname: string;
  avatar?: string | null;
  realName?: string | null;
  school?: string | null;
  major?: string | null;
  degree?: string | null;
  phone?: string | null;
  createdAt?: string;
}

/** GET /api/v1/user/getCurrent: `result` is the user, or null for a visitor (SPEC §7). */
export function getCurrentUser(options?: CallOptions) {
  return get<ApiResponse<CurrentUser | null>>('/v1/user/getCurrent', undefined, options);
}

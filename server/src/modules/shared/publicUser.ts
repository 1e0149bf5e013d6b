import type { UserTable } from '../../db/types';

/** A user as the API shows them: never the password hash. */
export function toPublicUser(row: UserTable) {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar ? `/api/v1/user/avatar/${row.avatar}` : null,
    realName: row.real_name,
    school: row.school,
    major: row.major,
    degree: row.degree,
    phone: row.phone,
    role: row.role,
    createdAt: row.created_at,
  };
}

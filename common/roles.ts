/**
 * Who may do what (docs/features.md, "Back office"): every account is a `user` (a student); an
 * `operator` answers students and refunds their orders in the back office; an `admin` may do all
 * that and also change prices, limits and sale (价格与上架), read the audit log and grant roles
 * (from the command line only).
 */
export const ROLES = ['user', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = { user: '学生', operator: '运营', admin: '管理员' };

/** The roles that may open the back office (运营后台). */
export const STAFF_ROLES: readonly Role[] = ['operator', 'admin'];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Why `actor` may not disable (or enable) the account `target`, in the words the back office says
 * it; undefined when they may. Nobody disables themselves; only an admin disables or enables an
 * operator or an admin. The server refuses by it; the pages offer only what it allows.
 */
export function accountChangeRefusal(actor: { id: string; role: Role }, target: { id: string; role: Role }, disabling: boolean): string | undefined {
  if (disabling && target.id === actor.id) return '不能停用自己的账号';
  if (target.role !== 'user' && actor.role !== 'admin') return '只有管理员可以停用或启用运营、管理员账号';
  return undefined;
}

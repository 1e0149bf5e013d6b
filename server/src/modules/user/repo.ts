import { sql } from 'kysely';
import type { Db } from '../../db';
import { containsPattern } from '../../db/textSearch';
import type { UserTable } from '../../db/types';
import { nowIso } from '../../lib/time';
import type { Role } from '../../../../common/roles';

export type UserRow = UserTable;

/** Accounts whose e-mail contains `part`: e-mails are kept in lower case; LIKE's wildcards are taken as typed. */
const emailContains = (part: string) => sql<boolean>`email like ${containsPattern(part.toLowerCase())} escape '\\'`;

export function createUserRepo(db: Db) {
  return {
    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByIds: (ids: string[]) => (ids.length ? db.selectFrom('users').selectAll().where('id', 'in', ids).execute() : Promise.resolve([])),
    findByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    /** A new account is a user unless a role is given. */
    async insert(row: Omit<UserRow, 'created_at' | 'updated_at' | 'role' | 'disabled_at'> & { role?: Role }) {
      const now = nowIso();
      await db
        .insertInto('users')
        .values({ role: 'user', disabled_at: null, ...row, created_at: now, updated_at: now })
        .execute();
    },
    /** One page of accounts, newest first, whose e-mail contains `email` (all when omitted). */
    async search(email: string | undefined, offset: number, limit: number) {
      let base = db.selectFrom('users');
      if (email) base = base.where(emailContains(email));
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
    /** The ids of the accounts whose e-mail contains `part`, as `search` finds them. */
    idsWithEmailContaining: async (part: string) => (await db.selectFrom('users').select('id').where(emailContains(part)).execute()).map((row) => row.id),
    /** Changes a role; false when the account has none of that e-mail. */
    async setRole(email: string, role: Role) {
      const result = await db.updateTable('users').set({ role, updated_at: nowIso() }).where('email', '=', email).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async update(id: string, changes: Partial<Omit<UserRow, 'id' | 'created_at'>>) {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;

import { prepareQuery, type Db } from '../../db';
import type { UserTable, VerificationCodeTable } from '../../db/types';
import { nowIso } from '../../lib/time';

/** Every column of a user, named (a prepared statement must not say `users.*`). */
const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.password_hash',
  'users.nickname',
  'users.real_name',
  'users.school',
  'users.major',
  'users.degree',
  'users.phone',
  'users.avatar',
  'users.created_at',
  'users.updated_at',
] as const satisfies readonly `users.${keyof UserTable}`[];

export function createAuthRepo(db: Db) {
  // every signed-in request asks this: compiled once (docs/decisions.md, "Queries compiled once")
  const sessionUser = prepareQuery(db, ['idHash', 'now'], ({ idHash, now }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(USER_COLUMNS)
      .where('sessions.id_hash', '=', idHash)
      .where('sessions.expires_at', '>', now),
  );
  return {
    async insertSession(idHash: string, userId: string, expiresAt: string) {
      await db.insertInto('sessions').values({ id_hash: idHash, user_id: userId, created_at: nowIso(), expires_at: expiresAt }).execute();
    },
    /** The live session's user, in one query. */
    findSessionUser: async (idHash: string): Promise<UserTable | undefined> => (await sessionUser({ idHash, now: nowIso() }))[0],
    async deleteSession(idHash: string) {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },
    /** Ends every session of a user but the one kept (none when omitted). */
    async deleteUserSessions(userId: string, keepIdHash?: string) {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepIdHash) query = query.where('id_hash', '!=', keepIdHash);
      await query.execute();
    },

    async insertCode(row: Omit<VerificationCodeTable, 'id' | 'attempts' | 'used_at' | 'created_at'>) {
      await db.insertInto('verification_codes').values({ ...row, attempts: 0, used_at: null, created_at: nowIso() }).execute();
    },
    latestCode: (email: string, purpose: VerificationCodeTable['purpose']) =>
      db
        .selectFrom('verification_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    async countAttempt(id: number) {
      await db.updateTable('verification_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
    },
    /** Marks a code used; false when another request used it first. */
    async useCode(id: number) {
      const result = await db.updateTable('verification_codes').set({ used_at: nowIso() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;

import type { Db } from '../../db';
import type { VerificationCodeTable } from '../../db/types';
import { nowIso } from '../../lib/time';

export function createAuthRepo(db: Db) {
  return {
    async insertSession(idHash: string, userId: string, expiresAt: string) {
      await db.insertInto('sessions').values({ id_hash: idHash, user_id: userId, created_at: nowIso(), expires_at: expiresAt }).execute();
    },
    /** The live session's user, in one query. */
    findSessionUser: (idHash: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .where('sessions.id_hash', '=', idHash)
        .where('sessions.expires_at', '>', nowIso())
        .executeTakeFirst(),
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

import DataLoader from 'dataloader';
import { sql } from 'kysely';
import { prepareQuery, type Db } from '../../db';
import { isPostgres } from '../../db/dialect';
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
  'users.role',
  'users.disabled_at',
  'users.created_at',
  'users.updated_at',
] as const satisfies readonly `users.${keyof UserTable}`[];

export function createAuthRepo(db: Db) {
  return {
    async insertSession(idHash: string, userId: string, expiresAt: string) {
      await db.insertInto('sessions').values({ id_hash: idHash, user_id: userId, created_at: nowIso(), expires_at: expiresAt }).execute();
    },
    /** The live session's user, asked of the database now. */
    findSessionUser: sessionUserLookup(db),
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
      await db
        .insertInto('verification_codes')
        .values({ ...row, attempts: 0, used_at: null, created_at: nowIso() })
        .execute();
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
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    /** Marks a code used; false when another request used it first. */
    async useCode(id: number) {
      const result = await db.updateTable('verification_codes').set({ used_at: nowIso() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;

/**
 * Every signed-in request asks this. The lookups of requests that arrive together (in one turn of
 * the event loop) go to the database as one query, compiled once (docs/decisions.md, "Session
 * lookups together"); each is still asked of the database when its request comes.
 */
function sessionUserLookup(db: Db) {
  const postgres = isPostgres(db);
  const sessionUsers = prepareQuery(db, ['idHashes', 'now'], ({ idHashes, now }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([...USER_COLUMNS, 'sessions.id_hash'])
      // a list as one parameter: an array on PostgreSQL, JSON on SQLite
      .where(
        postgres
          ? sql<boolean>`${sql.ref('sessions.id_hash')} = any(${idHashes})`
          : sql<boolean>`${sql.ref('sessions.id_hash')} in (select value from json_each(${idHashes}))`,
      )
      .where('sessions.expires_at', '>', now)
      // a disabled account's sessions were ended; one started in the same instant is not honoured either
      .where('users.disabled_at', 'is', null),
  );
  const loader = new DataLoader<string, UserTable | undefined>(
    async (idHashes) => {
      const rows = await sessionUsers({ idHashes: postgres ? idHashes : JSON.stringify(idHashes), now: nowIso() });
      const byHash = new Map(rows.map(({ id_hash, ...user }) => [id_hash, user]));
      return idHashes.map((idHash) => byHash.get(idHash));
    },
    // not a cache: every load is a new question; setImmediate waits for the requests already read
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 200 },
  );
  return (idHash: string) => loader.load(idHash);
}

import { sql } from 'kysely';
import type { Db } from '../../db';

/** Attempt counters in fixed windows; one atomic statement per attempt, so concurrent tries all count. */
export function createThrottleRepo(db: Db) {
  return {
    /** Counts one attempt on the key and returns the window's count and start (a stale window restarts at 1). */
    async hit(key: string, now: Date, windowMs: number) {
      const nowIso = now.toISOString();
      const staleBefore = new Date(now.getTime() - windowMs).toISOString();
      const stale = sql<boolean>`throttles.window_started_at <= CAST(${staleBefore} AS varchar(30))`;
      return db
        .insertInto('throttles')
        .values({ key, hits: 1, window_started_at: nowIso })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN ${stale} THEN 1 ELSE throttles.hits + 1 END`,
            window_started_at: sql<string>`CASE WHEN ${stale} THEN CAST(${nowIso} AS varchar(30)) ELSE throttles.window_started_at END`,
          }),
        )
        .returning(['hits', 'window_started_at'])
        .executeTakeFirstOrThrow();
    },
    /** Takes one attempt back (a success that should not count). */
    async refund(key: string) {
      await db
        .updateTable('throttles')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', key)
        .where('hits', '>', 0)
        .execute();
    },
    async clear(key: string) {
      await db.deleteFrom('throttles').where('key', '=', key).execute();
    },
    async deleteOlderThan(iso: string) {
      await db.deleteFrom('throttles').where('window_started_at', '<', iso).execute();
    },
  };
}
export type ThrottleRepo = ReturnType<typeof createThrottleRepo>;

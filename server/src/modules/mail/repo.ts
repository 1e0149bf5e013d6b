import type { Db } from '../../db';
import { nowIso } from '../../lib/time';

export function createOutboxRepo(db: Db) {
  return {
    async insert(to: string, subject: string, body: string) {
      await db.insertInto('outbox_mails').values({ to_address: to, subject, body, created_at: nowIso() }).execute();
    },
    latest: (to: string, limit = 10) => db.selectFrom('outbox_mails').selectAll().where('to_address', '=', to).orderBy('id', 'desc').limit(limit).execute(),
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;

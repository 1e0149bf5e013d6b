import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { AuditLogTable, Database } from '../../db/types';

type Executor = Db | Transaction<Database>;
export type AuditRow = Omit<AuditLogTable, 'id'> & { id: number };

/** The audit log's only SQL: appending and reading. Nothing here updates or deletes an entry. */
export function createAuditRepo(db: Db) {
  return {
    async append(row: Omit<AuditLogTable, 'id'>, ex: Executor = db) {
      await ex.insertInto('audit_log').values(row).execute();
    },
    /** One page of entries, newest first, optionally of one action or one target. */
    async list(filter: { action?: string; targetId?: string }, offset: number, limit: number) {
      let base = db.selectFrom('audit_log');
      if (filter.action) base = base.where('action', '=', filter.action);
      if (filter.targetId) base = base.where('target_id', '=', filter.targetId);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as AuditRow[], total: Number(count.total) };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;

import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { CheckTable, Database, PaperUploadTable } from '../../db/types';

type Executor = Db | Transaction<Database>;
export type CheckRow = CheckTable;

export function createReviewRepo(db: Db) {
  return {
    systems: () => db.selectFrom('check_systems').selectAll().orderBy('sort').execute(),
    findSystem: (id: string) => db.selectFrom('check_systems').selectAll().where('id', '=', id).executeTakeFirst(),

    async insertUpload(row: PaperUploadTable) {
      await db.insertInto('paper_uploads').values(row).execute();
    },
    findUpload: (id: string) => db.selectFrom('paper_uploads').selectAll().where('id', '=', id).executeTakeFirst(),

    async insertCheck(row: CheckRow) {
      await db.insertInto('checks').values(row).execute();
    },
    findCheck: (id: string, ex: Executor = db) => ex.selectFrom('checks').selectAll().where('id', '=', id).executeTakeFirst(),
    findByCode: (code: string) => db.selectFrom('checks').selectAll().where('verification_code', '=', code).executeTakeFirst(),
    async updateCheck(id: string, changes: Partial<CheckRow>, ex: Executor = db) {
      await ex.updateTable('checks').set(changes).where('id', '=', id).execute();
    },
    /** A user's checks, newest first, without the heavy columns. */
    async listChecks(userId: string, offset: number, limit: number) {
      const base = db.selectFrom('checks').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'system_id', 'title', 'author', 'school', 'major', 'char_count', 'amount_fen', 'status', 'progress', 'order_id', 'similarity', 'failure_reason', 'verification_code', 'created_at', 'updated_at', 'paid_at', 'finished_at', 'paper_deleted_at', 'file_name', 'file_key', 'user_id'])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, paper_text: null, report: null })) as CheckRow[], total: Number(count.total) };
    },

    /** Papers kept past their time: checks not running, created before `before`, paper still there. */
    papersOlderThan: (before: string) =>
      db
        .selectFrom('checks')
        .select(['id', 'file_key'])
        .where('created_at', '<', before)
        .where('paper_deleted_at', 'is', null)
        .where('status', 'not in', ['queued', 'checking'])
        .execute(),
    uploadsOlderThan: (before: string) => db.selectFrom('paper_uploads').select(['id', 'file_key']).where('created_at', '<', before).execute(),
    async deleteUpload(id: string) {
      await db.deleteFrom('paper_uploads').where('id', '=', id).execute();
    },

    documentTitles: (ids: string[]) =>
      ids.length ? db.selectFrom('documents').select(['id', 'title', 'authors', 'year', 'type']).where('id', 'in', ids).execute() : Promise.resolve([]),
  };
}

export type ReviewRepo = ReturnType<typeof createReviewRepo>;

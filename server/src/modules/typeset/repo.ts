import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import { changeRow, type OnRowChange } from '../../db/changeRow';
import { recentRows } from '../../db/recent';
import type { Database, TemplateTable, TypesetTable } from '../../db/types';

type Executor = Db | Transaction<Database>;
export type TypesetRow = TypesetTable;
/** What the back office may change of a template. */
export type TemplateChanges = Partial<Pick<TemplateTable, 'price_fen' | 'enabled'>>;

export function createTypesetRepo(db: Db) {
  return {
    /** the templates offered to students; `all`: those taken off sale too (the back office) */
    async templates(filter: { degree?: string; discipline?: string; q?: string; all?: boolean }) {
      let query = db.selectFrom('templates').selectAll();
      if (!filter.all) query = query.where('enabled', '=', 1);
      if (filter.degree) query = query.where('degree', '=', filter.degree);
      if (filter.discipline) query = query.where('discipline', '=', filter.discipline);
      if (filter.q) {
        const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('name', 'like', pattern), eb('description', 'like', pattern)]));
      }
      return query.orderBy('sort').execute();
    },
    findTemplate: (id: string) => db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Changes a template and runs `onChange` (its audit entry) in one transaction; undefined: no such template. */
    changeTemplate: (id: string, changes: TemplateChanges, onChange: OnRowChange<TemplateTable>) => changeRow(db, 'templates', id, changes, onChange),
    async insertTemplates(rows: TemplateTable[]) {
      await db.insertInto('templates').values(rows).execute();
    },
    async insert(row: TypesetRow) {
      await db.insertInto('typesets').values(row).execute();
    },
    find: (id: string, ex: Executor = db) => ex.selectFrom('typesets').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),
    async update(id: string, changes: Partial<TypesetRow>, ex: Executor = db) {
      await ex.updateTable('typesets').set(changes).where('id', '=', id).execute();
    },
    /** An account's typesettings waiting or being typeset now. */
    async countActive(userId: string) {
      const row = await db
        .selectFrom('typesets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** An account's typesettings submitted since `since` and not paid for, deleted ones too (deleting does not give a submission back). */
    unpaidSince: (userId: string, since: string) => recentRows(db.selectFrom('typesets').where('user_id', '=', userId).where('paid_at', 'is', null), since),
    async list(userId: string, offset: number, limit: number) {
      const base = db.selectFrom('typesets').where('user_id', '=', userId).where('deleted_at', 'is', null);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}

export type TypesetRepo = ReturnType<typeof createTypesetRepo>;

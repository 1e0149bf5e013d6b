/**
 * One row changed by the back office, and what the change brings about (its check, its audit
 * entry), in one transaction: a check that throws leaves the row as it was.
 */
import type { Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './types';

/** The tables whose rows the back office changes by id this way. */
type Changeable = 'review_systems' | 'templates';

export type OnRowChange<Row> = (before: Row, after: Row, trx: Transaction<Database>) => Promise<void>;

/** The row as changed; undefined when there is no such row. */
export function changeRow<T extends Changeable>(
  db: Db,
  table: T,
  id: string,
  changes: Partial<Database[T]>,
  onChange: OnRowChange<Database[T]>,
): Promise<Database[T] | undefined> {
  // the table is one of a union: Kysely's builders are typed for one table at a time
  return db.transaction().execute(async (trx: any) => {
    const before = (await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Database[T] | undefined;
    if (!before) return undefined;
    await trx.updateTable(table).set(changes).where('id', '=', id).execute();
    const after = { ...before, ...changes };
    await onChange(before, after, trx);
    return after;
  });
}

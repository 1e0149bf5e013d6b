/**
 * One row changed by the back office, and what the change brings about (its check, its audit
 * entry), in one transaction: a check that throws leaves the row as it was.
 */
import type { Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './types';

/** The tables whose rows the back office changes by id and a set of columns. */
type Changeable = 'review_systems' | 'templates';

export type OnRowChange<Row> = (before: Row, after: Row, trx: Transaction<Database>) => Promise<void>;

/**
 * In one transaction: the row as it was (`read`; undefined, no such row, changes nothing), `write`'s
 * change to it, the row as it then reads, and `onChange` with both. The row as changed.
 */
export function changeInTransaction<Row>(
  db: Db,
  row: { read: (trx: Transaction<Database>) => Promise<Row | undefined>; write: (trx: Transaction<Database>, before: Row) => Promise<unknown> },
  onChange: OnRowChange<Row>,
): Promise<Row | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await row.read(trx);
    if (!before) return undefined;
    await row.write(trx, before);
    const after = (await row.read(trx))!;
    await onChange(before, after, trx);
    return after;
  });
}

/** The row as changed; undefined when there is no such row. */
export function changeRow<T extends Changeable>(
  db: Db,
  table: T,
  id: string,
  changes: Partial<Database[T]>,
  onChange: OnRowChange<Database[T]>,
): Promise<Database[T] | undefined> {
  // the table is one of a union: Kysely's builders are typed for one table at a time
  const rows = (trx: Transaction<Database>): any => trx;
  return changeInTransaction(
    db,
    {
      read: (trx) => rows(trx).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Database[T] | undefined>,
      write: (trx) => rows(trx).updateTable(table).set(changes).where('id', '=', id).execute(),
    },
    onChange,
  );
}

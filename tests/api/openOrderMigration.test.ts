/**
 * Migration 0021_one_open_order: of an item's pending orders older data holds, the newest stays
 * open and the others close as replaced; from then on the database keeps one pending order per item.
 */
import type { Kysely } from 'kysely';
import { storedOrderRow, storedUserRow } from '../fixtures/storedRows';
import { useUnmigratedDatabase } from './testApp';

const fresh = useUnmigratedDatabase('zn-open-order-');

const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 8, 0, second)).toISOString();
const order = (id: string, itemId: string, second: number, status: 'pending' | 'paid' = 'pending') =>
  storedOrderRow({ id, user_id: 'u_old', kind: 'typeset', item_id: itemId, title: '旧订单', amount_fen: 1900, status }, at(second));

test('older duplicates close, the newest open order stays, and a second one is refused', async () => {
  const { error } = await fresh.migrator().migrateTo('0020_similarity_double');
  if (error) throw error;
  const before = fresh.db as unknown as Kysely<any>;
  await before
    .insertInto('users')
    .values(storedUserRow(at(0)))
    .execute();
  // t_twice: ordered three times, twice in the same millisecond (the smaller id is the one answered)
  await before
    .insertInto('orders')
    .values([
      order('o_first', 't_twice', 1),
      order('o_late_b', 't_twice', 2),
      order('o_late_a', 't_twice', 2),
      order('o_alone', 't_once', 1),
      order('o_paid', 't_paid', 1, 'paid'),
    ])
    .execute();

  const { error: latest } = await fresh.migrator().migrateToLatest();
  if (latest) throw latest;
  const rows = await fresh.db.selectFrom('orders').select(['id', 'status', 'close_reason']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'o_alone', status: 'pending', close_reason: null },
    { id: 'o_first', status: 'closed', close_reason: 'replaced' },
    { id: 'o_late_a', status: 'pending', close_reason: null },
    { id: 'o_late_b', status: 'closed', close_reason: 'replaced' },
    { id: 'o_paid', status: 'paid', close_reason: null },
  ]);
  // the driver's refusal, read by its message: when another test file in the same worker loaded the
  // driver first, its SqliteError is not an Error of this file's realm, and rejects.toThrow misses it
  const refusal = await before
    .insertInto('orders')
    .values(order('o_again', 't_twice', 3))
    .execute()
    .then(
      () => 'inserted',
      (error: unknown) => String((error as { message?: unknown } | undefined)?.message ?? error),
    );
  expect(refusal).toMatch(/unique|duplicate/i);
  await before
    .insertInto('orders')
    .values(order('o_next', 't_paid', 3))
    .execute();
});

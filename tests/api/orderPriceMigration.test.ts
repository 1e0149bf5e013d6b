/** Migration 0012_order_price: a check's existing orders get the characters and rate they were priced by; other orders none. */
import type { Kysely } from 'kysely';
import { toPublicOrder } from '../../server/src/modules/order/repo';
import { REVIEW_SYSTEMS } from '../../server/src/modules/review/systems';
import { reviewSystemsBeforeSale, useUnmigratedDatabase } from './testApp';
import { storedOrderRow, storedReviewRow, storedUserRow } from '../fixtures/storedRows';

const NOW = new Date().toISOString();

const order = (id: string, kind: string, itemId: string, amountFen: number) =>
  storedOrderRow({ id, user_id: 'u_old', kind, item_id: itemId, title: '旧订单', amount_fen: amountFen, status: 'pending' }, NOW);

const fresh = useUnmigratedDatabase('zn-order-price-');

test('orders made before it show the breakdown their amount came from', async () => {
  const { error } = await fresh.migrator().migrateTo('0011_review_parts');
  if (error) throw error;
  // rows as that schema had them: later migrations add columns the current types require
  const before = fresh.db as unknown as Kysely<any>;
  await before.insertInto('users').values(storedUserRow(NOW)).execute();
  await fresh.db.insertInto('review_systems').values(reviewSystemsBeforeSale()).execute();
  await before
    .insertInto('reviews')
    .values(
      storedReviewRow(
        {
          id: 'r_old',
          user_id: 'u_old',
          system_id: REVIEW_SYSTEMS[1].id,
          title: '旧论文',
          char_count: 60_480,
          amount_fen: 61 * 500,
          status: 'unpaid',
          paper_text: '……',
          order_id: 'o_review',
        },
        NOW,
      ),
    )
    .execute();
  await before
    .insertInto('orders')
    .values([order('o_review', 'review', 'r_old', 61 * 500), order('o_typeset', 'typeset', 't_old', 1900)])
    .execute();

  const { error: latest } = await fresh.migrator().migrateToLatest();
  if (latest) throw latest;
  const rows = await fresh.db.selectFrom('orders').selectAll().orderBy('id').execute();
  expect(rows.map((r) => toPublicOrder(r).price)).toEqual([{ chars: 60_480, perThousandFen: 500, thousands: 61, totalFen: 30_500 }, null]);
});

/**
 * The demo seed on a database that migrations have already written to: a review system added by a
 * later migration runs before the seed on a fresh database, and must not keep the first ones out.
 */
import { seedDemoContent } from '../../server/src/seed';
import { REVIEW_SYSTEMS } from '../../server/src/modules/review/systems';
import { createTestApp } from './testApp';

let handle: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  handle = await createTestApp();
});
afterAll(() => handle.close());

const systemIds = async () => {
  const res = await handle.app.inject({ url: '/api/v1/review/system' });
  return (res.json().result as Array<{ id: string }>).map((s) => s.id);
};

test('a system a migration added first does not keep the offered ones out, and an edited one stays edited', async () => {
  const { db, storage } = handle.app;
  await db.deleteFrom('review_systems').execute();
  await db.insertInto('review_systems').values({ ...REVIEW_SYSTEMS[0], id: 'thesis-plus', name: '学位论文加强检测', sort: 4 }).execute();
  await seedDemoContent(db, storage);
  expect((await systemIds()).sort()).toEqual([...REVIEW_SYSTEMS.map((s) => s.id), 'thesis-plus'].sort());

  await db.updateTable('review_systems').set({ price_per_thousand_fen: 350 }).where('id', '=', REVIEW_SYSTEMS[0].id).execute();
  await seedDemoContent(db, storage);
  const row = await db.selectFrom('review_systems').select('price_per_thousand_fen').where('id', '=', REVIEW_SYSTEMS[0].id).executeTakeFirstOrThrow();
  expect(row.price_per_thousand_fen).toBe(350);
});

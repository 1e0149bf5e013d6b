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
  await db
    .insertInto('review_systems')
    .values({ ...REVIEW_SYSTEMS[0], id: 'thesis-plus', name: '学位论文加强检测', sort: 4 })
    .execute();
  await seedDemoContent(db, storage);
  expect((await systemIds()).sort()).toEqual([...REVIEW_SYSTEMS.map((s) => s.id), 'thesis-plus'].sort());

  await db.updateTable('review_systems').set({ price_per_thousand_fen: 350 }).where('id', '=', REVIEW_SYSTEMS[0].id).execute();
  await seedDemoContent(db, storage);
  const row = await db.selectFrom('review_systems').select('price_per_thousand_fen').where('id', '=', REVIEW_SYSTEMS[0].id).executeTakeFirstOrThrow();
  expect(row.price_per_thousand_fen).toBe(350);
});

test('a system whose settings the engine cannot honour stops the start with a reason an operator can act on', async () => {
  const { db, storage } = handle.app;
  await db
    .insertInto('review_systems')
    .values({ ...REVIEW_SYSTEMS[0], id: 'loose', name: '宽松检测', min_match: 5, sort: 5 })
    .execute();
  await expect(seedDemoContent(db, storage)).rejects.toThrow('查重系统 loose 的 min_match 不合要求：起报字数，须为不小于 8 的整数（现为 5）');

  await db.updateTable('review_systems').set({ min_match: 8, corpora: '范文库' }).where('id', '=', 'loose').execute();
  await expect(seedDemoContent(db, storage)).rejects.toThrow(/查重系统 loose 的 corpora 不合要求：比对库/);

  await db
    .updateTable('review_systems')
    .set({ corpora: JSON.stringify(['范文库：学位论文']) })
    .where('id', '=', 'loose')
    .execute();
  await expect(seedDemoContent(db, storage)).resolves.toBeUndefined();
  await db.deleteFrom('review_systems').where('id', '=', 'loose').execute();
});

test('a template file added later reaches a database that already has templates, and an edited one stays edited', async () => {
  const { db, storage } = handle.app;
  const ids = async () => (await db.selectFrom('templates').select('id').execute()).map((t) => t.id).sort();
  const all = await ids();
  await db.deleteFrom('templates').where('id', '=', all[0]).execute();
  await db.updateTable('templates').set({ price_fen: 1234 }).where('id', '=', all[1]).execute();
  await seedDemoContent(db, storage);
  expect(await ids()).toEqual(all);
  const edited = await db.selectFrom('templates').select('price_fen').where('id', '=', all[1]).executeTakeFirstOrThrow();
  expect(edited.price_fen).toBe(1234);
});

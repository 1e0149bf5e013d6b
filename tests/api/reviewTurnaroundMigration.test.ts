/**
 * Migration 0024_review_turnaround: a database seeded before keeps its check systems' rows (the
 * seed adds only what is missing), so their promise of a report in 5 to 20 minutes becomes the one
 * the seed now has; a promise an operator has changed stays.
 */
import type { Kysely } from 'kysely';
import { REVIEW_SYSTEMS } from '../../server/src/modules/review';
import { useUnmigratedDatabase } from './testApp';

const fresh = useUnmigratedDatabase('zn-review-turnaround-');

test("the seeded systems' old promise becomes the seed's, an operator's own stays; back down it is the old one again", async () => {
  const { error } = await fresh.migrator().migrateTo('0023_job_turns');
  if (error) throw error;
  const db = fresh.db as unknown as Kysely<any>;
  const before: Record<string, string> = { undergraduate: '约 10 分钟', graduate: '约 20 分钟', journal: '当天出报告' };
  await db
    .insertInto('review_systems')
    .values(REVIEW_SYSTEMS.map((s) => ({ ...s, turnaround: before[s.id] })))
    .execute();
  const promises = async () =>
    Object.fromEntries((await db.selectFrom('review_systems').select(['id', 'turnaround']).execute()).map((r) => [r.id, r.turnaround]));

  const { error: up } = await fresh.migrator().migrateToLatest();
  if (up) throw up;
  const seeded = Object.fromEntries(REVIEW_SYSTEMS.map((s) => [s.id, s.turnaround]));
  expect(await promises()).toEqual({ undergraduate: seeded.undergraduate, graduate: seeded.graduate, journal: '当天出报告' });
  expect(seeded.undergraduate).toBe('通常 1 分钟内');

  const { error: down } = await fresh.migrator().migrateTo('0023_job_turns');
  if (down) throw down;
  expect(await promises()).toEqual(before);
});

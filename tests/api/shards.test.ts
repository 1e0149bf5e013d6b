/**
 * A library in shards (review/shards.ts, review/job.ts): a paid check fans out as one job per shard
 * and a merge job through the jobs table, each shard's job run by a process that holds the shard,
 * and the report is exactly the one a single index of the whole library gives. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL says so.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import type { Config } from '../../server/src/config';
import { shardOf } from '../../server/src/modules/review/shards';
import { client, createTestApp, payAsGateway } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
const opened: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of opened) await app.close();
  await t.close();
});

/** Another process on the same database and data folder, holding `held` of `count` shards (waiting as configured unless given). */
async function processWith(shards: Pick<Config['shards'], 'count' | 'held'> & Partial<Config['shards']>) {
  const app = await buildApp({ ...t.config, shards: { ...t.config.shards, ...shards } });
  opened.push(app);
  return app;
}

const OWN = '本文记录了作者在县城中学一个学期的课堂观察，比较了两所学校在课后服务安排上的差别，并据此提出改进建议。';

/** A paper copying a passage of two documents of each of two shards, between text of its own. */
async function paperAcrossShards() {
  const docs = await t.app.db.selectFrom('documents').select(['id', 'full_text']).orderBy('seq').execute();
  const chosen = [0, 1].flatMap((shard) => docs.filter((d) => shardOf(d.id, 2) === shard).slice(0, 2));
  expect(chosen).toHaveLength(4);
  const passage = (text: string) => text.slice(Math.floor(text.length / 3), Math.floor(text.length / 3) + 160);
  return { text: [OWN, ...chosen.map((d) => passage(d.full_text)), OWN].join('\n'), sourceIds: chosen.map((d) => d.id) };
}

/** A paid review of `text`, its jobs left in the queue. */
async function paidReview(browser: ReturnType<typeof client>, text: string) {
  const created = await browser.post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text, amountFen: 1 });
  const { review, orderId } = created.body.result;
  expect(await payAsGateway(t.app, orderId, review.amountFen)).toBe('paid');
  return review.id as string;
}

async function reportOf(browser: ReturnType<typeof client>, reviewId: string) {
  const res = await browser.get(`/api/v1/review/${reviewId}/report`);
  expect(res.status).toBe(200);
  const { review: _review, ...report } = res.body.result;
  return report;
}

test('two processes, each holding one of two shards, make the report one index of the whole library makes', async () => {
  const me = client(t.app);
  await me.login();
  const { text, sourceIds } = await paperAcrossShards();

  const whole = await processWith({ count: 1, held: [0] });
  const first = await paidReview(me, text);
  await whole.jobs.drain();
  const expected = await reportOf(me, first);
  expect(expected.sources.map((s: { sourceId: string }) => s.sourceId).sort()).toEqual([...sourceIds].sort());

  const [holdsZero, holdsOne] = [await processWith({ count: 2, held: [0] }), await processWith({ count: 2, held: [1] })];
  const second = await paidReview(me, text);
  // the first splits the check and runs its own shard; shard 1's part waits for a process that holds it
  await holdsZero.jobs.drain();
  expect((await me.get(`/api/v1/review/${second}`)).body.result).toMatchObject({ status: 'running' });
  const kinds = await t.app.db.selectFrom('jobs').select(['kind', 'status']).where('ref_id', '=', second).orderBy('kind').execute();
  expect(kinds).toEqual([
    { kind: 'review', status: 'done' },
    { kind: 'review_shard_0', status: 'done' },
    { kind: 'review_shard_1', status: 'queued' },
  ]);
  // the second runs shard 1, and being the last part it queues the merge, which it runs too
  await holdsOne.jobs.drain();
  expect((await me.get(`/api/v1/review/${second}`)).body.result).toMatchObject({ status: 'done', progress: 100 });
  expect(await reportOf(me, second)).toEqual(expected);
  // the parts are gone once the report is made
  expect(await t.app.db.selectFrom('review_parts').selectAll().where('review_id', '=', second).execute()).toEqual([]);
});

test('a process holding every shard runs the whole check by itself, with the same report', async () => {
  const me = client(t.app);
  await me.login();
  const { text } = await paperAcrossShards();
  const whole = await processWith({ count: 1, held: [0] });
  const first = await paidReview(me, text);
  await whole.jobs.drain();
  const all = await processWith({ count: 3, held: [0, 1, 2] });
  const second = await paidReview(me, text);
  await all.jobs.drain();
  expect(await reportOf(me, second)).toEqual(await reportOf(me, first));
});

test('a shard whose part fails for good fails the check with its reason, and the order is owed a refund', async () => {
  const me = client(t.app);
  await me.login();
  const { text } = await paperAcrossShards();
  const [holdsZero, holdsOne] = [await processWith({ count: 2, held: [0] }), await processWith({ count: 2, held: [1] })];
  const reviewId = await paidReview(me, text);
  await holdsZero.jobs.drain();
  // shard 1's part cannot read the paper: three attempts, then the check fails
  await t.app.db.updateTable('reviews').set({ paper_text: null }).where('id', '=', reviewId).execute();
  await holdsOne.jobs.drain();
  const review = (await me.get(`/api/v1/review/${reviewId}`)).body.result;
  expect(review).toMatchObject({ status: 'failed' });
  expect(review.failureReason).toMatch(/论文已删除.*费用将原路退回/);
  const order = await t.app.db.selectFrom('orders').selectAll().where('item_id', '=', reviewId).executeTakeFirstOrThrow();
  expect(order.refund_due).toBeTruthy();
  expect(await t.app.db.selectFrom('jobs').select('kind').where('ref_id', '=', reviewId).where('kind', '=', 'review_merge').execute()).toEqual([]);
});

test('a shard no process holds: its part waits, then the check is given up and the order owed a refund', async () => {
  const me = client(t.app);
  await me.login();
  const { text } = await paperAcrossShards();
  const holdsZero = await processWith({ count: 2, held: [0], waitMs: 60_000 });
  const reviewId = await paidReview(me, text);
  await holdsZero.jobs.drain();
  const shardOne = () => t.app.db.selectFrom('jobs').selectAll().where('ref_id', '=', reviewId).where('kind', '=', 'review_shard_1').executeTakeFirstOrThrow();
  // within the wait: nothing is given up
  await holdsZero.jobs.sweep();
  expect((await shardOne()).status).toBe('queued');
  expect((await me.get(`/api/v1/review/${reviewId}`)).body.result).toMatchObject({ status: 'running' });
  // past it (the job backdated two minutes): failed, with the reason the user reads, and refunded
  await t.app.db
    .updateTable('jobs')
    .set({ updated_at: new Date(Date.now() - 120_000).toISOString() })
    .where('ref_id', '=', reviewId)
    .where('kind', '=', 'review_shard_1')
    .execute();
  await holdsZero.jobs.sweep();
  expect((await shardOne()).status).toBe('failed');
  const review = (await me.get(`/api/v1/review/${reviewId}`)).body.result;
  expect(review).toMatchObject({ status: 'failed' });
  expect(review.failureReason).toBe('检测未能完成（等候 1 分钟仍未开始处理），费用将原路退回');
  const order = await t.app.db.selectFrom('orders').selectAll().where('item_id', '=', reviewId).executeTakeFirstOrThrow();
  expect(order.refund_due).toBeTruthy();
  // a process holding the shard that starts later finds nothing left to run
  const holdsOne = await processWith({ count: 2, held: [1], waitMs: 60_000 });
  await holdsOne.jobs.drain();
  expect((await me.get(`/api/v1/review/${reviewId}`)).body.result).toMatchObject({ status: 'failed' });
  expect(await t.app.db.selectFrom('jobs').select('kind').where('ref_id', '=', reviewId).where('kind', '=', 'review_merge').execute()).toEqual([]);
});

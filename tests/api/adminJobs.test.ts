/**
 * The back office's overview (概览) and job queue (任务): the business per day in China's days,
 * the jobs by state and kind, and the retry of a given-up job, which runs it again, shows the
 * student the work waiting again, withdraws the refund its failure marked, and writes one audit
 * entry; a job that was not given up, or whose order was refunded, is not retried.
 */
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { buildApp } from '../../server/src/app';
import { createTestApp, multipart, otherUser, payAsGateway, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
let student: Awaited<ReturnType<typeof otherUser>>;

beforeAll(async () => {
  t = await createTestApp();
  // typesetting's payable, replaced: any item at one price
  t.app.orders.registerPayable('typeset', {
    async quote() {
      return { title: '测试商品', amountFen: 9900 };
    },
    async fulfil() {},
  });
  operator = await staffUser(t, 'operator');
  admin = await staffUser(t, 'admin');
  student = await otherUser(t.app);
});
afterAll(() => t.close());

const TEXT = '县域中学课后服务的组织方式、经费来源与学生参与情况各不相同。'.repeat(60);
const DAY_MS = 86_400_000;
/** A China day (YYYY-MM-DD) `back` days before today. */
const chinaDay = (back: number) => new Date(Date.now() - back * DAY_MS).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
/** An instant as China's clock reads it on that day, as the database keeps it. */
const chinaTime = (day: string, clock: string) => new Date(`${day}T${clock}:00+08:00`).toISOString();

type Day = { day: string; ordersCreated: number; ordersPaid: number; revenueFen: number; reviewsDone: number; typesetsDone: number };
type Overview = { days: Day[]; totals: Omit<Day, 'day'>; jobs: { waiting: number; failed: number } };
const overview = async (query = '') => {
  const res = await operator.get(`/api/v1/admin/overview${query}`);
  expect(res.status).toBe(200);
  return res.body.result as Overview;
};
/** What changed of each figure of a day between two overviews. */
const change = (before: Overview, after: Overview, day: string) => {
  const [b, a] = [before, after].map((o) => o.days.find((d) => d.day === day)!);
  return Object.fromEntries(
    Object.keys(a)
      .filter((k) => k !== 'day')
      .map((k) => [k, (a as any)[k] - (b as any)[k]]),
  );
};

let items = 0;
/** An order of an item of its own (an item has one open order). */
async function newOrder() {
  items += 1;
  return (await student.post('/api/v1/order', { kind: 'typeset', itemId: `x${items}` })).body.result as { id: string };
}
const insertJob = async (kind: string, refId: string, status: 'queued' | 'running' | 'done' | 'failed', updatedAt = new Date().toISOString()) =>
  Number(
    (
      await t.app.db
        .insertInto('jobs')
        .values({
          kind,
          ref_id: refId,
          status,
          attempts: status === 'failed' ? 3 : 0,
          locked_until: null,
          last_error: status === 'failed' ? '引擎崩溃' : null,
          created_at: updatedAt,
          updated_at: updatedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

test('the overview: per China day the orders made and paid, net revenue, reviews and typesettings finished, with totals and the queue now', async () => {
  const before = await overview();
  expect(before.days).toHaveLength(30);
  expect(before.days[29].day).toBe(chinaDay(0));
  const [d3, d2, d1, d0] = [chinaDay(3), chinaDay(2), chinaDay(1), chinaDay(0)];

  // made at 23:30 on d3 and paid at 00:30 on d2, China time: the same UTC day, two China days
  const a = await newOrder();
  await t.app.db
    .updateTable('orders')
    .set({ status: 'paid', created_at: chinaTime(d3, '23:30'), paid_at: chinaTime(d2, '00:30'), refunded_fen: 1000 })
    .where('id', '=', a.id)
    .execute();
  const b = await newOrder();
  await t.app.db
    .updateTable('orders')
    .set({ created_at: chinaTime(d1, '10:00') })
    .where('id', '=', b.id)
    .execute();
  // older than the 30 days: in no figure
  const old = await newOrder();
  await t.app.db
    .updateTable('orders')
    .set({ status: 'paid', created_at: chinaTime(chinaDay(40), '10:00'), paid_at: chinaTime(chinaDay(40), '10:05') })
    .where('id', '=', old.id)
    .execute();

  const { review } = (await student.post('/api/v1/review', { systemId: 'journal', title: '已完成的检测', author: '林晓', text: TEXT })).body.result;
  await t.app.db
    .updateTable('reviews')
    .set({ status: 'done', finished_at: chinaTime(d1, '12:00') })
    .where('id', '=', review.id)
    .execute();
  await insertJob('typeset', 'overview-done', 'done', chinaTime(d0, '00:00'));
  await insertJob('typeset', 'overview-failed', 'failed');
  await insertJob('typeset', 'overview-waiting', 'queued');

  const after = await overview();
  const none = { ordersCreated: 0, ordersPaid: 0, revenueFen: 0, reviewsDone: 0, typesetsDone: 0 };
  expect(change(before, after, d3)).toEqual({ ...none, ordersCreated: 1 });
  expect(change(before, after, d2)).toEqual({ ...none, ordersPaid: 1, revenueFen: 8900 });
  expect(change(before, after, d1)).toEqual({ ...none, ordersCreated: 1, reviewsDone: 1 });
  // today: the old order and the review were made today too
  expect(change(before, after, d0)).toMatchObject({ ordersCreated: 1, ordersPaid: 0, revenueFen: 0, typesetsDone: 1 });
  expect(after.totals.revenueFen - before.totals.revenueFen).toBe(8900);
  expect(after.totals.ordersCreated - before.totals.ordersCreated).toBe(3);
  expect(after.totals.ordersCreated).toBe(after.days.reduce((sum, day) => sum + day.ordersCreated, 0));
  expect(after.jobs).toEqual({ waiting: before.jobs.waiting + 1, failed: before.jobs.failed + 1 });

  // ?days: from 1 to 90
  const week = await overview('?days=7');
  expect(week.days.map((day) => day.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(chinaDay));
  expect((await overview('?days=90')).days).toHaveLength(90);
  for (const days of ['0', '91', 'x']) {
    const refused = await operator.get(`/api/v1/admin/overview?days=${days}`);
    expect([days, refused.status, refused.body.message]).toEqual([days, 422, '天数须为 1 到 90 之间的整数']);
  }
});

test('the jobs: newest first, by state and by kind, a page at a time', async () => {
  const shard = await insertJob('review_shard_1', 'list-review', 'failed');
  const typeset = await insertJob('typeset', 'list-typeset', 'queued');
  const list = async (query: string) => {
    const res = await operator.get(`/api/v1/admin/jobs?${query}`);
    expect(res.status).toBe(200);
    return res.body.result as {
      list: Array<{ id: number; kind: string; family: string; status: string; lastError: string | null; attempts: number }>;
      total: number;
    };
  };
  const ids = (page: { list: Array<{ id: number }> }) => page.list.map((job) => job.id);

  const failedReviews = await list('status=failed&family=review');
  expect(ids(failedReviews)).toContain(shard);
  expect(ids(failedReviews)).not.toContain(typeset);
  expect(failedReviews.list.every((job) => job.status === 'failed' && job.family === 'review')).toBe(true);
  expect(failedReviews.list.find((job) => job.id === shard)).toMatchObject({ kind: 'review_shard_1', family: 'review', attempts: 3, lastError: '引擎崩溃' });
  const typesets = await list('family=typeset');
  expect(ids(typesets)).toContain(typeset);
  expect(typesets.list.every((job) => job.kind === 'typeset')).toBe(true);
  expect(ids(await list('status=queued'))).not.toContain(shard);

  const first = await list('pageSize=1&current=1');
  const second = await list('pageSize=1&current=2');
  expect(first.list).toHaveLength(1);
  expect(first.total).toBeGreaterThanOrEqual(2);
  expect(first.list[0].id).toBeGreaterThan(second.list[0].id);
  expect((await operator.get('/api/v1/admin/jobs?status=lost')).status).toBe(422);
});

/** A paid review whose job fails on every attempt (its paper is unreadable), given up and marked for refund. */
async function failedReview() {
  const { review, orderId } = (await student.post('/api/v1/review', { systemId: 'journal', title: '失败的检测', author: '林晓', text: TEXT })).body.result;
  await payAsGateway(t.app, orderId, review.amountFen);
  const paper = (await t.app.db.selectFrom('reviews').select('paper_text').where('id', '=', review.id).executeTakeFirstOrThrow()).paper_text;
  await t.app.db.updateTable('reviews').set({ paper_text: null }).where('id', '=', review.id).execute();
  await t.app.jobs.drain();
  // what failed is mended (the paper readable again); the job stays given up until someone retries it
  await t.app.db.updateTable('reviews').set({ paper_text: paper }).where('id', '=', review.id).execute();
  const job = (await t.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'review').where('ref_id', '=', review.id).executeTakeFirstOrThrow()) as {
    id: number;
    status: string;
  };
  expect(job.status).toBe('failed');
  return { reviewId: review.id as string, orderId: orderId as string, jobId: Number(job.id) };
}
const auditOf = async (jobId: number) =>
  (await admin.get(`/api/v1/admin/audit?action=job.retry&targetId=${jobId}`)).body.result.list as Array<{ actorEmail: string; before: any; after: any }>;

test('retrying a given-up review runs it again: the student sees it waiting then done, the refund mark is withdrawn, one audit entry', async () => {
  const { reviewId, orderId, jobId } = await failedReview();
  expect((await student.get(`/api/v1/review/${reviewId}`)).body.result).toMatchObject({ status: 'failed' });
  expect((await operator.get(`/api/v1/admin/orders/${orderId}`)).body.result.order.refundDue).toBe(true);

  const retried = await operator.post(`/api/v1/admin/jobs/${jobId}/retry`, {});
  expect(retried.status).toBe(200);
  expect(retried.body).toMatchObject({
    message: '任务已重新排队',
    result: { id: jobId, status: 'queued', attempts: 0, family: 'review', refId: reviewId, orderId },
  });
  // the list names the order the student quotes, beside the review's own id
  const listed = (await operator.get('/api/v1/admin/jobs?family=review&status=queued&pageSize=50')).body.result.list.find(
    (job: { id: number }) => job.id === jobId,
  );
  expect(listed).toMatchObject({ refId: reviewId, orderId });
  expect((await student.get(`/api/v1/review/${reviewId}`)).body.result).toMatchObject({ status: 'queued', failureReason: null });
  expect((await operator.get(`/api/v1/admin/orders/${orderId}`)).body.result.order.refundDue).toBe(false);
  const entries = await auditOf(jobId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actorEmail: operator.email, before: { status: 'failed', attempts: 3 }, after: { status: 'queued', attempts: 0 } });

  await t.app.jobs.drain();
  expect((await student.get(`/api/v1/review/${reviewId}`)).body.result).toMatchObject({ status: 'done', progress: 100 });
  expect((await operator.get(`/api/v1/admin/jobs?family=review&status=done&pageSize=50`)).body.result.list.map((job: { id: number }) => job.id)).toContain(
    jobId,
  );

  // done now: not retried, and nothing more in the log
  const again = await operator.post(`/api/v1/admin/jobs/${jobId}/retry`, {});
  expect([again.status, again.body.errorCode, again.body.message]).toEqual([409, 'JOB_NOT_FAILED', '只有失败的任务可以重试']);
  expect(await auditOf(jobId)).toHaveLength(1);
  expect((await operator.post('/api/v1/admin/jobs/999999/retry', {})).status).toBe(404);
});

test('a given-up review whose order was refunded is not retried: the student would have both', async () => {
  const { reviewId, orderId, jobId } = await failedReview();
  await t.app.db.updateTable('orders').set({ status: 'refunded', refunded_fen: 100 }).where('id', '=', orderId).execute();
  const refused = await operator.post(`/api/v1/admin/jobs/${jobId}/retry`, {});
  expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([409, 'NOT_RETRYABLE', '订单已退款或正在退款，不能重试']);
  expect((await student.get(`/api/v1/review/${reviewId}`)).body.result.status).toBe('failed');
  expect((await operator.get(`/api/v1/admin/jobs?status=failed&pageSize=50`)).body.result.list.map((job: { id: number }) => job.id)).toContain(jobId);
  expect(await auditOf(jobId)).toHaveLength(0);
});

test('a shard or merge job of a review split across shards is not retried alone: the parts of the other shards were not kept', async () => {
  const { reviewId } = await failedReview();
  const sharded = await buildApp({ ...t.config, shards: { ...t.config.shards, count: 2, held: [0, 1] } });
  try {
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('jobs')
      .values({
        kind: 'review_merge',
        ref_id: reviewId,
        status: 'failed',
        attempts: 3,
        locked_until: null,
        last_error: '2 个分库中只有 1 个完成',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const job = (await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'review_merge')
      .where('ref_id', '=', reviewId)
      .executeTakeFirstOrThrow()) as { id: number };
    const op = await staffUser({ app: sharded, config: t.config }, 'operator');
    const refused = await op.post(`/api/v1/admin/jobs/${job.id}/retry`, {});
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'NOT_RETRYABLE']);
    expect(refused.body.message).toContain('分库');
    expect((await student.get(`/api/v1/review/${reviewId}`)).body.result.status).toBe('failed');
    expect(await auditOf(Number(job.id))).toHaveLength(0);
  } finally {
    await sharded.close();
  }
});

test('retrying a given-up typesetting shows the student it waiting again instead of failed', async () => {
  const upload = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: '初稿.docx', data: await wordManuscript() });
  const { id } = (await student.call('POST', '/api/v1/typeset', upload.payload, upload.headers)).body.result;
  // what giving up after the last attempt leaves (the job itself is not run here: it needs LibreOffice)
  const job = (await t.app.db.selectFrom('jobs').select('id').where('kind', '=', 'typeset').where('ref_id', '=', id).executeTakeFirstOrThrow()) as {
    id: number;
  };
  await t.app.db.updateTable('jobs').set({ status: 'failed', attempts: 3, last_error: '版面引擎没有响应' }).where('id', '=', job.id).execute();
  await t.app.db.updateTable('typesets').set({ status: 'failed', failure_reason: '排版未能完成（版面引擎没有响应）' }).where('id', '=', id).execute();

  const retried = await operator.post(`/api/v1/admin/jobs/${job.id}/retry`, {});
  expect(retried.body.result).toMatchObject({ status: 'queued', family: 'typeset', refId: id });
  // never ordered (it is paid for after its preview): no order to name
  expect(retried.body.result).not.toHaveProperty('orderId');
  expect((await student.get(`/api/v1/typeset/${id}`)).body.result).toMatchObject({ status: 'queued', failureReason: null });
  expect(await auditOf(Number(job.id))).toHaveLength(1);
});

test('deleting a queued typesetting keeps its job, listed as cancelled and never run; the student no longer has the typesetting', async () => {
  const upload = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: '删除的初稿.docx', data: await wordManuscript() });
  const { id } = (await student.call('POST', '/api/v1/typeset', upload.payload, upload.headers)).body.result;
  const listed = async () =>
    ((await operator.get('/api/v1/admin/jobs?family=typeset&pageSize=50')).body.result.list as Array<{ id: number; refId: string; status: string }>).find(
      (job) => job.refId === id,
    );
  const queued = await listed();
  expect(queued).toMatchObject({ status: 'queued', family: 'typeset' });

  expect((await student.call('DELETE', `/api/v1/typeset/${id}`)).status).toBe(200);
  expect(await listed()).toMatchObject({ id: queued!.id, status: 'cancelled', attempts: 0 });
  const cancelled = (await operator.get('/api/v1/admin/jobs?status=cancelled&pageSize=50')).body.result.list.map((job: { id: number }) => job.id);
  expect(cancelled).toContain(queued!.id);
  expect((await student.get(`/api/v1/typeset/${id}`)).status).toBe(404);
  expect((await student.get('/api/v1/typeset?pageSize=50')).body.result.list.map((row: { id: string }) => row.id)).not.toContain(id);

  // never run again (the typesetting runs here are only recorded: the real ones need LibreOffice), and not to be retried
  const ran: string[] = [];
  t.app.jobs.register('typeset', { run: async (refId) => void ran.push(refId), giveUp: async () => undefined });
  await t.app.jobs.drain();
  expect(ran).not.toContain(id);
  expect(await listed()).toMatchObject({ status: 'cancelled', attempts: 0 });
  const retry = await operator.post(`/api/v1/admin/jobs/${queued!.id}/retry`, {});
  expect([retry.status, retry.body.errorCode]).toEqual([409, 'JOB_NOT_FAILED']);
});

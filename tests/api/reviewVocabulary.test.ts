/**
 * Migration 0010_review_vocabulary on a database that already holds work in the old words: the
 * `checks` table, order and job kind `check`, status `checking`. Nothing is lost, and a pending
 * order of the old kind paid afterwards still runs its review (SQLite, or PostgreSQL in CI).
 */
import { randomBytes } from 'crypto';
import { Migrator, type Kysely } from 'kysely';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { migrations } from '../../server/src/db/migrations';
import { REVIEW_SYSTEMS } from '../../server/src/modules/review/systems';
import { storedOrderRow, storedReviewRow, storedUserRow } from '../fixtures/storedRows';
import { reviewSystemsBeforeSale, useUnmigratedDatabase } from './testApp';

const PAPER = Array.from({ length: 20 }, (_, i) => `第${i + 1}段：本文记录了一个学期里两所县域中学课后服务的安排、教师的负担和学生的参与。`).join('\n');
const NOW = new Date().toISOString();
const LATER = new Date(Date.now() + 30 * 60 * 1000).toISOString();
const EARLIER = new Date(Date.now() - 60 * 1000).toISOString();

const checkRow = (id: string, status: string, orderId: string | null) =>
  storedReviewRow(
    {
      id,
      user_id: 'u_old',
      system_id: REVIEW_SYSTEMS[0].id,
      title: `旧论文 ${id}`,
      char_count: 600,
      amount_fen: 300,
      status,
      progress: status === 'checking' ? 40 : 0,
      paper_text: PAPER,
      order_id: orderId,
    },
    NOW,
  );

const orderRow = (id: string, itemId: string, status: 'pending' | 'paid') =>
  storedOrderRow(
    {
      id,
      user_id: 'u_old',
      kind: 'check',
      item_id: itemId,
      title: '本科毕业论文检测 · 旧论文',
      amount_fen: 300,
      status,
      gateway: status === 'paid' ? 'sandbox' : null,
      gateway_trade_no: status === 'paid' ? `T${id}` : null,
      expires_at: LATER,
    },
    NOW,
  );

const job = (refId: string, status: 'queued' | 'running') => ({
  kind: 'check',
  ref_id: refId,
  status,
  attempts: status === 'running' ? 1 : 0,
  // a running job of a process that died: its lock has run out
  locked_until: status === 'running' ? EARLIER : null,
  last_error: null,
  created_at: NOW,
  updated_at: NOW,
});

/** A database at 0008 with three checks: unpaid (order pending), paid and queued, and half done. */
async function oldDatabase(db: Kysely<any>) {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0008_typeset_pages');
  if (error) throw error;
  await db.insertInto('users').values(storedUserRow(NOW)).execute();
  await db.insertInto('check_systems').values(reviewSystemsBeforeSale()).execute();
  await db
    .insertInto('checks')
    .values([checkRow('c_unpaid', 'unpaid', 'o_pending'), checkRow('c_queued', 'queued', 'o_paid'), checkRow('c_running', 'checking', 'o_paid2')])
    .execute();
  await db
    .insertInto('orders')
    .values([orderRow('o_pending', 'c_unpaid', 'pending'), orderRow('o_paid', 'c_queued', 'paid'), orderRow('o_paid2', 'c_running', 'paid')])
    .execute();
  await db
    .insertInto('jobs')
    .values([job('c_queued', 'queued'), job('c_running', 'running')])
    .execute();
}

const fresh = useUnmigratedDatabase('zn-vocabulary-');
beforeAll(() => oldDatabase(fresh.db));

test('0010 renames the tables and rewrites kinds and statuses; a pending order of the old kind paid afterwards runs its review', async () => {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: fresh.dataDir, databaseUrl: fresh.url, sessionSecret: randomBytes(32).toString('hex'), webRoot: undefined, logLevel: 'silent' },
  );
  // building the server migrates to the latest
  const app = await buildApp(config, { db: fresh.db });
  try {
    const reviews = await fresh.db.selectFrom('reviews').select(['id', 'status', 'progress', 'paper_text', 'order_id']).orderBy('id').execute();
    expect(reviews).toEqual([
      { id: 'c_queued', status: 'queued', progress: 0, paper_text: PAPER, order_id: 'o_paid' },
      { id: 'c_running', status: 'running', progress: 40, paper_text: PAPER, order_id: 'o_paid2' },
      { id: 'c_unpaid', status: 'unpaid', progress: 0, paper_text: PAPER, order_id: 'o_pending' },
    ]);
    expect((await fresh.db.selectFrom('review_systems').select('id').orderBy('sort').execute()).map((s) => s.id)).toEqual(REVIEW_SYSTEMS.map((s) => s.id));
    expect(new Set((await fresh.db.selectFrom('orders').select('kind').execute()).map((o) => o.kind))).toEqual(new Set(['review']));
    expect(await fresh.db.selectFrom('jobs').select(['kind', 'ref_id', 'status']).orderBy('ref_id').execute()).toEqual([
      { kind: 'review', ref_id: 'c_queued', status: 'queued' },
      { kind: 'review', ref_id: 'c_running', status: 'running' },
    ]);

    expect(await app.orders.applyPayment({ gateway: 'sandbox', tradeNo: 'T-after-0010', orderId: 'o_pending', amountFen: 300 })).toBe('paid');
    await app.jobs.drain();
    const done = await fresh.db.selectFrom('reviews').select(['id', 'status', 'progress', 'verification_code']).orderBy('id').execute();
    expect(done.map((r) => [r.id, r.status, r.progress])).toEqual([
      ['c_queued', 'done', 100],
      ['c_running', 'done', 100],
      ['c_unpaid', 'done', 100],
    ]);
    expect(done.every((r) => r.verification_code)).toBe(true);
    expect((await fresh.db.selectFrom('orders').select('status').where('id', '=', 'o_pending').executeTakeFirstOrThrow()).status).toBe('paid');
  } finally {
    await app.close();
  }

  // and back: the down migration restores the old names and words
  const { error } = await fresh.migrator().migrateTo('0008_typeset_pages');
  expect(error).toBeUndefined();
  const old = fresh.db as unknown as Kysely<any>;
  expect(await old.selectFrom('checks').select('id').orderBy('id').execute()).toHaveLength(3);
  expect(new Set((await old.selectFrom('jobs').select('kind').execute()).map((j) => j.kind))).toEqual(new Set(['check']));
  expect(await old.selectFrom('check_systems').select('id').execute()).toHaveLength(REVIEW_SYSTEMS.length);
});

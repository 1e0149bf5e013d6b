/**
 * The `jobs` table as the runner and the back office use it: claiming, finishing and handing back
 * a job by conditional updates (any number of processes share the queue), giving up watched jobs
 * that waited too long, and the back office's view and retry.
 */
import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import type { Db } from '../db';
import { hourOf, hourRows } from '../db/hourly';
import type { Database, JobTable } from '../db/types';
import { AppError, notFound } from '../lib/errors';
import { isoIn, nowIso } from '../lib/time';

export type JobStatus = JobTable['status'];
export type JobRow = Selectable<JobTable>;
/** What the back office lists jobs by: a review's jobs (whole, per shard, the merge) or a typesetting. */
export type JobFamily = 'review' | 'typeset';
/** The kinds of job the product queues: a review, one shard's part of it and their merge (review/job.ts), a typesetting. */
export type JobKind = 'review' | `review_shard_${number}` | 'review_merge' | 'typeset';

/** Queued, or running with its lock run out (its process died) and an attempt left. */
const claimable = (now: string, maxAttempts: number) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now), eb('attempts', '<', maxAttempts)])]);

/**
 * A claimed job; `lock` is the lock it was claimed with, which the claim's holder renews and
 * finishes by: a job whose lock is no longer the holder's was taken from it (its lock ran out and
 * another claimed it, it was handed back, or it was cancelled), and the holder writes nothing more.
 */
export type ClaimedJob = JobRow & { lock: string };

/**
 * Takes a claimable job of `kinds`: of the kind whose job has waited longest, the next in turn. The
 * accounts with jobs of that kind waiting take turns: one with none of the kind running goes before
 * one with some, then the one that started one of the kind longest ago (or never); of an account's
 * jobs, the oldest. Undefined when there is none or another worker was faster.
 */
export async function claimJob(db: Db, kinds: string[], lockMs: number, maxAttempts: number): Promise<ClaimedJob | undefined> {
  const now = nowIso();
  const oldest = await db
    .selectFrom('jobs')
    .select('kind')
    .where(claimable(now, maxAttempts))
    .where('kind', 'in', [...kinds, ''])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return undefined;
  const sameAccount = (eb: ExpressionBuilder<Database & { other: JobTable }, 'jobs' | 'other'>) =>
    eb.and([eb('other.kind', '=', eb.ref('jobs.kind')), eb('other.account_id', '=', eb.ref('jobs.account_id'))]);
  const next = await db
    .selectFrom('jobs')
    .selectAll('jobs')
    .where(claimable(now, maxAttempts))
    .where('kind', '=', oldest.kind)
    // the account's jobs of the kind running now (a lock run out is no longer running)
    .orderBy((eb) =>
      eb
        .selectFrom('jobs as other')
        .select((o) => o.fn.countAll<number>().as('n'))
        .where(sameAccount)
        .where('other.status', '=', 'running')
        .where('other.locked_until', '>=', now),
    )
    // when it last started one ('' for never: before any time)
    .orderBy((eb) =>
      eb.fn.coalesce(
        eb
          .selectFrom('jobs as other')
          .select((o) => o.fn.max('other.started_at').as('s'))
          .where(sameAccount),
        eb.val(''),
      ),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return undefined;
  const lock = isoIn(lockMs);
  const taken = await db
    .updateTable('jobs')
    .set({ status: 'running', locked_until: lock, attempts: next.attempts + 1, started_at: now, updated_at: now })
    .where('id', '=', next.id)
    .where(claimable(now, maxAttempts))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? { ...next, attempts: next.attempts + 1, locked_until: lock, started_at: now, lock } : undefined;
}

/** The holder's renewal of its lock: the new lock, or undefined when the job is no longer its own. */
export async function renewLock(db: Db, id: number, lock: string, lockMs: number): Promise<string | undefined> {
  const next = isoIn(lockMs);
  // the same instant twice: still a renewal of the holder's own lock
  const renewed = await db
    .updateTable('jobs')
    .set({ locked_until: next })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', lock)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1 ? next : undefined;
}

/** Ends the holder's run of a job; false (nothing changed) when the job is no longer its own. */
export async function finishJob(db: Db, id: number, lock: string, changes: { status: 'done' | 'failed' | 'queued'; last_error?: string }) {
  const finished = await db
    .updateTable('jobs')
    .set({ ...changes, locked_until: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', lock)
    .executeTakeFirst();
  return Number(finished.numUpdatedRows) === 1;
}

/**
 * Gives up the jobs of `kinds` whose lock ran out on their last attempt (their process died, or
 * lost the lock, every time): claimed no more, they fail; the conditional update lets one process
 * give each up. Returns those it gave up.
 */
export async function failAbandoned(db: Db, kinds: string[], maxAttempts: number) {
  if (!kinds.length) return [];
  const now = nowIso();
  const abandoned = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now), eb('attempts', '>=', maxAttempts)]);
  const rows = await db.selectFrom('jobs').select(['id', 'kind', 'ref_id']).where('kind', 'in', kinds).where(abandoned).execute();
  const given: typeof rows = [];
  for (const row of rows) {
    const taken = await db
      .updateTable('jobs')
      .set({ status: 'failed', locked_until: null, last_error: 'its lock ran out on its last attempt', updated_at: now })
      .where('id', '=', row.id)
      .where(abandoned)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) given.push(row);
  }
  return given;
}

/**
 * Cancels a job of the item, queued or running (its item was deleted): the row stays, marked
 * cancelled, for the back office's list, and is never claimed again; a running one's holder finds
 * its lock gone at its next renewal and stops. Finished jobs stay as they are, the record of work done.
 */
export async function cancelJob(db: Db, kind: string, refId: string) {
  await db
    .updateTable('jobs')
    .set({ status: 'cancelled', locked_until: null, updated_at: nowIso() })
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/**
 * Hands a job back to the queue without counting the attempt: this process is going away and
 * another (or the next start) runs it from the beginning instead of waiting for the lock to run out.
 */
export async function releaseJob(db: Db, id: number, lock: string) {
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', locked_until: null, attempts: eb('attempts', '-', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', lock)
    .execute();
}

/** Queues a job, inside the caller's transaction if it gives one (so it exists exactly when the payment does); `account` whose work it is. */
export async function enqueueJob(trx: Transaction<Database> | Db, kind: string, refId: string, account = '') {
  const now = nowIso();
  await trx
    .insertInto('jobs')
    .values({ kind, ref_id: refId, account_id: account, status: 'queued', attempts: 0, locked_until: null, last_error: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['kind', 'ref_id']).doNothing())
    .execute();
}

/** A kind's giving up (and its undoing, for a retry), and how long its jobs may wait unclaimed (watch). */
export type Watched = Map<string, { giveUp(refId: string, reason: string): Promise<void>; resume?(refId: string): Promise<void>; waitMs: number }>;

/**
 * Gives up the watched jobs that have waited unclaimed longer than their kind's wait: queued, never
 * tried (or handed back) since then. The update is conditional, so of processes sweeping together
 * one gives each job up.
 */
export async function sweepWatched(db: Db, watched: Watched, log?: { error(message: unknown): void }) {
  if (!watched.size) return;
  const never = (eb: ExpressionBuilder<Database, 'jobs'>) => eb.and([eb('status', '=', 'queued'), eb('attempts', '=', 0)]);
  // one read for every watched kind, from the shortest wait; each job then judged by its own
  const shortest = Math.min(...[...watched.values()].map((w) => w.waitMs));
  const waiting = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'ref_id', 'updated_at'])
    .where('kind', 'in', [...watched.keys()])
    .where(never)
    .where('updated_at', '<', isoIn(-shortest))
    .execute();
  for (const job of waiting) {
    const { giveUp, waitMs } = watched.get(job.kind)!;
    const waitedSince = isoIn(-waitMs);
    if (job.updated_at >= waitedSince) continue;
    const minutes = Math.max(1, Math.round(waitMs / 60_000));
    const lastError = `no process took it within ${minutes} min`;
    const taken = await db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: lastError, updated_at: nowIso() })
      .where('id', '=', job.id)
      .where(never)
      .where('updated_at', '<', waitedSince)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    log?.error(new Error(`job ${job.kind} ${job.ref_id}: ${lastError}`));
    // the reason is the user's: the review, or its part, never began
    await giveUp(job.ref_id, `等候 ${minutes} 分钟仍未开始处理`);
  }
}

/** The back office's view of the queue; `resumeOf` a kind's undoing of its giving up (retry). */
export function createQueueView(db: Db, resumeOf: (kind: string) => ((refId: string) => Promise<void>) | undefined) {
  return {
    /** One page of jobs, newest first, by status and family (the back office). */
    async search(query: { status?: JobStatus; family?: JobFamily }, page: { current: number; pageSize: number }) {
      let base = db.selectFrom('jobs');
      if (query.status) base = base.where('status', '=', query.status);
      if (query.family === 'typeset') base = base.where('kind', '=', 'typeset');
      // a review's jobs: review, and in shards review_shard_<n> and review_merge (no other kind starts so;
      // `_` matches itself too, and LIKE has no escape both dialects share)
      if (query.family === 'review') base = base.where((eb) => eb.or([eb('kind', '=', 'review'), eb('kind', 'like', 'review_%')]));
      const [list, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .offset((page.current - 1) * page.pageSize)
          .limit(page.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { list: list as JobRow[], total: Number(count.total), ...page };
    },

    /** Jobs of `kind` finished per UTC hour since `since` (a finished job is last written when it ends). */
    doneHourly: async (kind: string, since: string) =>
      hourRows(
        await db
          .selectFrom('jobs')
          .select([hourOf('updated_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('kind', '=', kind)
          .where('status', '=', 'done')
          .where('updated_at', '>=', since)
          .groupBy(hourOf('updated_at'))
          .execute(),
      ),

    /** How many jobs wait to be taken (queued) and how many were given up (failed), now. */
    async backlog() {
      const rows = await db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ['queued', 'failed'])
        .groupBy('status')
        .execute();
      const of = (status: JobStatus) => Number(rows.find((row) => row.status === status)?.n ?? 0);
      return { waiting: of('queued'), failed: of('failed') };
    },

    /**
     * Queues a given-up job again with its attempts counted afresh: its kind's `resume` first undoes
     * what giving up told the user (and may refuse), then the job is queued, conditionally, with
     * `record` (the audit entry) in the same transaction, so of two retries at once one queues it.
     */
    async retry(id: number, record?: (before: JobRow, after: JobRow, trx: Transaction<Database>) => Promise<unknown>) {
      const job = (await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) as JobRow | undefined;
      if (!job) throw notFound('任务不存在');
      const notFailed = () => new AppError(409, 'JOB_NOT_FAILED', '只有失败的任务可以重试');
      if (job.status !== 'failed') throw notFailed();
      await resumeOf(job.kind)?.(job.ref_id);
      return db.transaction().execute(async (trx) => {
        const changes = { status: 'queued' as const, attempts: 0, last_error: null, locked_until: null, updated_at: nowIso() };
        const taken = await trx.updateTable('jobs').set(changes).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw notFailed();
        const after = { ...job, ...changes };
        await record?.(job, after, trx);
        return after;
      });
    },
  };
}

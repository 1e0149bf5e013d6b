/**
 * Durable background jobs (reviews, typesetting) kept in the `jobs` table. A worker claims a job by
 * a conditional update, so any number of server processes share the queue; a running job holds a
 * lock it renews while it works, and a job whose lock ran out (its process died) is claimed again
 * and run from the start. Work must therefore be repeatable — the handlers write their result
 * only at the end. A kind that only some processes can run (a shard of the library) can be
 * watched by all: a job of it that no process takes within its wait is given up.
 */
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../db';
import { hourOf, hourRows } from '../db/hourly';
import type { Database, JobTable } from '../db/types';
import { AppError, notFound } from '../lib/errors';
import { isoIn, nowIso } from '../lib/time';

export type JobStatus = JobTable['status'];
export type JobRow = Omit<JobTable, 'id'> & { id: number };
/** What the back office lists jobs by: a review's jobs (whole, per shard, the merge) or a typesetting. */
export type JobFamily = 'review' | 'typeset';

export interface JobContext {
  /** renews the lock: call it while working */
  heartbeat(): Promise<void>;
}

export interface JobHandler {
  run(refId: string, context: JobContext): Promise<void>;
  /** after the last attempt failed: record the failure for the user */
  giveUp(refId: string, reason: string): Promise<void>;
  /**
   * before a given-up job is queued again (the back office's retry): undo what giveUp recorded,
   * so the user sees the work waiting again; throws (an AppError) when running it again is unsafe
   */
  resume?(refId: string): Promise<void>;
}

export interface JobRunnerOptions {
  lockMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  log?: { error(message: unknown): void };
}

/** How often a process looks for watched jobs that waited too long (watch). */
const SWEEP_EVERY_MS = 60_000;

export function createJobRunner(db: Db, options: JobRunnerOptions = {}) {
  const lockMs = options.lockMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const handlers = new Map<string, JobHandler>();
  const watched = new Map<string, Pick<JobHandler, 'giveUp' | 'resume'> & { waitMs: number }>();
  /** kinds that run side by side, up to their number, apart from the others (which run one at a time) */
  const concurrency = new Map<string, number>();
  let sweepAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** the jobs this process is running now, by id, with their lane */
  const running = new Map<number, { lane: string; done: Promise<unknown> }>();
  /** true while the poller looks for work */
  let polling: Promise<void> | undefined;

  const laneOf = (kind: string) => (concurrency.has(kind) ? kind : '');
  const laneLimit = (lane: string) => concurrency.get(lane) ?? 1;
  const inLane = (lane: string) => [...running.values()].filter((job) => job.lane === lane).length;
  /** the kinds this process may start a job of now */
  const freeKinds = () => [...handlers.keys()].filter((kind) => inLane(laneOf(kind)) < laneLimit(laneOf(kind)));

  const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]);

  /** Takes the oldest claimable job; undefined when there is none or another worker was faster. */
  async function claim(kinds: string[] = [...handlers.keys()]) {
    const now = nowIso();
    const next = await db.selectFrom('jobs').selectAll().where(claimable(now)).where('kind', 'in', [...kinds, '']).orderBy('id').limit(1).executeTakeFirst();
    if (!next) return undefined;
    const taken = await db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: isoIn(lockMs), attempts: next.attempts + 1, updated_at: now })
      .where('id', '=', next.id)
      .where(claimable(now))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { ...next, attempts: next.attempts + 1 } : undefined;
  }

  async function finish(id: number, changes: { status: 'done' | 'failed' | 'queued'; last_error?: string }) {
    await db.updateTable('jobs').set({ ...changes, locked_until: null, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  /**
   * Hands a job back to the queue without counting the attempt: this process is going away and
   * another (or the next start) runs it from the beginning instead of waiting for the lock to run out.
   */
  async function release(id: number) {
    await db
      .updateTable('jobs')
      .set((eb) => ({ status: 'queued', locked_until: null, attempts: eb('attempts', '-', 1), updated_at: nowIso() }))
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Gives up the watched jobs that have waited unclaimed longer than their kind's wait: queued, never
   * tried (or handed back) since then. The update is conditional, so of processes sweeping together
   * one gives each job up.
   */
  async function sweep() {
    sweepAt = Date.now() + SWEEP_EVERY_MS;
    if (!watched.size) return;
    const never = (eb: ExpressionBuilder<Database, 'jobs'>) => eb.and([eb('status', '=', 'queued'), eb('attempts', '=', 0)]);
    // one read for every watched kind, from the shortest wait; each job then judged by its own
    const shortest = Math.min(...[...watched.values()].map((w) => w.waitMs));
    const waiting = await db.selectFrom('jobs').select(['id', 'kind', 'ref_id', 'updated_at']).where('kind', 'in', [...watched.keys()]).where(never).where('updated_at', '<', isoIn(-shortest)).execute();
    for (const job of waiting) {
      const { giveUp, waitMs } = watched.get(job.kind)!;
      const waitedSince = isoIn(-waitMs);
      if (job.updated_at >= waitedSince) continue;
      const minutes = Math.max(1, Math.round(waitMs / 60_000));
      const lastError = `no process took it within ${minutes} min`;
      const taken = await db.updateTable('jobs').set({ status: 'failed', last_error: lastError, updated_at: nowIso() }).where('id', '=', job.id).where(never).where('updated_at', '<', waitedSince).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      options.log?.error(new Error(`job ${job.kind} ${job.ref_id}: ${lastError}`));
      // the reason is the user's: the review, or its part, never began
      await giveUp(job.ref_id, `等候 ${minutes} 分钟仍未开始处理`);
    }
  }

  /** Runs a claimed job to its end: done, queued again, or given up after its last attempt. */
  async function execute(job: NonNullable<Awaited<ReturnType<typeof claim>>>) {
    const handler = handlers.get(job.kind)!;
    const context: JobContext = {
      heartbeat: async () => {
        await db.updateTable('jobs').set({ locked_until: isoIn(lockMs) }).where('id', '=', job.id).execute();
      },
    };
    try {
      await handler.run(job.ref_id, context);
      await finish(job.id, { status: 'done' });
    } catch (error) {
      const reason = (error as Error).message;
      options.log?.error(error);
      if (job.attempts >= maxAttempts) {
        await finish(job.id, { status: 'failed', last_error: reason });
        await handler.giveUp(job.ref_id, reason);
      } else {
        await finish(job.id, { status: 'queued', last_error: reason });
      }
    }
  }

  /** Claims a job of a kind that has room, and starts it; undefined when there is none. */
  async function startOne(): Promise<{ done: Promise<unknown> } | undefined> {
    if (Date.now() >= sweepAt) await sweep();
    const kinds = freeKinds();
    if (!kinds.length) return undefined;
    const job = await claim(kinds);
    if (!job) return undefined;
    const done = execute(job).finally(() => running.delete(job.id));
    running.set(job.id, { lane: laneOf(job.kind), done });
    // wrapped: an async function's promise would wait for the job itself
    return { done };
  }

  /** Runs one job if there is one; true when it did. */
  async function runOnce(): Promise<boolean> {
    const started = await startOne();
    if (!started) return false;
    await started.done;
    return true;
  }
  return {
    /** `sideBySide`: up to this many jobs of the kind run at once in this process, beside the others' one. */
    register(kind: string, handler: JobHandler, sideBySide?: number) {
      handlers.set(kind, handler);
      if (sideBySide) concurrency.set(kind, sideBySide);
    },

    /** Gives up a job of `kind` that no process claims within `waitMs` (whether or not this one runs the kind). */
    watch(kind: string, handler: Pick<JobHandler, 'giveUp' | 'resume'>, waitMs: number) {
      watched.set(kind, { ...handler, waitMs });
    },

    /** One page of jobs, newest first, by status and family (the back office). */
    async search(query: { status?: JobStatus; family?: JobFamily }, page: { current: number; pageSize: number }) {
      let base = db.selectFrom('jobs');
      if (query.status) base = base.where('status', '=', query.status);
      if (query.family === 'typeset') base = base.where('kind', '=', 'typeset');
      // a review's jobs: review, and in shards review_shard_<n> and review_merge (no other kind starts so;
      // `_` matches itself too, and LIKE has no escape both dialects share)
      if (query.family === 'review') base = base.where((eb) => eb.or([eb('kind', '=', 'review'), eb('kind', 'like', 'review_%')]));
      const [list, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').offset((page.current - 1) * page.pageSize).limit(page.pageSize).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { list: list as JobRow[], total: Number(count.total), ...page };
    },

    /** Jobs of `kind` finished per UTC hour since `since` (a finished job is last written when it ends). */
    doneHourly: async (kind: string, since: string) =>
      hourRows(await db.selectFrom('jobs').select([hourOf('updated_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')]).where('kind', '=', kind).where('status', '=', 'done').where('updated_at', '>=', since).groupBy(hourOf('updated_at')).execute()),

    /** How many jobs wait to be taken (queued) and how many were given up (failed), now. */
    async backlog() {
      const rows = await db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('status', 'in', ['queued', 'failed']).groupBy('status').execute();
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
      const resume = handlers.get(job.kind)?.resume ?? watched.get(job.kind)?.resume;
      await resume?.(job.ref_id);
      return db.transaction().execute(async (trx) => {
        const changes = { status: 'queued' as const, attempts: 0, last_error: null, locked_until: null, updated_at: nowIso() };
        const taken = await trx.updateTable('jobs').set(changes).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw notFailed();
        const after = { ...job, ...changes };
        await record?.(job, after, trx);
        return after;
      });
    },

    sweep,

    /** Queues a job inside the caller's transaction (so it exists exactly when the payment does). */
    async enqueue(kind: string, refId: string, trx: Transaction<Database> | Db = db) {
      const now = nowIso();
      await trx
        .insertInto('jobs')
        .values({ kind, ref_id: refId, status: 'queued', attempts: 0, locked_until: null, last_error: null, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['kind', 'ref_id']).doNothing())
        .execute();
    },

    runOnce,

    /** Runs jobs until none is left (tests, and the first poll after start). */
    async drain() {
      while (await runOnce());
    },

    /** Polls for work: one job at a time per process, and beside it the kinds registered to run side by side. */
    start(pollMs = options.pollMs ?? 1000) {
      stopped = false;
      const tick = () => {
        if (polling || stopped) return;
        polling = (async () => {
          // fills every lane that has room; a job that ends looks for the next at once
          for (let started = await startOne(); started && !stopped; started = await startOne()) started.done.then(() => setImmediate(tick));
        })()
          .catch((error) => options.log?.error(error))
          .finally(() => (polling = undefined));
      };
      timer = setInterval(tick, pollMs);
      tick();
    },

    /**
     * Takes no more jobs; waits up to `graceMs` for the running ones, then hands those still running
     * back to the queue (their locks returned) so that shutting down never waits on a long review.
     */
    async stop(graceMs = 0) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await polling;
      if (!running.size) return;
      let graceTimer: NodeJS.Timeout | undefined;
      const all = Promise.all([...running.values()].map((job) => job.done.catch(() => undefined)));
      await Promise.race([all, new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, graceMs)))]);
      clearTimeout(graceTimer);
      for (const id of running.keys()) await release(id);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

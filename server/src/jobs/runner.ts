/**
 * Durable background jobs (reviews, typesetting) kept in the `jobs` table. A worker claims a job by
 * a conditional update, so any number of server processes share the queue; a running job holds a
 * lock it renews while it works, and a job whose lock ran out (its process died) is claimed again
 * and run from the start. Work must therefore be repeatable — the handlers write their result
 * only at the end. A kind that only some processes can run (a shard of the library) can be
 * watched by all: a job of it that no process takes within its wait is given up.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import { isoIn } from '../lib/time';
import { claimJob, createQueueView, enqueueJob, finishJob, releaseJob, sweepWatched, type JobKind, type Watched } from './queue';

export type { JobFamily, JobKind, JobRow, JobStatus } from './queue';

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

/** Runs a claimed job to its end: done, queued again, or given up after its last attempt. */
async function executeJob(
  db: Db,
  handler: JobHandler,
  job: NonNullable<Awaited<ReturnType<typeof claimJob>>>,
  { lockMs, maxAttempts, log }: { lockMs: number; maxAttempts: number; log?: JobRunnerOptions['log'] },
) {
  const context: JobContext = {
    heartbeat: async () => {
      await db
        .updateTable('jobs')
        .set({ locked_until: isoIn(lockMs) })
        .where('id', '=', job.id)
        .execute();
    },
  };
  try {
    await handler.run(job.ref_id, context);
    await finishJob(db, job.id, { status: 'done' });
  } catch (error) {
    const reason = (error as Error).message;
    log?.error(error);
    if (job.attempts >= maxAttempts) {
      await finishJob(db, job.id, { status: 'failed', last_error: reason });
      await handler.giveUp(job.ref_id, reason);
    } else {
      await finishJob(db, job.id, { status: 'queued', last_error: reason });
    }
  }
}

/** `Kind`: the kinds it queues and runs (the product's; the tests' runners take any). */
export function createJobRunner<Kind extends string = JobKind>(db: Db, options: JobRunnerOptions = {}) {
  const lockMs = options.lockMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const handlers = new Map<string, JobHandler>();
  const watched: Watched = new Map();
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

  async function sweep() {
    sweepAt = Date.now() + SWEEP_EVERY_MS;
    if (watched.size) await sweepWatched(db, watched, options.log);
  }

  /** Claims a job of a kind that has room, and starts it; undefined when there is none. */
  async function startOne(): Promise<{ done: Promise<unknown> } | undefined> {
    if (Date.now() >= sweepAt) await sweep();
    const kinds = freeKinds();
    if (!kinds.length) return undefined;
    const job = await claimJob(db, kinds, lockMs);
    if (!job) return undefined;
    const done = executeJob(db, handlers.get(job.kind)!, job, { lockMs, maxAttempts, log: options.log }).finally(() => running.delete(job.id));
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
    ...createQueueView(db, (kind) => handlers.get(kind)?.resume ?? watched.get(kind)?.resume),

    /** `sideBySide`: up to this many jobs of the kind run at once in this process, beside the others' one. */
    register(kind: Kind, handler: JobHandler, sideBySide?: number) {
      handlers.set(kind, handler);
      if (sideBySide) concurrency.set(kind, sideBySide);
    },

    /** Gives up a job of `kind` that no process claims within `waitMs` (whether or not this one runs the kind). */
    watch(kind: Kind, handler: Pick<JobHandler, 'giveUp' | 'resume'>, waitMs: number) {
      watched.set(kind, { ...handler, waitMs });
    },

    sweep,

    /** Queues a job inside the caller's transaction (so it exists exactly when the payment does). */
    enqueue: (kind: Kind, refId: string, trx: Transaction<Database> | Db = db) => enqueueJob(trx, kind, refId),

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
      for (const id of running.keys()) await releaseJob(db, id);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner<JobKind>>;

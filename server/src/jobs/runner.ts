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
import {
  cancelJob,
  claimJob,
  createQueueView,
  enqueueJob,
  failAbandoned,
  finishJob,
  releaseJob,
  renewLock,
  sweepWatched,
  type ClaimedJob,
  type JobKind,
  type Watched,
} from './queue';

export type { JobFamily, JobKind, JobRow, JobStatus } from './queue';

export interface JobContext {
  /**
   * renews the lock (the runner also renews it on its own while the job runs); throws when the job
   * is no longer this run's (its lock was lost, or it was cancelled): call it before writing a result
   */
  heartbeat(): Promise<void>;
  /** aborted when the job is no longer this run's: work under way (a LibreOffice conversion) stops */
  signal: AbortSignal;
}

/** A job as its run holds it: `lock` the current one, after `renewing` (the renewal under way) settles; `controller` stops the run. */
type RunningJob = ClaimedJob & { renewing: Promise<void>; controller: AbortController };

/** Why a run stopped: its job was taken from it (lock lost, cancelled, or handed back at shutdown). */
export class JobLost extends Error {}

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

/**
 * Runs a claimed job to its end: done, queued again, or given up after its last attempt. While it
 * runs its lock is renewed every third of `lockMs`; a renewal that finds the job no longer its own
 * aborts the run (`controller`), which then writes nothing: neither the job's end nor a giving up.
 */
async function executeJob(
  db: Db,
  handler: JobHandler,
  job: RunningJob,
  { lockMs, maxAttempts, log }: { lockMs: number; maxAttempts: number; log?: JobRunnerOptions['log'] },
) {
  const { controller } = job;
  const { signal } = controller;
  // one renewal at a time: each renews the lock the one before it set (job.lock, the current one)
  const renew = () =>
    (job.renewing = job.renewing.then(async () => {
      if (signal.aborted) return;
      const next = await renewLock(db, job.id, job.lock, lockMs).catch((error) => {
        // the database did not answer: the lock still holds until it runs out; the next renewal tries again
        log?.error(error);
        return job.lock;
      });
      if (next) job.lock = next;
      else controller.abort(new JobLost(`job ${job.kind} ${job.ref_id}: no longer this run's`));
    }));
  const context: JobContext = {
    heartbeat: async () => {
      await renew();
      if (signal.aborted) throw signal.reason;
    },
    signal,
  };
  const beat = setInterval(() => void renew(), Math.max(10, Math.floor(lockMs / 3)));
  beat.unref();
  const lost = () => log?.error(signal.reason);
  try {
    await handler.run(job.ref_id, context);
    clearInterval(beat);
    await job.renewing;
    if (signal.aborted || !(await finishJob(db, job.id, job.lock, { status: 'done' }))) lost();
  } catch (error) {
    clearInterval(beat);
    await job.renewing;
    if (signal.aborted) return lost();
    const reason = (error as Error).message;
    log?.error(error);
    if (job.attempts >= maxAttempts) {
      if (await finishJob(db, job.id, job.lock, { status: 'failed', last_error: reason })) await handler.giveUp(job.ref_id, reason);
    } else {
      await finishJob(db, job.id, job.lock, { status: 'queued', last_error: reason });
    }
  } finally {
    clearInterval(beat);
  }
}

/**
 * Gives up the watched jobs that waited too long, and the jobs whose lock ran out on their last
 * attempt: claimed no more, they fail, and their handler tells the user.
 */
async function sweepQueue(
  db: Db,
  { watched, handlers, maxAttempts, log }: { watched: Watched; handlers: Map<string, JobHandler>; maxAttempts: number; log?: JobRunnerOptions['log'] },
) {
  if (watched.size) await sweepWatched(db, watched, log);
  for (const job of await failAbandoned(db, [...handlers.keys()], maxAttempts)) {
    log?.error(new Error(`job ${job.kind} ${job.ref_id}: its lock ran out on its last attempt`));
    await handlers.get(job.kind)!.giveUp(job.ref_id, '多次处理均未完成');
  }
}

/** Stops this process's run of a job and returns the job to the queue, its attempt not counted (shutdown). */
async function handBack(db: Db, job: RunningJob) {
  job.controller.abort(new JobLost(`job ${job.kind} ${job.ref_id}: handed back at shutdown`));
  await job.renewing;
  await releaseJob(db, job.id, job.lock);
}

/**
 * A process's lanes: a kind registered to run side by side has a lane of its own, for up to its
 * number of jobs at once; the other kinds share one lane (''), one job at a time. `running` holds
 * the lane of each job the process runs now.
 */
function createLanes(running: Map<number, { lane: string }>) {
  const sizes = new Map<string, number>();
  const laneOf = (kind: string) => (sizes.has(kind) ? kind : '');
  return {
    laneOf,
    sideBySide: (kind: string, size: number) => void sizes.set(kind, size),
    /** Of `kinds`, those whose lane runs fewer jobs now than it may: the kinds a job may start of. */
    free(kinds: Iterable<string>) {
      const busy = new Map<string, number>();
      for (const { lane } of running.values()) busy.set(lane, (busy.get(lane) ?? 0) + 1);
      return [...kinds].filter((kind) => (busy.get(laneOf(kind)) ?? 0) < (sizes.get(laneOf(kind)) ?? 1));
    },
  };
}

/** `Kind`: the kinds it queues and runs (the product's; the tests' runners take any). */
export function createJobRunner<Kind extends string = JobKind>(db: Db, options: JobRunnerOptions = {}) {
  const lockMs = options.lockMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const handlers = new Map<string, JobHandler>();
  const watched: Watched = new Map();
  let sweepAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** the jobs this process is running now, by id, with their lane, lock and the controller that stops them */
  const running = new Map<number, { lane: string; done: Promise<unknown>; job: RunningJob }>();
  const lanes = createLanes(running);
  /** true while the poller looks for work */
  let polling: Promise<void> | undefined;

  async function sweep() {
    sweepAt = Date.now() + SWEEP_EVERY_MS;
    await sweepQueue(db, { watched, handlers, maxAttempts, log: options.log });
  }

  /** Claims a job of a kind that has room, and starts it; undefined when there is none. */
  async function startOne(): Promise<{ done: Promise<unknown> } | undefined> {
    if (Date.now() >= sweepAt) await sweep();
    const kinds = lanes.free(handlers.keys());
    if (!kinds.length) return undefined;
    const claimed = await claimJob(db, kinds, lockMs, maxAttempts);
    if (!claimed) return undefined;
    const job: RunningJob = { ...claimed, renewing: Promise.resolve(), controller: new AbortController() };
    const done = executeJob(db, handlers.get(job.kind)!, job, { lockMs, maxAttempts, log: options.log }).finally(() => running.delete(job.id));
    running.set(job.id, { lane: lanes.laneOf(job.kind), done, job });
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
      if (sideBySide) lanes.sideBySide(kind, sideBySide);
    },

    /** Gives up a job of `kind` that no process claims within `waitMs` (whether or not this one runs the kind). */
    watch(kind: Kind, handler: Pick<JobHandler, 'giveUp' | 'resume'>, waitMs: number) {
      watched.set(kind, { ...handler, waitMs });
    },

    sweep,

    /**
     * Queues a job, inside the caller's transaction `trx` if given (so it exists exactly when the
     * payment does); `account`: whose work it is, for the turns the accounts take (claimJob).
     */
    enqueue: (kind: Kind, refId: string, { trx = db, account }: { trx?: Transaction<Database> | Db; account?: string } = {}) =>
      enqueueJob(trx, kind, refId, account),

    runOnce,

    /** Cancels an item's job (it was deleted), kept as cancelled: queued, it never starts; running, it stops here at once, elsewhere at its next renewal. */
    async cancel(kind: Kind, refId: string) {
      await cancelJob(db, kind, refId);
      for (const { job } of running.values())
        if (job.kind === kind && job.ref_id === refId) job.controller.abort(new JobLost(`job ${kind} ${refId}: cancelled`));
    },

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
      for (const { job } of running.values()) await handBack(db, job);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner<JobKind>>;

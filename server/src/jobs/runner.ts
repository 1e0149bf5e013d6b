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
import type { Database } from '../db/types';
import { isoIn, nowIso } from '../lib/time';

export interface JobContext {
  /** renews the lock: call it while working */
  heartbeat(): Promise<void>;
}

export interface JobHandler {
  run(refId: string, context: JobContext): Promise<void>;
  /** after the last attempt failed: record the failure for the user */
  giveUp(refId: string, reason: string): Promise<void>;
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
  const watched = new Map<string, { giveUp: JobHandler['giveUp']; waitMs: number }>();
  let sweepAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<boolean> | undefined;
  let stopped = false;
  /** the job this process is running now, if any */
  let running: number | undefined;

  const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]);

  /** Takes the oldest claimable job; undefined when there is none or another worker was faster. */
  async function claim() {
    const now = nowIso();
    const next = await db.selectFrom('jobs').selectAll().where(claimable(now)).where('kind', 'in', [...handlers.keys(), '']).orderBy('id').limit(1).executeTakeFirst();
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
      // the reason is the user's: the check, or its part, never began
      await giveUp(job.ref_id, `等候 ${minutes} 分钟仍未开始处理`);
    }
  }

  /** Runs one job if there is one; true when it did. */
  async function runOnce(): Promise<boolean> {
    if (Date.now() >= sweepAt) await sweep();
    const job = await claim();
    if (!job) return false;
    running = job.id;
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
    } finally {
      running = undefined;
    }
    return true;
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },

    /** Gives up a job of `kind` that no process claims within `waitMs` (whether or not this one runs the kind). */
    watch(kind: string, giveUp: JobHandler['giveUp'], waitMs: number) {
      watched.set(kind, { giveUp, waitMs });
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

    /** Polls for work; one job at a time per process. */
    start(pollMs = options.pollMs ?? 1000) {
      stopped = false;
      const tick = () => {
        if (busy || stopped) return;
        busy = runOnce().catch((error) => (options.log?.error(error), false));
        busy.then((ran) => {
          busy = undefined;
          if (ran) setImmediate(tick);
        });
      };
      timer = setInterval(tick, pollMs);
      tick();
    },

    /**
     * Takes no more jobs; waits up to `graceMs` for the running one, then hands it back to the
     * queue (its lock returned) so that shutting down never waits on a long review.
     */
    async stop(graceMs = 0) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      if (!busy) return;
      let graceTimer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([busy.then(() => true), new Promise<boolean>((resolve) => (graceTimer = setTimeout(() => resolve(false), graceMs)))]);
      clearTimeout(graceTimer);
      if (!finished && running !== undefined) await release(running);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * The jobs table as a queue: a process that stops hands its running job back (lock returned, the
 * attempt not counted) instead of waiting for it, and another runner then does it; a runner that
 * stopped takes nothing more. A running job keeps its lock however long it runs, is tried at most
 * the allowed number of times, and a run that lost its job (taken over, or cancelled) writes nothing.
 */
import { claimJob } from '../../server/src/jobs/queue';
import { createJobRunner, type JobContext, type JobHandler } from '../../server/src/jobs/runner';
import { createTestApp } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jobRow = (refId: string) => t.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'slow').where('ref_id', '=', refId).executeTakeFirstOrThrow();

test('stopping hands a running job back to the queue, and another runner finishes it', async () => {
  let release!: () => void;
  const runs: string[] = [];
  const slow: JobHandler = {
    run: (refId) => {
      runs.push(refId);
      return new Promise<void>((resolve) => (release = resolve));
    },
    giveUp: async () => undefined,
  };
  const first = createJobRunner<string>(t.app.db);
  first.register('slow', slow);
  await first.enqueue('slow', 'r1');
  first.start(10_000);
  await new Promise((r) => setTimeout(r, 200));
  expect(await jobRow('r1')).toMatchObject({ status: 'running', attempts: 1 });

  await first.stop(100);
  expect(await jobRow('r1')).toMatchObject({ status: 'queued', attempts: 0, locked_until: null });

  const done: string[] = [];
  const second = createJobRunner<string>(t.app.db);
  second.register('slow', { run: async (refId) => void done.push(refId), giveUp: async () => undefined });
  await second.drain();
  expect(done).toEqual(['r1']);
  expect(await jobRow('r1')).toMatchObject({ status: 'done' });
  release(); // the first process's work ends late; the job stays done
  await new Promise((r) => setTimeout(r, 50));
  expect(await jobRow('r1')).toMatchObject({ status: 'done' });
});

test('a stopped runner takes no more jobs', async () => {
  const ran: string[] = [];
  const runner = createJobRunner<string>(t.app.db);
  runner.register('slow', { run: async (refId) => void ran.push(refId), giveUp: async () => undefined });
  await runner.enqueue('slow', 'a');
  await runner.enqueue('slow', 'b');
  runner.start(10_000);
  await runner.stop(1000);
  const before = ran.length;
  await new Promise((r) => setTimeout(r, 200));
  expect(ran.length).toBe(before);
});

test('two workers on one queue: every job runs exactly once', async () => {
  const runs = new Map<string, number>();
  const handler: JobHandler = {
    run: async (refId) => {
      runs.set(refId, (runs.get(refId) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    },
    giveUp: async () => undefined,
  };
  const workers = [createJobRunner<string>(t.app.db, { pollMs: 5 }), createJobRunner<string>(t.app.db, { pollMs: 5 })];
  for (const worker of workers) worker.register('pair', handler);
  for (let i = 0; i < 30; i += 1) await workers[0].enqueue('pair', `p${i}`);
  workers.forEach((worker) => worker.start());
  const deadline = Date.now() + 20_000;
  while (runs.size < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await Promise.all(workers.map((worker) => worker.stop(1000)));
  expect(runs.size).toBe(30);
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
});

test('the kinds that share a lane run one at a time, and a kind registered side by side runs up to its number beside them', async () => {
  const now = new Map<string, number>();
  const most = new Map<string, number>();
  const releases: Array<() => void> = [];
  const lane = (kind: string) => (kind === 'wide' ? 'wide' : 'shared');
  const handler = (kind: string): JobHandler => ({
    run: async () => {
      now.set(lane(kind), (now.get(lane(kind)) ?? 0) + 1);
      most.set(lane(kind), Math.max(most.get(lane(kind)) ?? 0, now.get(lane(kind))!));
      await new Promise<void>((resolve) => releases.push(resolve));
      now.set(lane(kind), now.get(lane(kind))! - 1);
    },
    giveUp: async () => undefined,
  });
  const runner = createJobRunner<string>(t.app.db, { pollMs: 5 });
  runner.register('narrow_a', handler('narrow_a'));
  runner.register('narrow_b', handler('narrow_b'));
  runner.register('wide', handler('wide'), 2);
  const kinds = ['narrow_a', 'narrow_b', 'wide'];
  for (const kind of kinds) for (let i = 0; i < 3; i += 1) await runner.enqueue(kind, `${kind}${i}`);
  runner.start();
  try {
    await sleep(200);
    // full: the shared lane runs one job, the side-by-side kind two, and nothing else starts
    expect([now.get('shared'), now.get('wide')]).toEqual([1, 2]);
    const deadline = Date.now() + 10_000;
    while (
      (await t.app.db.selectFrom('jobs').select('id').where('kind', 'in', kinds).where('status', '!=', 'done').execute()).length &&
      Date.now() < deadline
    ) {
      releases.splice(0).forEach((release) => release());
      await sleep(20);
    }
  } finally {
    releases.splice(0).forEach((release) => release());
    await runner.stop(1000);
  }
  expect([most.get('shared'), most.get('wide')]).toEqual([1, 2]);
  expect(await t.app.db.selectFrom('jobs').select('status').where('kind', 'in', kinds).execute()).toEqual(Array(9).fill({ status: 'done' }));
});

test('the accounts with jobs of a kind waiting take turns: the next goes to the one that started one longest ago, its own oldest first', async () => {
  const order: string[] = [];
  const runner = createJobRunner<string>(t.app.db);
  // each run takes a little while, so that the accounts' starts are told apart
  runner.register('turns', { run: async (refId) => void (order.push(refId), await sleep(5)), giveUp: async () => undefined });
  for (const [refId, account] of [
    ['a1', 'account-a'],
    ['a2', 'account-a'],
    ['a3', 'account-a'],
    ['b1', 'account-b'],
    ['b2', 'account-b'],
    ['c1', 'account-c'],
  ])
    await runner.enqueue('turns', refId, { account });
  await runner.drain();
  expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
});

test("while an account's job of a kind runs, another account's job of the kind starts before its next, though queued after it", async () => {
  const started: string[] = [];
  const releases: Array<() => void> = [];
  const runner = createJobRunner<string>(t.app.db, { pollMs: 5 });
  runner.register(
    'busy',
    {
      run: async (refId) => {
        started.push(refId);
        await new Promise<void>((resolve) => releases.push(resolve));
      },
      giveUp: async () => undefined,
    },
    2,
  );
  await runner.enqueue('busy', 'long1', { account: 'busy-a' });
  await runner.enqueue('busy', 'long2', { account: 'busy-a' });
  await runner.enqueue('busy', 'short', { account: 'busy-b' });
  runner.start();
  try {
    await sleep(200);
    expect(started).toEqual(['long1', 'short']);
    releases.splice(0).forEach((release) => release());
    await sleep(200);
    expect(started).toEqual(['long1', 'short', 'long2']);
  } finally {
    releases.splice(0).forEach((release) => release());
    await runner.stop(1000);
  }
});

test('a worker that dies mid-job: its job is taken up by another once the lock runs out', async () => {
  const dying = createJobRunner<string>(t.app.db, { lockMs: 300 });
  await dying.enqueue('fragile', 'f1');
  // a process claims it and dies: its lock is never renewed
  expect(await claimJob(t.app.db, ['fragile'], 300, 3)).toMatchObject({ ref_id: 'f1', attempts: 1 });
  await new Promise((r) => setTimeout(r, 100));
  const survivor = createJobRunner<string>(t.app.db, { lockMs: 300 });
  const done: string[] = [];
  survivor.register('fragile', { run: async (refId) => void done.push(refId), giveUp: async () => undefined });
  expect(await survivor.runOnce()).toBe(false); // still locked by the dead worker
  await new Promise((r) => setTimeout(r, 400));
  expect(await survivor.runOnce()).toBe(true);
  expect(done).toEqual(['f1']);
  const row = await t.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'fragile').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'done', attempts: 2 });
});

const rowOf = (kind: string, refId: string) => t.app.db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a job that runs far longer than its lock keeps it: no other runner takes it, and it is tried once', async () => {
  let runs = 0;
  const runner = createJobRunner<string>(t.app.db, { lockMs: 300 });
  // a long LibreOffice conversion: no progress reported for more than three locks' time
  runner.register('long', { run: async () => void ((runs += 1), await sleep(1200)), giveUp: async () => undefined });
  await runner.enqueue('long', 'l1');
  const first = runner.runOnce();
  const other = createJobRunner<string>(t.app.db, { lockMs: 300 });
  other.register('long', { run: async () => void (runs += 1), giveUp: async () => undefined });
  for (let i = 0; i < 10; i += 1) {
    await sleep(100);
    expect(await other.runOnce()).toBe(false);
  }
  await first;
  expect(runs).toBe(1);
  expect(await rowOf('long', 'l1')).toMatchObject({ status: 'done', attempts: 1 });
});

test('a job whose lock keeps running out is claimed at most maxAttempts times, then given up', async () => {
  const given: string[] = [];
  const runner = createJobRunner<string>(t.app.db, { lockMs: 50, maxAttempts: 3 });
  runner.register('doomed', { run: async () => undefined, giveUp: async (refId, reason) => void given.push(`${refId}: ${reason}`) });
  await runner.enqueue('doomed', 'd1');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    // a process claims it and dies each time
    expect(await claimJob(t.app.db, ['doomed'], 50, 3)).toMatchObject({ attempts: attempt });
    await sleep(80);
  }
  expect(await claimJob(t.app.db, ['doomed'], 50, 3)).toBeUndefined();
  // a runner's sweep (its first poll's) gives it up
  expect(await runner.runOnce()).toBe(false);
  expect(await rowOf('doomed', 'd1')).toMatchObject({ status: 'failed', attempts: 3 });
  expect(given).toEqual(['d1: 多次处理均未完成']);
});

test('a run whose lock was taken over is stopped and writes nothing; the new holder finishes the job', async () => {
  const written: string[] = [];
  let go!: () => void;
  let oldSignal: AbortSignal | undefined;
  const old = createJobRunner<string>(t.app.db, { lockMs: 600 });
  old.register('taken', {
    run: async (refId, context: JobContext) => {
      oldSignal = context.signal;
      await new Promise<void>((resolve) => (go = resolve));
      await context.heartbeat(); // before writing its result, as handlers do
      written.push(`old ${refId}`);
    },
    giveUp: async () => void written.push('old gave up'),
  });
  await old.enqueue('taken', 'k1');
  const oldRun = old.runOnce();
  await sleep(50);
  // its lock ran out (the event loop was blocked, say) and another process claimed the job
  await t.app.db
    .updateTable('jobs')
    .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
    .where('kind', '=', 'taken')
    .execute();
  const next = createJobRunner<string>(t.app.db, { lockMs: 600 });
  next.register('taken', { run: async (refId) => void written.push(`new ${refId}`), giveUp: async () => undefined });
  expect(await next.runOnce()).toBe(true);
  go();
  await oldRun;
  expect(oldSignal?.aborted).toBe(true);
  expect(written).toEqual(['new k1']);
  expect(await rowOf('taken', 'k1')).toMatchObject({ status: 'done', attempts: 2 });
});

test('cancelling: a queued job never starts; a running one is stopped at once and writes nothing; both stay, marked cancelled', async () => {
  const started: string[] = [];
  const written: string[] = [];
  const runner = createJobRunner<string>(t.app.db);
  runner.register('gone', {
    run: async (refId, context) => {
      started.push(refId);
      // stands for LibreOffice: ends when the signal says the work is no longer wanted
      await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
      await context.heartbeat();
      written.push(refId);
    },
    giveUp: async () => void written.push('gave up'),
  });
  await runner.enqueue('gone', 'queued');
  await runner.cancel('gone', 'queued');
  expect(await runner.runOnce()).toBe(false);
  expect(await rowOf('gone', 'queued')).toMatchObject({ status: 'cancelled', attempts: 0 });

  await runner.enqueue('gone', 'running');
  const run = runner.runOnce();
  await sleep(50);
  expect(started).toEqual(['running']);
  await runner.cancel('gone', 'running');
  await run;
  expect(await rowOf('gone', 'running')).toMatchObject({ status: 'cancelled', attempts: 1, locked_until: null });
  expect(await runner.runOnce()).toBe(false);
  // its run ended at the check handlers make before writing, and was not given up
  expect(written).toEqual([]);
});

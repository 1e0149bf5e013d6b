/**
 * The jobs table as a queue: a process that stops hands its running job back (lock returned, the
 * attempt not counted) instead of waiting for it, and another runner then does it; a runner that
 * stopped takes nothing more.
 */
import { createJobRunner, type JobHandler } from '../../server/src/jobs/runner';
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

test('a worker that dies mid-job: its job is taken up by another once the lock runs out', async () => {
  const dying = createJobRunner<string>(t.app.db, { lockMs: 300 });
  dying.register('fragile', { run: () => new Promise<void>(() => undefined), giveUp: async () => undefined }); // never returns: the process "died"
  await dying.enqueue('fragile', 'f1');
  void dying.runOnce();
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

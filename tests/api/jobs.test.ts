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
  const first = createJobRunner(t.app.db);
  first.register('slow', slow);
  await first.enqueue('slow', 'r1');
  first.start(10_000);
  await new Promise((r) => setTimeout(r, 200));
  expect(await jobRow('r1')).toMatchObject({ status: 'running', attempts: 1 });

  await first.stop(100);
  expect(await jobRow('r1')).toMatchObject({ status: 'queued', attempts: 0, locked_until: null });

  const done: string[] = [];
  const second = createJobRunner(t.app.db);
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
  const runner = createJobRunner(t.app.db);
  runner.register('slow', { run: async (refId) => void ran.push(refId), giveUp: async () => undefined });
  await runner.enqueue('slow', 'a');
  await runner.enqueue('slow', 'b');
  runner.start(10_000);
  await runner.stop(1000);
  const before = ran.length;
  await new Promise((r) => setTimeout(r, 200));
  expect(ran.length).toBe(before);
});

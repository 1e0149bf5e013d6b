/**
 * Checks done by `npm run worker` processes while the web server only serves (RUN_JOBS=0): two
 * workers share a burst of paid checks, each done once, and when one is killed the other finishes.
 */
import { paidChecks, serverFixture, signedIn } from './server';

const PAPER = (n: number) => Array.from({ length: n }, (_, i) => `第${i + 1}节：县域中学课后服务的组织方式与教师工作负担的观察记录（${i}）。`).join('\n');

test('two workers share 12 paid checks; one killed half way, the other finishes them all', async () => {
  const server = await serverFixture({ RUN_JOBS: '0' });
  try {
    const { url } = await server.start();
    const browser = await signedIn(url);
    const checks = await paidChecks(browser, url, 12, (i) => PAPER(300 + i));
    await new Promise((r) => setTimeout(r, 500));
    const status = async () => Promise.all(checks.map(async (c) => (await browser.get(`/api/v1/review/${c.reviewId}`)).body.result.status as string));
    expect((await status()).every((s) => s !== 'done')).toBe(true); // the web server runs none

    const first = server.startWorker();
    const second = server.startWorker();
    const deadline = Date.now() + 180_000;
    let killed = false;
    for (;;) {
      const states = await status();
      const done = states.filter((s) => s === 'done').length;
      if (!killed && done >= 3) {
        first.child.kill('SIGKILL');
        killed = true;
      }
      if (done === checks.length) break;
      if (Date.now() > deadline) throw new Error(`checks not done: ${states.join(', ')}\n${first.output()}\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    const orders = await Promise.all(checks.map(async (c) => (await browser.get(`/api/v1/order/${c.orderId}`)).body.result.status));
    expect(orders.every((s) => s === 'paid')).toBe(true);
    second.child.kill('SIGTERM');
  } finally {
    await server.close();
  }
});

test('a library in two shards, each held by its own worker process: checks wait for both shards, then find the copied source', async () => {
  const shards = { CORPUS_SHARDS: '2', RUN_JOBS: '0' };
  const server = await serverFixture({ ...shards, CORPUS_SHARDS_HELD: 'none' });
  try {
    const { url } = await server.start();
    const browser = await signedIn(url);
    const documents = (await browser.get('/api/v1/document?pageSize=3')).body.result.list as Array<{ id: string; title: string }>;
    const copied = await Promise.all(
      documents.map(async (d) => ((await browser.get(`/api/v1/document/${d.id}`)).body.result.fullText as string).slice(200, 400)),
    );
    const checks = await paidChecks(browser, url, 3, (i) => `${PAPER(20 + i)}\n${copied.join('\n')}\n${PAPER(5)}`);
    const states = async () =>
      Promise.all(checks.map(async (c) => (await browser.get(`/api/v1/review/${c.reviewId}`)).body.result as { status: string; progress: number }));

    const holdsZero = server.startWorker({ CORPUS_SHARDS_HELD: '0' });
    // shard 0's worker splits the checks and runs its part; without shard 1 none can finish
    const deadline = Date.now() + 120_000;
    while (!(await states()).every((s) => s.status === 'running' && s.progress >= 25)) {
      if (Date.now() > deadline) throw new Error(`parts of shard 0 not done:\n${holdsZero.output()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect((await states()).every((s) => s.status === 'running')).toBe(true);

    const holdsOne = server.startWorker({ CORPUS_SHARDS_HELD: '1' });
    while (!(await states()).every((s) => s.status === 'done')) {
      if (Date.now() > deadline) throw new Error(`checks not done:\n${holdsZero.output()}\n${holdsOne.output()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    for (const check of checks) {
      const report = (await browser.get(`/api/v1/review/${check.reviewId}/report`)).body.result;
      expect(report.sources.map((s: { title: string }) => s.title).sort()).toEqual(documents.map((d) => d.title).sort());
    }
  } finally {
    await server.close();
  }
});

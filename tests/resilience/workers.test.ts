/**
 * Checks done by `npm run worker` processes while the web server only serves (RUN_JOBS=0): two
 * workers share a burst of paid checks, each done once, and when one is killed the other finishes.
 */
import { httpClient, paidCheck, serverFixture } from './server';

const PAPER = (n: number) => Array.from({ length: n }, (_, i) => `第${i + 1}节：县域中学课后服务的组织方式与教师工作负担的观察记录（${i}）。`).join('\n');

test('two workers share 12 paid checks; one killed half way, the other finishes them all', async () => {
  const server = await serverFixture({ RUN_JOBS: '0' });
  try {
    const { url } = await server.start();
    const browser = httpClient(url);
    await browser.login();
    const checks: { reviewId: string; orderId: string }[] = [];
    for (let i = 0; i < 12; i += 1) checks.push(await paidCheck(browser, url, PAPER(300 + i)));
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

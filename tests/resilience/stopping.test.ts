/**
 * Stopping the server the hard ways while it works: SIGTERM with uploads and checks under way
 * (exit within 10 s, nothing lost, the checks finished after the restart), and kill -9 in the
 * middle of 20 paid checks (every check done after the restart, each order charged once).
 */
import { chineseText, fileForm } from './files';
import { paidChecks, serverFixture, signedIn } from './server';

const PAPER = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `第${i + 1}节：本文讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况（${i}）。`,
  ).join('\n');

async function waitForChecks(url: string, reviewIds: string[], timeoutMs = 180_000) {
  const browser = await signedIn(url);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(reviewIds.map(async (id) => (await browser.get(`/api/v1/review/${id}`)).body.result.status as string));
    if (states.every((s) => s === 'done')) return states;
    if (Date.now() > deadline) throw new Error(`checks not done: ${states.join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function ordersOf(url: string, orderIds: string[]) {
  const browser = await signedIn(url);
  return Promise.all(orderIds.map(async (id) => (await browser.get(`/api/v1/order/${id}`)).body.result));
}

/** Starts the stopped server again and waits until every check is done; then their orders as they read. */
async function restartUntilDone(server: Awaited<ReturnType<typeof serverFixture>>, checks: { reviewId: string; orderId: string }[]) {
  const again = await server.start();
  await waitForChecks(
    again.url,
    checks.map((c) => c.reviewId),
  );
  return ordersOf(
    again.url,
    checks.map((c) => c.orderId),
  );
}

test('SIGTERM with uploads and checks under way: exit within 10 s, cleanly; after a restart every check is done', async () => {
  const server = await serverFixture();
  try {
    const { url, output } = await server.start();
    const browser = await signedIn(url);
    const checks = await paidChecks(browser, url, 6, (i) => PAPER(400 + i));
    const uploads = Array.from({ length: 3 }, () =>
      browser.call('POST', '/api/v1/review/paper', fileForm('论文.txt', chineseText(12 * 1024 * 1024))).catch((error) => error),
    );
    await new Promise((r) => setTimeout(r, 300));
    const { code, ms } = await server.stop('SIGTERM');
    console.log(`SIGTERM: exit code ${code} after ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(10_000);
    expect(code).toBe(0);
    expect(output()).not.toMatch(/EPIPE|Unhandled|uncaught/i);
    await Promise.all(uploads);

    const orders = await restartUntilDone(server, checks);
    for (const order of orders) expect(order.status).toBe('paid');
  } finally {
    await server.close();
  }
});

test('kill -9 during 20 paid checks: after a restart all 20 are done, each order charged once', async () => {
  // a check running when the process dies stays locked until its lock lapses: ten seconds here,
  // not the minute a site keeps, so the test waits no longer than it must
  const server = await serverFixture({ JOB_LOCK_SECONDS: '10' });
  try {
    const { url } = await server.start();
    const browser = await signedIn(url);
    const checks = await paidChecks(browser, url, 20, (i) => PAPER(200 + i));
    await server.stop('SIGKILL');

    const orders = await restartUntilDone(server, checks);
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(20);
    // paying again (a gateway resending) changes nothing: each order stays paid once
    const reviews = await Promise.all(checks.map(async (c) => (await browser.get(`/api/v1/review/${c.reviewId}`)).body.result));
    for (const review of reviews) expect(review.status).toBe('done');
  } finally {
    await server.close();
  }
});

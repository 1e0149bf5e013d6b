import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { client, createTestApp, expectBrowserDefences } from './testApp';

/** Every route family answers with the browser-side defences (issue: security headers). */
describe('security headers', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'zn-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>智能论文</title><script src="/dist/umi.abc123.js"></script>');
  writeFileSync(join(webRoot, 'umi.abc123.js'), 'console.log(1)');
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  test.each(['/', '/user/login', '/pay/abc123', '/review/home'])('the app page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectBrowserDefences(res.headers);
  });

  test('the built assets, still cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dist/umi.abc123.js' });
    expectBrowserDefences(res.headers);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('API answers, public and private, errors included, are not stored', async () => {
    const me = client(t.app);
    for (const res of [await me.get('/api/v1/article?current=1&pageSize=2'), await me.get('/api/v1/currentUser'), await me.get('/api/v1/nowhere')]) {
      expectBrowserDefences(res.headers, { stored: false });
    }
    await me.login();
    expectBrowserDefences((await me.get('/api/v1/currentUser')).headers, { stored: false });
  });

  test('the API description page keeps the same policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expectBrowserDefences(res.headers);
  });

  test('the sandbox payment page allows its own inline style and script by hash, nothing else', async () => {
    const me = client(t.app);
    await me.login();
    const review = await me.post('/api/v1/review', {
      systemId: 'undergraduate',
      title: '安全头测试',
      author: '林晓',
      text: '课后服务关系到学生的成长，也关系到家庭的安排和学校的管理。'.repeat(30),
    });
    expect(review.status).toBe(200);
    const pay = await me.post(`/api/v1/order/${review.body.result.orderId}/pay`, { channel: 'alipay' });
    const url = new URL(pay.body.result.payUrl);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expectBrowserDefences(page.headers, { stored: false });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/style-src 'self' 'unsafe-inline' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).not.toMatch(/ style="/);
    const failed = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'result=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(String(failed.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });

  test('no HSTS over http; HSTS and upgraded requests when the public address is https', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ webRoot, publicUrl: 'https://zhinenglunwen.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

/**
 * Cross-site request forgery: a page of another site (or another port of this host) cannot log a
 * visitor in or out, nor create orders or checks in her name; the API takes JSON, not forms.
 */
import { client, createTestApp } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://localhost:8000' });
});
afterAll(() => t.close());

const EVIL = { origin: 'https://evil.example' };
const OTHER_PORT = { origin: 'http://localhost:9999' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString() as unknown as object;

test('login from another site: refused, no session cookie', async () => {
  const res = await client(t.app).call('POST', '/api/v1/actionLogin', { email: 'demo@zhinenglunwen.cn', password: 'Demo1234' }, EVIL);
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, errorCode: 'CROSS_SITE' });
  expect(res.headers['set-cookie']).toBeUndefined();
});

test('a form post (what a cross-site form sends) is not taken, with or without an origin', async () => {
  const browser = client(t.app);
  const fields = form({ email: 'demo@zhinenglunwen.cn', password: 'Demo1234' });
  const formType = { 'content-type': 'application/x-www-form-urlencoded' };
  expect((await browser.call('POST', '/api/v1/actionLogin', fields, formType)).status).toBe(415);
  expect((await browser.call('POST', '/api/v1/actionLogin', fields, { ...formType, ...EVIL })).status).toBe(403);
  const plain = await browser.call('POST', '/api/v1/actionLogin', '{"email":"demo@zhinenglunwen.cn","password":"Demo1234"}' as unknown as object, {
    'content-type': 'text/plain',
  });
  expect(plain.status).toBe(415);
  expect(browser.jar.get('zn_session')).toBeUndefined();
});

test('logout from another site: refused, the session lives on; logout is POST only', async () => {
  const browser = client(t.app);
  await browser.login();
  expect((await browser.call('POST', '/api/v1/actionLogin/logout', undefined, EVIL)).status).toBe(403);
  expect((await browser.call('GET', '/api/v1/actionLogin/logout')).status).toBe(404);
  expect((await browser.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
});

test('an API address spelled with escapes (/%61pi/…, which the router reads as /api/…) is guarded as the API is', async () => {
  const browser = client(t.app);
  await browser.login();
  for (const path of ['/%61pi/v1/actionLogin/logout', '/ap%69/v1/actionLogin/logout']) {
    const res = await browser.call('POST', path, undefined, EVIL);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: 'CROSS_SITE' });
  }
  // an escaped slash is not a slash: no such address
  expect((await browser.call('POST', '/api%2Fv1/actionLogin/logout', undefined, EVIL)).status).toBe(404);
  expect((await browser.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
  // read the same way: the session is the caller's, and the answer is never cached
  const current = await browser.get('/%61pi/v1/user/getCurrent');
  expect(current.body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
  expect(current.headers['cache-control']).toBe('no-store');
});

test('orders and checks from another port of the same host: refused, nothing created', async () => {
  const browser = client(t.app);
  await browser.login();
  const check = { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text: '本文讨论县域中学课后服务的组织方式。'.repeat(40) };
  expect((await browser.call('POST', '/api/v1/review', check, OTHER_PORT)).status).toBe(403);
  expect((await browser.call('POST', '/api/v1/review', check, { referer: 'http://localhost:9999/attack.html' })).status).toBe(403);
  expect((await browser.call('POST', '/api/v1/review', check, { origin: 'null' })).status).toBe(403);
  expect((await browser.get('/api/v1/review')).body.result.total).toBe(0);
  expect((await browser.call('POST', '/api/v1/order', { kind: 'review', itemId: 'x' }, OTHER_PORT)).status).toBe(403);
});

test('the site itself, by its public address or by the host it was reached at, is served', async () => {
  const browser = client(t.app);
  const login = await browser.call(
    'POST',
    '/api/v1/actionLogin',
    { email: 'demo@zhinenglunwen.cn', password: 'Demo1234' },
    { origin: 'http://localhost:8000' },
  );
  expect(login.body).toMatchObject({ success: true });
  const check = { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text: '本文讨论县域中学课后服务的组织方式。'.repeat(40) };
  const sameHost = await browser.call('POST', '/api/v1/review', check, { origin: 'http://127.0.0.1:8000', host: '127.0.0.1:8000' });
  expect(sameHost.status).toBe(200);
  const noOrigin = await browser.call('POST', '/api/v1/actionLogin/logout');
  expect(noOrigin.status).toBe(200);
});

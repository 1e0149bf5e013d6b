/**
 * The attacks of the hardening review, replayed over real HTTP against the real server: password
 * guessing behind rotating X-Forwarded-For headers, cross-site form posts, and forged, replayed
 * or tampered payment notifications.
 */
import { sandboxNotification } from '../../server/src/modules/payment/sandbox';
import { httpClient, useServer } from './server';

const running = useServer();

/** A newly registered account (its code read from the outbox), signed in. */
async function signedInNewUser(email: string) {
  const browser = httpClient(running.url());
  await browser.post('/api/v1/user/sendCode', { email, purpose: 'register' });
  const outbox = await (await fetch(`${running.url()}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /验证码：(\d{6})/.exec(outbox.result[0].body)![1];
  await browser.post('/api/v1/user/register', { email, code, password: 'Lunwen2026', nickname: '同学', agreement: true });
  expect((await browser.login(email, 'Lunwen2026')).body.success).toBe(true);
  return browser;
}

test('40 wrong passwords for the demo account from 40 claimed addresses: at least 20 refused, then the right one too', async () => {
  const attacker = httpClient(running.url());
  const statuses: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const res = await attacker.post(
      '/api/v1/actionLogin',
      { email: 'demo@zhinenglunwen.cn', password: `Guess${i}xyz` },
      { 'x-forwarded-for': `198.51.100.${i + 1}` },
    );
    statuses.push(res.status);
  }
  const refused = statuses.filter((s) => s === 429).length;
  console.log(`brute force: ${refused} of 40 guesses refused`);
  expect(refused).toBeGreaterThanOrEqual(20);
  const right = await attacker.post('/api/v1/actionLogin', { email: 'demo@zhinenglunwen.cn', password: 'Demo1234' }, { 'x-forwarded-for': '198.51.100.250' });
  expect(right.status).toBe(429);
  expect(attacker.hasSession()).toBe(false);
});

test('cross-site form posts to login, logout, orders and checks: no effect at all', async () => {
  // the victim: a fresh account, signed in (the demo account is locked by the test above)
  const victim = await signedInNewUser('victim@example.cn');

  const evil = { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' };
  const posts = [
    ['/api/v1/actionLogin', 'email=attacker%40example.cn&password=Attacker2026'],
    ['/api/v1/actionLogin/logout', ''],
    ['/api/v1/order', 'kind=check&itemId=x'],
    ['/api/v1/review', 'systemId=undergraduate&title=t&author=a&text=x'],
  ] as const;
  // the victim's browser sends her cookie along (what makes forgery work), from the other site's page
  for (const [path, body] of posts) expect((await victim.call('POST', path, body, evil)).status).toBe(403);
  const me = await victim.get('/api/v1/user/getCurrent');
  expect(me.body.result).toMatchObject({ email: 'victim@example.cn' });
  expect((await victim.get('/api/v1/review')).body.result.total).toBe(0);
});

test('payment notifications: forged, tampered and replayed ones change nothing; the real one pays once', async () => {
  const buyer = await signedInNewUser('buyer@example.cn');
  const created = await buyer.post('/api/v1/review', {
    systemId: 'undergraduate',
    title: '县域中学课后服务研究',
    author: '林晓',
    text: '本文讨论县域中学课后服务的组织方式。'.repeat(60),
  });
  const { orderId } = created.body.result;
  const order = (await buyer.get(`/api/v1/order/${orderId}`)).body.result;
  const keys = running.server().secrets().sandboxKeys;
  const sign = (amountFen: number) => sandboxNotification(JSON.parse(keys), { id: orderId, amount_fen: amountFen } as never, 'alipay');
  const notify = (params: Record<string, string>) =>
    fetch(`${running.url()}/api/v1/payment/notify/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }).then((r) => r.text());

  const genuine = sign(order.amountFen);
  expect(await notify({ ...genuine, total_amount: '0.01' })).toBe('fail'); // tampered after signing
  expect(await notify({ ...genuine, sign: genuine.sign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).toBe('fail'); // forged signature
  expect(await notify(sign(1))).toBe('fail'); // signed, but not the order's amount
  expect((await buyer.get(`/api/v1/order/${orderId}`)).body.result.status).toBe('pending');

  const answers = await Promise.all(Array.from({ length: 10 }, () => notify(genuine)));
  expect(answers.every((a) => a === 'success')).toBe(true);
  const paid = (await buyer.get(`/api/v1/order/${orderId}`)).body.result;
  expect(paid.status).toBe('paid');
  const review = (await buyer.get(`/api/v1/review/${created.body.result.review.id}`)).body.result;
  expect(['queued', 'running', 'done']).toContain(review.status);
});

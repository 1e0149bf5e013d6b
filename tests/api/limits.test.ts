/**
 * Throttling of the guessable calls: failed logins per account whatever address a client claims,
 * a budget per address that a campus behind one NAT does not exhaust, codes and report
 * verifications per address, and the password policy.
 */
import { newId } from '../../server/src/lib/ids';
import { hashPassword } from '../../server/src/lib/password';
import { newAccount } from '../../server/src/modules/auth/service';
import { createUserRepo } from '../../server/src/modules/user/repo';
import { client, codeFromOutbox, createTestApp } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // as behind a reverse proxy on this host: each test's client has an address of its own
  t = await createTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => t.close());

const LOGIN = '/api/v1/actionLogin';
const fromAddress = (address: string) => ({ 'x-forwarded-for': address });

/** Accounts made straight in the database (registration has its own budget). */
async function makeAccounts(prefix: string, count: number, password: string) {
  const users = createUserRepo(t.app.db);
  const hash = await hashPassword(password);
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@campus.example.cn`);
  for (const [i, email] of emails.entries()) {
    await users.insert(newAccount(newId(), email, hash, `同学${i}`));
  }
  return emails;
}

test('40 wrong passwords from 40 claimed addresses: the account is locked after 10, the right password too, and the 429 says how long to wait', async () => {
  const [email] = await makeAccounts('victim', 1, 'Lunwen2026');
  const browser = client(t.app);
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => browser.call('POST', LOGIN, { email, password: `Guess${i}xyz` }, fromAddress(`203.0.113.${i + 1}`))),
  );
  const refused = answers.filter((res) => res.status === 429);
  expect(refused.length).toBeGreaterThanOrEqual(20);
  expect(refused[0].body).toMatchObject({ success: false, errorCode: 'TOO_MANY_ATTEMPTS' });
  expect(refused[0].body.message).toMatch(/请 \d+ (分钟|秒)后再试/);
  expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);

  const right = await browser.call('POST', LOGIN, { email, password: 'Lunwen2026' }, fromAddress('198.51.100.7'));
  expect(right.status).toBe(429);
  expect(right.headers['set-cookie']).toBeUndefined();
});

test('a browser the owner signed in from before still signs in while strangers have locked the account, and guesses there are limited too', async () => {
  const [email] = await makeAccounts('owner', 1, 'Lunwen2026');
  const owner = client(t.app);
  expect((await owner.call('POST', LOGIN, { email, password: 'Lunwen2026' }, fromAddress('198.51.100.20'))).body).toMatchObject({ success: true });
  const stranger = client(t.app);
  for (let i = 0; i < 12; i += 1) await stranger.call('POST', LOGIN, { email, password: `Guess${i}xyz` }, fromAddress('203.0.113.200'));
  expect((await client(t.app).call('POST', LOGIN, { email, password: 'Lunwen2026' }, fromAddress('198.51.100.21'))).status).toBe(429);

  const back = await owner.call('POST', LOGIN, { email, password: 'Lunwen2026' }, fromAddress('198.51.100.20'));
  expect(back.body).toMatchObject({ success: true });
  // the device cookie is no key: guessing from that browser is limited as anywhere
  const statuses = [];
  for (let i = 0; i < 11; i += 1) statuses.push((await owner.call('POST', LOGIN, { email, password: `Guess${i}xyz` }, fromAddress('198.51.100.20'))).status);
  expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
  expect(statuses[10]).toBe(429);
});

test('an unknown e-mail is locked alike, so the lock tells nothing about which accounts exist', async () => {
  const browser = client(t.app);
  const statuses = [];
  for (let i = 0; i < 12; i += 1)
    statuses.push((await browser.call('POST', LOGIN, { email: 'nobody-here@example.cn', password: `Guess${i}xyz` }, fromAddress('192.0.2.50'))).status);
  expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
});

test('40 real accounts behind one address, each with one typo: nobody is locked out', async () => {
  const emails = await makeAccounts('campus', 40, 'Lunwen2026');
  const browser = client(t.app);
  for (const email of emails) {
    const typo = await browser.call('POST', LOGIN, { email, password: 'Lunwen2025' }, fromAddress('192.0.2.1'));
    expect(typo.body).toMatchObject({ success: false, message: '邮箱或密码错误' });
    const right = await browser.call('POST', LOGIN, { email, password: 'Lunwen2026' }, fromAddress('192.0.2.1'));
    expect(right.body).toMatchObject({ success: true });
  }
});

test('without TRUST_PROXY a client cannot choose its address: rotating X-Forwarded-For still spends one budget', async () => {
  const direct = await createTestApp();
  try {
    const browser = client(direct.app);
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1) {
      statuses.push((await browser.call('POST', LOGIN, { email: `x${i}@example.cn`, password: 'Wrong1234' }, fromAddress(`203.0.113.${i + 1}`))).status);
    }
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  } finally {
    await direct.close();
  }
});

test('behind a trusted proxy each client address has its own budget', async () => {
  const browser = client(t.app);
  for (let i = 0; i < 101; i += 1) await browser.call('POST', LOGIN, { email: `z${i}@example.cn`, password: 'Wrong1234' }, fromAddress('203.0.113.200'));
  expect((await browser.call('POST', LOGIN, { email: 'z0@example.cn', password: 'Wrong1234' }, fromAddress('203.0.113.200'))).status).toBe(429);
  expect((await browser.call('POST', LOGIN, { email: 'w@example.cn', password: 'Wrong1234' }, fromAddress('203.0.113.201'))).status).toBe(200);
});

test('a password reset releases a locked account', async () => {
  const [email] = await makeAccounts('locked', 1, 'Lunwen2026');
  const browser = client(t.app);
  const from = fromAddress('192.0.2.60');
  for (let i = 0; i < 11; i += 1) await browser.call('POST', LOGIN, { email, password: `Guess${i}xyz` }, from);
  expect((await browser.call('POST', LOGIN, { email, password: 'Lunwen2026' }, from)).status).toBe(429);
  await browser.post('/api/v1/user/sendCode', { email, purpose: 'reset' });
  const reset = await browser.post('/api/v1/user/resetPassword', { email, code: await codeFromOutbox(t.app, email), password: 'Xuewei2027' });
  expect(reset.body).toMatchObject({ success: true });
  expect((await browser.call('POST', LOGIN, { email, password: 'Xuewei2027' }, from)).body).toMatchObject({ success: true });
});

test('codes: at most 30 an hour from one address', async () => {
  const browser = client(t.app);
  const statuses: number[] = [];
  for (let i = 0; i < 31; i += 1)
    statuses.push((await browser.call('POST', '/api/v1/user/sendCode', { email: `code${i}@example.cn`, purpose: 'register' }, fromAddress('10.9.9.9'))).status);
  expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
  expect(statuses[30]).toBe(429);
});

test('report verification: at most 30 look-ups a minute from one address', async () => {
  const browser = client(t.app);
  const statuses: number[] = [];
  for (let i = 0; i < 31; i += 1) statuses.push((await browser.get(`/api/v1/review/verify/ZN${String(i).padStart(8, '0')}`)).status);
  expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
  expect(statuses[30]).toBe(429);
});

test.each([
  ['a common password', 'Password1', '这个密码太常见'],
  ['a keyboard walk', 'qwerty123', '这个密码太常见'],
  ['one character repeated', 'aaaaaaa1', '这个密码太常见'],
  ['the e-mail itself', 'me2026@example.cn', '密码不能与邮箱相同'],
])('registration refuses %s with a clear message', async (_case, password, message) => {
  const browser = client(t.app);
  const email = 'me2026@example.cn';
  await browser.post('/api/v1/user/sendCode', { email, purpose: 'register' });
  const res = await browser.post('/api/v1/user/register', { email, code: await codeFromOutbox(t.app, email), password, nickname: '小林', agreement: true });
  expect(res.status).toBe(422);
  expect(res.body.errors.password).toContain(message);
});

test('changing the password refuses a common one', async () => {
  const browser = client(t.app);
  await browser.login();
  const res = await browser.post('/api/v1/user/modifyPassword', { oldPassword: 'Demo1234', newPassword: 'Passw0rd' });
  expect(res.status).toBe(422);
  expect(res.body.errors.newPassword).toContain('这个密码太常见');
});

test('the secure flag is set when the site is served over https', async () => {
  const secure = await createTestApp({ publicUrl: 'https://lunwen.example.cn' });
  try {
    const res = await client(secure.app).login();
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  } finally {
    await secure.close();
  }
});

test('a code asked for again within the minute is refused with the wait in Retry-After as well as in words', async () => {
  const email = 'again@campus.example.cn';
  const browser = client(t.app);
  const from = fromAddress('198.51.100.60');
  expect((await browser.call('POST', '/api/v1/user/sendCode', { email, purpose: 'register' }, from)).status).toBe(200);
  const again = await browser.call('POST', '/api/v1/user/sendCode', { email, purpose: 'register' }, from);
  expect(again.status).toBe(429);
  expect(again.body).toMatchObject({ errorCode: 'CODE_TOO_SOON', message: expect.stringMatching(/请 (\d+ 秒|1 分钟)后再试/) });
  expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
});

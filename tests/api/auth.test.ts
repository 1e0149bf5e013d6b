import { sign } from '@fastify/cookie';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';
import { prepareQuery } from '../../server/src/db';
import { client, codeFromOutbox, createTestApp, otherUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().find((c) => String(c).startsWith('zn_session=')) as string | undefined;

describe('the three calls of docs/spec.md §7', () => {
  test('a visitor gets result null, not 401', async () => {
    const res = await client(t.app).get('/api/v1/user/getCurrent');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, result: null });
  });

  test('login with the demo account: success, the user, a session cookie with the right flags', async () => {
    const browser = client(t.app);
    const res = await browser.login();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '登录成功', result: { email: 'demo@zhinenglunwen.cn', nickname: '演示同学' } });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await browser.get('/api/v1/user/getCurrent');
    expect(me.body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
    expect(JSON.stringify(me.body)).not.toMatch(/password|hash/i);
  });

  test('the e-mail is matched without regard to case and spaces', async () => {
    const res = await client(t.app).login('  Demo@ZhiNengLunWen.cn ', 'Demo1234');
    expect(res.body.success).toBe(true);
  });

  test.each([
    ['a wrong password', 'demo@zhinenglunwen.cn', 'Wrong1234'],
    ['an unknown account', 'nobody@zhinenglunwen.cn', 'Demo1234'],
  ])('%s: success false with the same message, no cookie', async (_case, email, password) => {
    const res = await client(t.app).login(email, password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, message: '邮箱或密码错误', errorCode: 'LOGIN_FAILED', showType: 0 });
    expect(sessionCookie(res)).toBeUndefined();
  });

  test.each([
    ['no e-mail', { password: 'x' }, 'email'],
    ['no password', { email: 'a@b.cn' }, 'password'],
    ['an empty password', { email: 'a@b.cn', password: '' }, 'password'],
  ])('login with %s answers 422 with the field', async (_case, payload, field) => {
    const res = await client(t.app).post('/api/v1/actionLogin', payload);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(res.body.errors[field]).toMatch(/[\u4e00-\u9fa5]/);
  });

  test('login rotates the session: the previous session id stops working', async () => {
    const browser = client(t.app);
    await browser.login();
    const first = browser.jar.get('zn_session')!;
    await browser.login();
    const second = browser.jar.get('zn_session')!;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers: { cookie: `zn_session=${first}` } });
    expect(old.json().result).toBeNull();
  });

  /** A signed-in browser and its session token; `ended` tells whether the token still signs anyone in. */
  async function signedIn() {
    const browser = client(t.app);
    await browser.login();
    const token = browser.jar.get('zn_session')!;
    const ended = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers: { cookie: `zn_session=${token}` } })).json().result === null;
    return { browser, token, ended };
  }

  test('logout deletes the session on the server and clears the cookie', async () => {
    const { browser, ended } = await signedIn();
    const res = await browser.post('/api/v1/actionLogin/logout');
    expect(res.body).toEqual({ success: true, result: null });
    expect(sessionCookie(res)).toMatch(/zn_session=;/);
    expect(await ended()).toBe(true);
  });

  test('logout takes no body: a JSON content type with nothing after it still ends the session', async () => {
    const { token, ended } = await signedIn();
    const headers = { cookie: `zn_session=${token}`, 'content-type': 'application/json' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/actionLogin/logout', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, result: null });
    expect(await ended()).toBe(true);
  });

  test('a call that needs a body and gets an empty one is told so in Chinese', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/actionLogin', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(res.json().message).toMatch(/^[^A-Za-z]*$/);
  });

  test('a body that is no object of fields (nothing, a list) is told so in words, naming no placeholder field', async () => {
    for (const payload of [undefined, '[1,2]']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/actionLogin', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('提交的内容格式不正确');
    }
  });

  test('a forged or unsigned cookie is a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers: { cookie: 'zn_session=abc.def' } });
    expect(res.json()).toEqual({ success: true, result: null });
  });
});

describe('registration', () => {
  const email = 'xiaoming@example.edu.cn';
  const form = { email, password: 'Thesis2026', nickname: '小明', agreement: true };

  test('code by mail, register, then log in with the new account', async () => {
    const browser = client(t.app);
    const sent = await browser.post('/api/v1/user/sendCode', { email, purpose: 'register' });
    expect(sent.body).toMatchObject({ success: true, message: expect.stringContaining('验证码已发送') });
    const code = await codeFromOutbox(t.app, email);
    const res = await browser.post('/api/v1/user/register', { ...form, code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: { email, nickname: '小明' } });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    expect((await browser.login(email, 'Thesis2026')).body.success).toBe(true);
  });

  test('a code works once', async () => {
    const other = 'once@example.edu.cn';
    await client(t.app).post('/api/v1/user/sendCode', { email: other, purpose: 'register' });
    const code = await codeFromOutbox(t.app, other);
    expect((await client(t.app).post('/api/v1/user/register', { ...form, email: other, code })).status).toBe(200);
    const again = await client(t.app).post('/api/v1/user/register', { ...form, email: other, code });
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toBe('验证码不正确或已过期，请核对邮件中最新的验证码，或稍后重新获取');
  });

  test('a second code request within a minute is refused with 429', async () => {
    const address = 'hurry@example.edu.cn';
    expect((await client(t.app).post('/api/v1/user/sendCode', { email: address, purpose: 'register' })).status).toBe(200);
    const again = await client(t.app).post('/api/v1/user/sendCode', { email: address, purpose: 'register' });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/请 (1 分钟|\d+ 秒)后再试/);
  });

  test('asked again half a minute later, the refusal says the seconds left, not a whole minute', async () => {
    const address = 'half-minute@example.edu.cn';
    expect((await client(t.app).post('/api/v1/user/sendCode', { email: address, purpose: 'register' })).status).toBe(200);
    const earlier = new Date(Date.now() - 30_000).toISOString();
    await t.app.db.updateTable('verification_codes').set({ created_at: earlier }).where('email', '=', address).execute();
    const again = await client(t.app).post('/api/v1/user/sendCode', { email: address, purpose: 'register' });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/请 (29|30) 秒后再试/);
  });

  test('registering a taken e-mail mails no code, and the answer is the same', async () => {
    const res = await client(t.app).post('/api/v1/user/sendCode', { email: 'demo@zhinenglunwen.cn', purpose: 'register' });
    expect(res.body).toMatchObject({ success: true });
    await expect(codeFromOutbox(t.app, 'demo@zhinenglunwen.cn')).rejects.toThrow();
  });

  test('a code expires after 10 minutes', async () => {
    const address = 'late@example.edu.cn';
    await client(t.app).post('/api/v1/user/sendCode', { email: address, purpose: 'register' });
    const code = await codeFromOutbox(t.app, address);
    const row = await t.app.db.selectFrom('verification_codes').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeGreaterThanOrEqual(10 * 60 * 1000 - 1000);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(10 * 60 * 1000 + 1000);
    // ten minutes pass
    const past = new Date(Date.now() - 1000).toISOString();
    await t.app.db.updateTable('verification_codes').set({ expires_at: past }).where('id', '=', row.id).execute();
    const res = await client(t.app).post('/api/v1/user/register', { ...form, email: address, code });
    expect(res.status).toBe(422);
    expect(res.body.errors.code).toBe('验证码不正确或已过期，请核对邮件中最新的验证码，或稍后重新获取');
  });

  test('a wrong code is refused, and five wrong tries spend the code', async () => {
    const address = 'guess@example.edu.cn';
    await client(t.app).post('/api/v1/user/sendCode', { email: address, purpose: 'register' });
    const code = await codeFromOutbox(t.app, address);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await client(t.app).post('/api/v1/user/register', { ...form, email: address, code: wrong });
      expect(res.status).toBe(422);
    }
    const right = await client(t.app).post('/api/v1/user/register', { ...form, email: address, code });
    expect(right.status).toBe(422);
  });

  test.each([
    ['an invalid e-mail', { email: 'not-mail' }, 'email', '请输入正确的邮箱地址'],
    ['a short password', { password: 'abc123' }, 'password', '密码至少 8 位，需同时包含字母和数字'],
    ['a password without digits', { password: 'abcdefghij' }, 'password', '密码至少 8 位，需同时包含字母和数字'],
    ['a password without letters', { password: '1234567890' }, 'password', '密码至少 8 位，需同时包含字母和数字'],
    ['a one-character nickname', { nickname: '明' }, 'nickname', '昵称需为 2–20 个字符'],
    ['a 21-character nickname', { nickname: '名'.repeat(21) }, 'nickname', '昵称需为 2–20 个字符'],
    ['a five-digit code', { code: '12345' }, 'code', '验证码是 6 位数字'],
    ['a code with letters', { code: '12a456' }, 'code', '验证码是 6 位数字'],
    ['the agreement not accepted', { agreement: false }, 'agreement', '请阅读并同意用户协议'],
    ['the agreement missing', { agreement: undefined }, 'agreement', '请阅读并同意用户协议'],
  ])('%s answers 422 with the field message', async (_case, change, field, message) => {
    const res = await client(t.app).post('/api/v1/user/register', { ...form, code: '123456', ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBe(message);
  });

  test('sendCode validates the e-mail and the purpose', async () => {
    const bad = await client(t.app).post('/api/v1/user/sendCode', { email: 'x', purpose: 'spam' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'purpose']);
  });
});

describe('password reset by mailed code', () => {
  test('resets the password and ends every session of the account', async () => {
    const email = 'forgetful@example.edu.cn';
    const signup = client(t.app);
    await signup.post('/api/v1/user/sendCode', { email, purpose: 'register' });
    await signup.post('/api/v1/user/register', { email, code: await codeFromOutbox(t.app, email), password: 'First1234', nickname: '健忘', agreement: true });
    const laptop = client(t.app);
    await laptop.login(email, 'First1234');

    const phone = client(t.app);
    expect((await phone.post('/api/v1/user/sendCode', { email, purpose: 'reset' })).body.success).toBe(true);
    const code = await codeFromOutbox(t.app, email);
    const res = await phone.post('/api/v1/user/resetPassword', { email, code, password: 'Second1234' });
    expect(res.body).toMatchObject({ success: true, message: '密码已重置，请用新密码登录' });

    expect((await laptop.get('/api/v1/user/getCurrent')).body.result).toBeNull();
    expect((await phone.login(email, 'First1234')).body.success).toBe(false);
    expect((await phone.login(email, 'Second1234')).body.success).toBe(true);
  });

  test('an unknown e-mail gets the same answer and a mail saying no account uses it, with no code', async () => {
    const res = await client(t.app).post('/api/v1/user/sendCode', { email: 'ghost@example.edu.cn', purpose: 'reset' });
    expect(res.body).toMatchObject({ success: true });
    await expect(codeFromOutbox(t.app, 'ghost@example.edu.cn')).rejects.toThrow();
    const mails = (await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=ghost%40example.edu.cn' })).json().result;
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['【智能论文】该邮箱没有注册账号']);
  });

  test('a mail server that cannot be reached answers the same for an account and for an unknown e-mail', async () => {
    // nothing listens on port 1: every mail fails at once
    const unreachable = await buildApp({ ...t.config, smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const answers = [];
      for (const email of ['demo@zhinenglunwen.cn', 'ghost2@example.edu.cn']) {
        const res = await client(unreachable).post('/api/v1/user/sendCode', { email, purpose: 'reset' });
        answers.push({ status: res.status, message: res.body.message });
      }
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      await unreachable.close();
    }
  });

  test('a wrong code is refused', async () => {
    const res = await client(t.app).post('/api/v1/user/resetPassword', { email: 'demo@zhinenglunwen.cn', code: '000000', password: 'Hacked1234' });
    expect(res.status).toBe(422);
    expect((await client(t.app).login()).body.success).toBe(true);
  });
});

describe('the session is checked against the database on every request', () => {
  test('a session ended by another server process stops working here at once', async () => {
    const other = await buildApp(t.config);
    try {
      const here = client(t.app);
      await here.login();
      const cookie = `zn_session=${here.jar.get('zn_session')}`;
      const there = await other.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers: { cookie } });
      expect(there.json().result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
      expect((await here.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
      await other.inject({ method: 'POST', url: '/api/v1/actionLogin/logout', headers: { cookie } });
      expect((await here.get('/api/v1/user/getCurrent')).body.result).toBeNull();
    } finally {
      await other.close();
    }
  });

  test('an expired session is a visitor', async () => {
    const browser = await otherUser(t.app);
    expect((await browser.get('/api/v1/user/getCurrent')).body.result).not.toBeNull();
    const user = (await browser.get('/api/v1/user/getCurrent')).body.result;
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await browser.get('/api/v1/user/getCurrent')).body.result).toBeNull();
  });

  test('each session answers its own user, also many at once', async () => {
    const browsers = [client(t.app), await otherUser(t.app), client(t.app), await otherUser(t.app)];
    await browsers[0].login();
    await browsers[2].login();
    const expected = await Promise.all(browsers.map(async (b) => (await b.get('/api/v1/user/getCurrent')).body.result.id));
    expect(new Set(expected).size).toBe(3);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => browsers[i % 4].get('/api/v1/user/getCurrent')));
    expect(answers.map((a) => a.body.result.id)).toEqual(Array.from({ length: 40 }, (_, i) => expected[i % 4]));
  });

  test('among lookups that arrive together, an ended session and a visitor get no user', async () => {
    const ask = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers }).then((res) => res.json().result?.id ?? null);
    const live = { cookie: `zn_session=${(await otherUser(t.app)).jar.get('zn_session')}` };
    const ending = await otherUser(t.app);
    const ended = { cookie: `zn_session=${ending.jar.get('zn_session')}` };
    const liveId = await ask(live);
    expect(liveId).not.toBeNull();
    expect(await ask(ended)).not.toBeNull();
    await ending.post('/api/v1/actionLogin/logout');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask([live, ended, {}][i % 3])));
    expect(answers).toEqual(Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? liveId : null)));
  });

  test('a column added to users by a migration of another process does not break signed-in requests', async () => {
    const browser = client(t.app);
    await browser.login();
    // every pooled connection has run the session lookup before the column comes
    const before = await Promise.all(Array.from({ length: 20 }, () => browser.get('/api/v1/user/getCurrent')));
    expect(before.every((res) => res.body.result?.email === 'demo@zhinenglunwen.cn')).toBe(true);
    await sql`alter table users add column later_column varchar(10)`.execute(t.app.db);
    try {
      const after = await Promise.all(Array.from({ length: 20 }, () => browser.get('/api/v1/user/getCurrent')));
      expect(after.map((res) => res.status)).toEqual(after.map(() => 200));
      expect(after.every((res) => res.body.result?.email === 'demo@zhinenglunwen.cn')).toBe(true);
    } finally {
      await sql`alter table users drop column later_column`.execute(t.app.db);
    }
  });
});

describe('cookie signatures', () => {
  test("a session cookie signed by the cookie plugin's own signer is still valid (sessions outlive the upgrade)", async () => {
    const browser = client(t.app);
    await browser.login();
    const token = browser.jar.get('zn_session')!.split('.')[0];
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/getCurrent',
      headers: { cookie: `zn_session=${encodeURIComponent(sign(token, t.config.sessionSecret))}` },
    });
    expect(res.json().result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
  });

  test("a live session's token with a wrong, missing or foreign signature is a visitor, also after the right one was accepted", async () => {
    const browser = client(t.app);
    await browser.login();
    expect((await browser.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
    const signed = decodeURIComponent(browser.jar.get('zn_session')!);
    const token = signed.split('.')[0];
    const signature = signed.slice(token.length + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const cookie of [token, `${token}.`, `${token}.${flipped}`, `${token}.${signature}x`, sign(token, 'another secret of enough length 123456')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers: { cookie: `zn_session=${encodeURIComponent(cookie)}` } });
      expect(res.json()).toEqual({ success: true, result: null });
    }
    expect((await browser.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
  });

  test('a cookie accepted before is a visitor once its session has ended', async () => {
    const browser = client(t.app);
    await browser.login();
    const cookie = `zn_session=${browser.jar.get('zn_session')}`;
    expect((await browser.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email: 'demo@zhinenglunwen.cn' });
    await browser.post('/api/v1/actionLogin/logout');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getCurrent', headers: { cookie } });
    expect(res.json()).toEqual({ success: true, result: null });
  });
});

describe('prepareQuery', () => {
  test('refuses a value that is not a parameter, and a query that selects *', () => {
    const db = t.app.db;
    expect(() => prepareQuery(db, ['id', 'unused'], ({ id }) => db.selectFrom('users').select('users.id').where('id', '=', id))).toThrow(
      /unused is not a parameter/,
    );
    expect(() => prepareQuery(db, ['id'], ({ id }) => db.selectFrom('users').selectAll().where('id', '=', id))).toThrow(/name the columns/);
    expect(() => prepareQuery(db, ['id'], ({ id }) => db.selectFrom('users').selectAll('users').where('id', '=', id))).toThrow(/name the columns/);
  });

  test("runs with each call's values, constants kept", async () => {
    const db = t.app.db;
    const byEmail = prepareQuery(db, ['email'], ({ email }) =>
      db.selectFrom('users').select(['users.email', 'users.nickname']).where('email', '=', email).where('nickname', '!=', 'nobody'),
    );
    expect(await byEmail({ email: 'demo@zhinenglunwen.cn' })).toEqual([{ email: 'demo@zhinenglunwen.cn', nickname: '演示同学' }]);
    expect(await byEmail({ email: 'ghost@example.cn' })).toEqual([]);
  });

  test('does not see the writes of a transaction still open, which then rolls back', async () => {
    const db = t.app.db;
    const nickname = prepareQuery(db, ['email'], ({ email }) => db.selectFrom('users').select('users.nickname').where('email', '=', email));
    let during: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ nickname: '未提交的昵称' }).where('email', '=', 'demo@zhinenglunwen.cn').execute();
        during = nickname({ email: 'demo@zhinenglunwen.cn' });
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await during).toEqual([{ nickname: '演示同学' }]);
  });
});

import { client, createTestApp } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: 3, register: 2, sendCode: 2, reset: 2, windowMs: 60_000 } });
});
afterAll(() => t.close());

test.each([
  ['login', '/api/v1/actionLogin', { email: 'demo@zhinenglunwen.cn', password: 'Wrong1234' }, 3],
  ['register', '/api/v1/user/register', { email: 'a@b.cn', code: '123456', password: 'Abc12345', nickname: '小林', agreement: true }, 2],
  ['send code', '/api/v1/user/sendCode', { email: 'new@b.cn', purpose: 'reset' }, 2],
  ['reset password', '/api/v1/user/resetPassword', { email: 'a@b.cn', code: '123456', password: 'Abc12345' }, 2],
])('%s is rate limited: 429 with a Chinese message', async (_name, url, payload, max) => {
  const browser = client(t.app);
  for (let i = 0; i < max; i += 1) {
    const res = await browser.post(url, { ...payload, email: i === 0 ? payload.email : `n${i}${payload.email}` });
    expect(res.status).not.toBe(429);
  }
  const res = await browser.post(url, payload);
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS', message: '操作太频繁，请稍后再试' });
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

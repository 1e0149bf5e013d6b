import { client, createTestApp } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(name: string, filename: string, data: Buffer) {
  const boundary = '----zn-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `data` sent as the signed-in browser's new avatar, in a file named `filename`. */
function uploadAvatar(browser: ReturnType<typeof client>, filename: string, data: Buffer) {
  const { body, contentType } = multipart('file', filename, data);
  return t.app.inject({ method: 'POST', url: '/api/v1/user/avatar', payload: body, headers: { 'content-type': contentType, cookie: browser.jar.header() } });
}

describe('a visitor is asked to log in (401) where a login is needed', () => {
  test.each([
    ['PUT', '/api/v1/user/basicInfo', { nickname: '访客' }],
    ['POST', '/api/v1/user/modifyPassword', { oldPassword: 'Demo1234', newPassword: 'Other1234' }],
    ['POST', '/api/v1/user/avatar', undefined],
    // what the request holds is not looked at first: a session that ended goes to login, not to a field's message
    ['PUT', '/api/v1/user/basicInfo', { nickname: 'x' }],
    ['POST', '/api/v1/user/modifyPassword', {}],
    ['GET', '/api/v1/order/list?current=abc', undefined],
    ['POST', '/api/v1/order', { kind: 'nothing' }],
    ['GET', '/api/v1/review?pageSize=-1', undefined],
    ['POST', '/api/v1/review', {}],
    ['GET', '/api/v1/typeset?current=0', undefined],
  ] as const)('%s %s', async (method, url, payload) => {
    const res = await client(t.app).call(method, url, payload);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, errorCode: 'UNAUTHENTICATED', message: '请先登录' });
  });
});

describe('basic information', () => {
  test('is saved, answered without the password, and read back after a reload', async () => {
    const browser = client(t.app);
    await browser.login();
    const info = { nickname: '论文达人', realName: '林晓', school: '华东示范大学', major: '汉语言文学', degree: '硕士', phone: '13800138000' };
    const res = await browser.put('/api/v1/user/basicInfo', info);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '基本信息已保存', result: info });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    expect((await browser.get('/api/v1/user/getCurrent')).body.result).toMatchObject(info);
  });

  test('empty optional fields are stored as null', async () => {
    const browser = client(t.app);
    await browser.login();
    const res = await browser.put('/api/v1/user/basicInfo', { nickname: '演示同学', realName: '', school: ' ', phone: '' });
    expect(res.body.result).toMatchObject({ realName: null, school: null, phone: null });
  });

  test.each([
    ['a short nickname', { nickname: 'a' }, 'nickname', '昵称需为 2–20 个字符'],
    ['no nickname', {}, 'nickname', '请填写昵称'],
    ['a bad phone number', { nickname: '小林', phone: '12345' }, 'phone', '请输入 11 位手机号'],
    ['an unknown degree', { nickname: '小林', degree: '大师' }, 'degree', '请选择学历'],
    ['a long school name', { nickname: '小林', school: '校'.repeat(81) }, 'school', '学校名称最多 80 个字符'],
  ])('%s answers 422 with the field message', async (_case, payload, field, message) => {
    const browser = client(t.app);
    await browser.login();
    const res = await browser.put('/api/v1/user/basicInfo', payload);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBe(message);
  });
});

describe('avatar upload', () => {
  test('a PNG is stored and served; its address is on the user', async () => {
    const browser = client(t.app);
    await browser.login();
    const res = await uploadAvatar(browser, 'me.png', PNG);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().result.avatar as string;
    expect(avatar).toMatch(/^\/api\/v1\/user\/avatar\/[\w-]+\.png$/);
    const image = await t.app.inject({ method: 'GET', url: avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  test('a file that is not an image is refused, whatever its name, and nothing changes', async () => {
    const browser = client(t.app);
    await browser.login();
    const before = (await browser.get('/api/v1/user/getCurrent')).body.result.avatar;
    const res = await uploadAvatar(browser, 'photo.png', Buffer.from('#!/bin/sh\necho hi\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('头像只能是 PNG、JPG 或 WebP 图片');
    expect((await browser.get('/api/v1/user/getCurrent')).body.result.avatar).toBe(before);
  });

  test('a small PNG that claims 20000 × 20000 pixels (a decompression bomb) is refused, and nothing changes', async () => {
    const browser = client(t.app);
    await browser.login();
    const before = (await browser.get('/api/v1/user/getCurrent')).body.result.avatar;
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(20000, 16);
    huge.writeUInt32BE(20000, 20);
    const res = await uploadAvatar(browser, 'bomb.png', huge);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('头像图片的长和宽不能超过 8192 像素');
    expect((await browser.get('/api/v1/user/getCurrent')).body.result.avatar).toBe(before);
  });

  test('a file over 2 MB is refused', async () => {
    const browser = client(t.app);
    await browser.login();
    const res = await uploadAvatar(browser, 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('文件太大了');
  });

  test('an unknown avatar answers 404, and path tricks are not files', async () => {
    expect((await client(t.app).get('/api/v1/user/avatar/none.png')).status).toBe(404);
    expect((await client(t.app).get('/api/v1/user/avatar/..%2F..%2Fsecrets.json')).status).toBe(404);
  });
});

describe('modify password', () => {
  test('needs the old password, ends the other sessions, keeps this one', async () => {
    const email = 'demo@zhinenglunwen.cn';
    const here = client(t.app);
    const elsewhere = client(t.app);
    await here.login();
    await elsewhere.login();

    const wrong = await here.post('/api/v1/user/modifyPassword', { oldPassword: 'Nope12345', newPassword: 'Better2026' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ oldPassword: '原密码不正确' });

    const weak = await here.post('/api/v1/user/modifyPassword', { oldPassword: 'Demo1234', newPassword: 'weak' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.newPassword).toBe('密码至少 8 位，需同时包含字母和数字');

    const same = await here.post('/api/v1/user/modifyPassword', { oldPassword: 'Demo1234', newPassword: 'Demo1234' });
    expect(same.body.errors).toEqual({ newPassword: '新密码不能与原密码相同' });

    const res = await here.post('/api/v1/user/modifyPassword', { oldPassword: 'Demo1234', newPassword: 'Better2026' });
    expect(res.body).toMatchObject({ success: true });
    expect((await here.get('/api/v1/user/getCurrent')).body.result).toMatchObject({ email });
    expect((await elsewhere.get('/api/v1/user/getCurrent')).body.result).toBeNull();
    expect((await client(t.app).login(email, 'Demo1234')).body.success).toBe(false);
    expect((await client(t.app).login(email, 'Better2026')).body.success).toBe(true);
  });
});

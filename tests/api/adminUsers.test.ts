/**
 * Accounts in the back office: an operator finds a student by e-mail and disables the account
 * (its sessions end, it cannot sign in) or enables it again; each change is in the audit log.
 */
import { client, codeFromOutbox, createTestApp, multipart, otherUser, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await staffUser(t, 'operator');
  admin = await staffUser(t, 'admin');
});
afterAll(() => t.close());

async function student() {
  const browser = await otherUser(t.app);
  const me = (await browser.get('/api/v1/user/getCurrent')).body.result as { id: string; email: string };
  return Object.assign(browser, me);
}

test('found by part of the e-mail, in any case; wildcards are taken literally', async () => {
  const one = await student();
  const part = one.email.slice(0, 9).toUpperCase();
  const res = await operator.get(`/api/v1/admin/users?email=${encodeURIComponent(part)}`);
  expect(res.status).toBe(200);
  expect(res.body.result.list).toEqual([{ id: one.id, email: one.email, nickname: '别人', role: 'user', disabledAt: null, createdAt: expect.any(String) }]);
  expect((await operator.get('/api/v1/admin/users?email=%25')).body.result.total).toBe(0);
  expect((await operator.get('/api/v1/admin/users?pageSize=2')).body.result).toMatchObject({ total: expect.any(Number), current: 1, pageSize: 2 });
});

test('disabling ends the sessions and refuses sign-in; enabling lets the student in again; both audited', async () => {
  const one = await student();
  const disabled = await operator.post(`/api/v1/admin/users/${one.id}/disable`, { reason: '恶意刷单' });
  expect(disabled.status).toBe(200);
  expect(disabled.body).toMatchObject({ message: '账号已停用', result: { id: one.id, disabledAt: expect.any(String) } });
  // the session the student had is gone
  expect((await one.get('/api/v1/user/getCurrent')).body.result).toBeNull();
  const again = client(t.app);
  const refused = await again.login(one.email, 'Other1234');
  expect(refused.body).toEqual({ success: false, message: '该账号已被停用，如有疑问请联系客服', errorCode: 'ACCOUNT_DISABLED', showType: 0 });
  expect(again.jar.get('zn_session')).toBeUndefined();
  // a wrong password is told apart from nothing
  expect((await client(t.app).login(one.email, 'Wrong1234')).body.errorCode).toBe('LOGIN_FAILED');
  // nor does a new password let it in: the reset says why, and the old password stays
  await again.post('/api/v1/user/sendCode', { email: one.email, purpose: 'reset' });
  const reset = await again.post('/api/v1/user/resetPassword', { email: one.email, code: await codeFromOutbox(t.app, one.email), password: 'Reset1234' });
  expect(reset.status).toBe(422);
  expect(reset.body.errors).toEqual({ email: '该账号已被停用，如有疑问请联系客服' });
  // disabling it again changes nothing
  expect((await operator.post(`/api/v1/admin/users/${one.id}/disable`, { reason: '再次' })).status).toBe(200);

  const enabled = await operator.post(`/api/v1/admin/users/${one.id}/enable`);
  expect(enabled.body).toMatchObject({ message: '账号已启用', result: { disabledAt: null } });
  expect((await again.login(one.email, 'Other1234')).body.success).toBe(true);

  const log = (await admin.get(`/api/v1/admin/audit?targetId=${one.id}`)).body.result.list;
  expect(log.map((entry: { action: string }) => entry.action)).toEqual(['user.enable', 'user.disable']);
  expect(log[1]).toMatchObject({ actorEmail: operator.email, before: { disabledAt: null }, after: { disabledAt: expect.any(String), reason: '恶意刷单' } });
});

test('nobody disables themselves; only an admin disables or enables staff; a reason is needed', async () => {
  const operatorId = (await operator.get('/api/v1/user/getCurrent')).body.result.id;
  const adminId = (await admin.get('/api/v1/user/getCurrent')).body.result.id;
  expect((await operator.post(`/api/v1/admin/users/${operatorId}/disable`, { reason: '测试' })).body).toMatchObject({
    errorCode: 'ACCOUNT_PROTECTED',
    message: '不能停用自己的账号',
  });
  expect((await operator.post(`/api/v1/admin/users/${adminId}/disable`, { reason: '测试' })).body).toMatchObject({
    errorCode: 'ACCOUNT_PROTECTED',
    message: '只有管理员可以停用或启用运营、管理员账号',
  });
  expect((await operator.post(`/api/v1/admin/users/nope/disable`, { reason: '测试' })).status).toBe(404);
  const one = await student();
  expect((await operator.post(`/api/v1/admin/users/${one.id}/disable`, { reason: ' ' })).status).toBe(422);

  const other = await staffUser(t, 'operator');
  const otherId = (await other.get('/api/v1/user/getCurrent')).body.result.id;
  expect((await admin.post(`/api/v1/admin/users/${otherId}/disable`, { reason: '离职' })).status).toBe(200);
  // a disabled operator is out of the back office at once, and only an admin lets them back
  expect((await other.get('/api/v1/admin/orders')).status).toBe(401);
  expect((await operator.post(`/api/v1/admin/users/${otherId}/enable`)).body.errorCode).toBe('ACCOUNT_PROTECTED');
  expect((await admin.post(`/api/v1/admin/users/${otherId}/enable`)).status).toBe(200);
});

test('an account’s detail: the account, its orders, checks and typesetting jobs with their states, newest first', async () => {
  const one = await student();
  const { review, orderId } = (
    await one.post('/api/v1/review', {
      systemId: 'undergraduate',
      title: '县域中学课后服务研究',
      author: '林晓',
      text: '本文讨论县域中学课后服务的组织方式，记录了教师的工作负担与学生的参与情况。'.repeat(10),
    })
  ).body.result;
  const manuscript = multipart(
    { templateId: 'general-bachelor', title: '校车线路优化研究', author: '林晓' },
    { name: 'paper.md', data: Buffer.from('# 第一章 绪论\n\n正文') },
  );
  const typeset = await one.call('POST', '/api/v1/typeset', manuscript.payload, manuscript.headers);
  expect(typeset.status).toBe(200);

  const res = await operator.get(`/api/v1/admin/users/${one.id}`);
  expect(res.status).toBe(200);
  const detail = res.body.result;
  expect(detail.user).toEqual({ id: one.id, email: one.email, nickname: '别人', role: 'user', disabledAt: null, createdAt: expect.any(String) });
  expect(detail.orders).toMatchObject({
    total: 1,
    current: 1,
    list: [{ id: orderId, status: 'pending', kind: 'review', userId: one.id, userEmail: one.email, refundDue: false }],
  });
  expect(detail.reviews).toMatchObject({
    total: 1,
    list: [{ id: review.id, title: '县域中学课后服务研究', status: 'unpaid', orderId, orderStatus: 'pending' }],
  });
  expect(detail.typesets).toMatchObject({ total: 1, list: [{ id: typeset.body.result.id, title: '校车线路优化研究', status: 'queued', paid: false }] });

  // someone else's records are not in it; an unknown account is not found
  const other = (await operator.get(`/api/v1/admin/users/${(await student()).id}`)).body.result;
  expect([other.orders.total, other.reviews.total, other.typesets.total]).toEqual([0, 0, 0]);
  expect((await operator.get('/api/v1/admin/users/nope')).body).toMatchObject({ success: false, errorCode: 'NOT_FOUND', message: '账号不存在' });
});

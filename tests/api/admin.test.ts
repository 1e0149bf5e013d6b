/**
 * The back office's foundation: roles, granted only on the command line; the guard every
 * /api/v1/admin route is behind (401 for a visitor, 403 for a student); the audit log, which only
 * admins read.
 */
import { client, createTestApp, otherUser, runAdminCommand, staffUser } from './testApp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every route the built app serves, as fastify adds it: a route is here whatever its schema says. */
const served: Array<readonly [string, string]> = [];
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://localhost:8000' }, { onRoute: ({ method, url }) => [method].flat().forEach((m) => served.push([m, url])) });
});
afterAll(() => t.close());

/** Every back-office route the server serves (HEAD is GET's), with its `:parameters` filled in. */
async function adminRoutes() {
  await t.app.ready();
  const routes = served
    .filter(([method, path]) => path.startsWith('/api/v1/admin/') && method !== 'HEAD')
    .map(([method, path]) => [method as Method, path.replace(/:\w+/g, 'x')] as const);
  // the served routes hold every part of the back office
  expect(routes).toEqual(
    expect.arrayContaining([
      ['GET', '/api/v1/admin/orders'],
      ['POST', '/api/v1/admin/orders/x/refund'],
      ['GET', '/api/v1/admin/users'],
      ['GET', '/api/v1/admin/users/x'],
      ['POST', '/api/v1/admin/users/x/disable'],
      ['GET', '/api/v1/admin/audit'],
      ['GET', '/api/v1/admin/articles'],
      ['POST', '/api/v1/admin/articles'],
      ['PUT', '/api/v1/admin/articles/x'],
      ['POST', '/api/v1/admin/articles/x/publish'],
      ['POST', '/api/v1/admin/articles/x/unpublish'],
      ['PUT', '/api/v1/admin/systems/x'],
      ['GET', '/api/v1/admin/overview'],
      ['POST', '/api/v1/admin/jobs/x/retry'],
      ['POST', '/api/v1/admin/library'],
      ['DELETE', '/api/v1/admin/library/x'],
    ]),
  );
  // and nothing the published API leaves out: every served route is in the API description too
  const { paths } = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const published = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{\w+\}/g, 'x')}`));
  expect(routes.map(([method, path]) => `${method} ${path}`).filter((route) => !published.includes(route))).toEqual([]);
  return routes;
}

test('a new account is a student: its role is user', async () => {
  const student = await otherUser(t.app);
  expect((await student.get('/api/v1/user/getCurrent')).body.result.role).toBe('user');
  const demo = client(t.app);
  await demo.login();
  expect((await demo.get('/api/v1/user/getCurrent')).body.result.role).toBe('user');
});

test('every back-office route: 401 to a visitor, 403 to a student, in the error envelope', async () => {
  const visitor = client(t.app);
  const student = await otherUser(t.app);
  for (const [method, url] of await adminRoutes()) {
    const anonymous = await visitor.call(method, url, method === 'GET' ? undefined : {});
    expect([url, anonymous.status, anonymous.body]).toEqual([url, 401, { success: false, errorCode: 'UNAUTHENTICATED', message: '请先登录', showType: 9 }]);
    const denied = await student.call(method, url, method === 'GET' ? undefined : {});
    expect([url, denied.status, denied.body]).toEqual([url, 403, { success: false, errorCode: 'FORBIDDEN', message: '您没有权限访问运营后台', showType: 2 }]);
  }
});

test('roles are granted on the command line only; a wrong role or e-mail changes nothing', async () => {
  const student = await otherUser(t.app);
  const { email } = (await student.get('/api/v1/user/getCurrent')).body.result;
  expect(runAdminCommand(t.config, ['grant', email, 'root']).code).toBe(2);
  expect(runAdminCommand(t.config, ['grant', 'nobody@example.cn', 'admin'])).toMatchObject({
    code: 1,
    output: expect.stringContaining('没有邮箱为 nobody@example.cn 的账号'),
  });
  expect((await student.get('/api/v1/user/getCurrent')).body.result.role).toBe('user');
  // the web has no way to a role: the profile form takes no role
  expect((await student.put('/api/v1/user/basicInfo', { nickname: '别人', role: 'admin' })).body.result.role).toBe('user');

  const granted = runAdminCommand(t.config, ['grant', email.toUpperCase(), 'operator']);
  expect(granted).toMatchObject({ code: 0, output: expect.stringContaining('user → operator') });
  expect((await student.get('/api/v1/user/getCurrent')).body.result.role).toBe('operator');
});

test('the audit log: admins read it, operators and students do not; a grant is in it', async () => {
  const operator = await staffUser(t, 'operator');
  const admin = await staffUser(t, 'admin');
  // an operator uses the back office: told the audit log is for admins, not that the back office is closed
  const refused = await operator.get('/api/v1/admin/audit');
  expect([refused.status, refused.body]).toEqual([403, { success: false, errorCode: 'FORBIDDEN', message: '审计日志仅限管理员查看', showType: 2 }]);

  const log = await admin.get(`/api/v1/admin/audit?action=user.role&pageSize=50`);
  expect(log.status).toBe(200);
  const grant = log.body.result.list.find((entry: { after: { email: string } }) => entry.after.email === admin.email);
  expect(grant).toMatchObject({
    actorId: null,
    actorEmail: '(命令行)',
    action: 'user.role',
    targetType: 'user',
    before: { role: 'user' },
    after: { role: 'admin' },
  });
  expect(log.body.result).toMatchObject({ current: 1, pageSize: 50, total: log.body.result.list.length });
  // newest first
  const ids = log.body.result.list.map((entry: { id: number }) => entry.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
});

test('a back-office change from another site is refused before it is looked at', async () => {
  const admin = await staffUser(t, 'admin');
  const routes = (await adminRoutes()).filter(([method]) => method !== 'GET');
  for (const [method, url] of routes) {
    const res = await admin.call(method, url, {}, { origin: 'https://evil.example' });
    expect([url, res.status, res.body.errorCode]).toEqual([url, 403, 'CROSS_SITE']);
  }
});

import { waitFor } from '@testing-library/react';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

/** The screen's main heading (queried directly: role queries over the whole layout are slow). */
async function expectHeading(text: string) {
  await waitFor(() => expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toContain(text), {
    timeout: 10_000,
  });
}

/** Every path of SPEC §2: where it ends up, and a heading of the screen shown there. */
const publicRoutes: Array<[string, string, string]> = [
  ['/', '/', '论文网一站式服务平台'],
  ['/home', '/home', '论文网一站式服务平台'],
  ['/article/detail/a1', '/article/detail/a1', '文章详情'],
  ['/document/detail/d1', '/document/detail/d1', '范文详情'],
  ['/review', '/review/home', '选择查重系统'],
  ['/review/home', '/review/home', '选择查重系统'],
  ['/review/home/s1', '/review/home/s1', '选择查重系统'],
  ['/typeset', '/typeset/template-list', '排版模板'],
  ['/typeset/template-list', '/typeset/template-list', '排版模板'],
  ['/typeset/template-detail/t1', '/typeset/template-detail/t1', '模板详情'],
  ['/user', '/user/login', '登录'],
  ['/user/login', '/user/login', '登录'],
  ['/user/register', '/user/register', '注册'],
  ['/user/agreement', '/user/agreement', '用户协议'],
  ['/user/reset-password', '/user/reset-password', '重置密码'],
  ['/403', '/403', '403'],
  ['/404', '/404', '404'],
  ['/no/such/page', '/no/such/page', '404'],
];

const guardedRoutes: Array<[string, string, string]> = [
  ['/review/info', '/review/info', '填写查重信息'],
  ['/review/info/r1', '/review/info/r1', '填写查重信息'],
  ['/typeset/preview/p1', '/typeset/preview/p1', '排版预览'],
  ['/pay/o1', '/pay/o1', '订单支付'],
  ['/personal', '/personal/home/basic-info', '基本信息'],
  ['/personal/home', '/personal/home/basic-info', '基本信息'],
  ['/personal/home/basic-info', '/personal/home/basic-info', '基本信息'],
  ['/personal/review', '/personal/review/list', '查重记录'],
  ['/personal/review/list', '/personal/review/list', '查重记录'],
  ['/personal/typeset', '/personal/typeset/list', '排版记录'],
  ['/personal/typeset/list', '/personal/typeset/list', '排版记录'],
  ['/personal/security', '/personal/security/modify-password', '修改密码'],
  ['/personal/security/modify-password', '/personal/security/modify-password', '修改密码'],
  ['/personal/security/reset-password', '/personal/security/reset-password', '重置密码'],
];

describe('public routes, as a visitor', () => {
  test.each(publicRoutes)('%s shows its screen at %s', async (path, finalPath, heading) => {
    const { history } = await renderApp(path);
    await expectHeading(heading);
    expect(history.location.pathname).toBe(finalPath);
  });
});

describe('guarded routes', () => {
  test.each(guardedRoutes)('a signed-in user opening %s sees its screen', async (path, finalPath, heading) => {
    await signInAsDemo();
    const { history } = await renderApp(path);
    await expectHeading(heading);
    expect(history.location.pathname).toBe(finalPath);
  });

  test.each(guardedRoutes)('a visitor opening %s is sent to the login page with the full address', async (path) => {
    const { history } = await renderApp(`${path}?from=menu`);
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    const redirect = new URLSearchParams(history.location.search).get('redirect');
    expect(redirect).toMatch(/^http:\/\/localhost\/(review|typeset|pay|personal)/);
    expect(new URL(redirect!).search).toBe('?from=menu');
  });
});

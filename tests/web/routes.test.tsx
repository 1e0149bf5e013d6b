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

/** Every path of docs/spec.md §2: where it ends up, and a heading of the screen shown there. */
const publicRoutes: Array<[string, string, string]> = [
  ['/', '/', '论文网一站式服务平台'],
  ['/home', '/home', '论文网一站式服务平台'],
  // the detail pages ask the API for the id; one that does not exist ends on the 404 page
  ['/article/detail/a1', '/404', '404'],
  ['/document/detail/d1', '/404', '404'],
  ['/review', '/review/home', '选择查重系统'],
  ['/review/home', '/review/home', '选择查重系统'],
  ['/review/home/s1', '/review/home/s1', '选择查重系统'],
  ['/typeset', '/typeset/template-list', '排版模板'],
  ['/typeset/template-list', '/typeset/template-list', '排版模板'],
  ['/typeset/template-detail/t1', '/404', '404'],
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
  // a check, a typesetting or an order that does not exist ends on the 404 page (a real order's
  // payment page: tests/web/pay.test.tsx)
  ['/review/info/r1', '/404', '404'],
  ['/typeset/preview/p1', '/404', '404'],
  ['/pay/o1', '/404', '404'],
  ['/personal', '/personal/home/basic-info', '基本信息'],
  ['/personal/home', '/personal/home/basic-info', '基本信息'],
  ['/personal/home/basic-info', '/personal/home/basic-info', '基本信息'],
  ['/personal/review', '/personal/review/list', '查重记录'],
  ['/personal/review/list', '/personal/review/list', '查重记录'],
  ['/personal/typeset', '/personal/typeset/list', '排版记录'],
  ['/personal/typeset/list', '/personal/typeset/list', '排版记录'],
  ['/personal/order', '/personal/order/list', '订单记录'],
  ['/personal/order/list', '/personal/order/list', '订单记录'],
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

describe('the route table', () => {
  // imported here, not at the top: the route tests above need no config knowledge
  const { default: routes } = jest.requireActual('../../config/routes') as typeof import('../../config/routes');
  type Route = import('../../config/routes').AppRoute;
  const flat = (list: Route[]): Route[] => list.flatMap((r) => [r, ...flat(r.routes ?? [])]);
  const all = flat(routes);

  test('hideInMenu exactly on the detail, payment, user and review pages (docs/spec.md §2)', () => {
    const hidden = all
      .filter((r) => r.hideInMenu)
      .map((r) => r.path)
      .sort();
    expect(hidden).toEqual(
      [
        '/article/detail/:articleId',
        '/document/detail/:documentId',
        '/pay/:orderId',
        '/personal/review/report/:reviewId',
        '/review/home',
        '/review/home/:systemId',
        '/review/info',
        '/review/info/:reviewId',
        '/user',
      ].sort(),
    );
  });

  test('the layouts sit under one root layout, the back office behind sign-in', () => {
    expect(routes).toHaveLength(1);
    const layouts = all.map((r) => r.component).filter((c) => c?.startsWith('@/layouts/'));
    expect(layouts).toEqual([
      '@/layouts/RootLayout',
      '@/layouts/SecurityLayout',
      '@/layouts/AdminLayout',
      '@/layouts/UserLayout',
      '@/layouts/BasicLayout',
      '@/layouts/SecurityLayout',
      '@/layouts/PersonalLayout',
    ]);
  });

  test('the top menu and the personal side menu', () => {
    const { siteMenu, personalMenu } = jest.requireActual('@/utils/menu') as typeof import('@/utils/menu');
    expect(siteMenu.map((m) => m.name)).toEqual(['首页', '论文查重', '论文排版']);
    expect(personalMenu.flatMap((m) => m.children ?? []).map((m) => m.name)).toEqual(['基本信息', '查重记录', '排版记录', '订单记录', '修改密码', '重置密码']);
  });
});

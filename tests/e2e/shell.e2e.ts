/**
 * The app shell in a real browser against the Umi mock server (issue: app shell): login with a
 * wrong password, a same-origin redirect, an other-origin redirect, logout, the 404 page, and the
 * key pages at desktop and phone widths without sideways scrolling.
 */
import type { Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { horizontalOverflow, usePagePerTest, VIEWPORTS, logOutThroughMenu } from './browser';

const base = () => process.env.E2E_MOCK_URL!;
const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

async function fillLogin(email: string, password: string) {
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

test('the home page carries the product title alone (docs/spec.md §1), another page names itself before it', async () => {
  await page.goto(`${base()}/typeset/template-list`);
  await page.waitForFunction(() => document.title.startsWith('排版模板'));
  await expect(page.title()).resolves.toBe('排版模板 - 论文网一站式服务平台【智能论文】');
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '首页' }).click();
  await page.waitForURL(`${base()}/`);
  await page.waitForFunction(() => document.title === '论文网一站式服务平台【智能论文】');
  await page.goto(`${base()}/home`);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '首页' }).waitFor();
  await expect(page.title()).resolves.toBe('论文网一站式服务平台【智能论文】');
});

test('a wrong password shows the message, then a same-origin redirect is followed', async () => {
  const target = `${base()}/personal/home/basic-info`;
  await page.goto(`${base()}/user/login?redirect=${encodeURIComponent(target)}`);
  await fillLogin(DEMO_EMAIL, 'not-the-password1');
  await page.getByRole('alert').getByText('邮箱或密码错误').waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/login');

  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(target);
  await page.getByRole('heading', { name: '基本信息' }).waitFor();
  await page.getByRole('button', { name: '用户菜单：演示同学' }).waitFor();
});

test('a redirect to another origin sends the user to the site root', async () => {
  await page.goto(`${base()}/user/login?redirect=${encodeURIComponent('https://other.example/steal')}`);
  await fillLogin(DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(`${base()}/`);
  await page.getByRole('button', { name: '用户菜单：演示同学' }).waitFor();
});

test('a visitor on a guarded page goes to login and comes back; logout goes to login with the address', async () => {
  await page.goto(`${base()}/personal/review/list`);
  await page.waitForURL(/\/user\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${base()}/personal/review/list`);
  await fillLogin(DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(`${base()}/personal/review/list`);

  await logOutThroughMenu(page, '演示同学');
  await page.waitForURL(/\/user\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${base()}/personal/review/list`);
  // the session is gone on the server too
  const me = await page.evaluate(() => fetch('/api/v1/user/getCurrent').then((r) => r.json()));
  expect(me).toEqual({ success: true, result: null });
});

test('the page says it is Chinese, and a notice pops up in the typefaces of the page, not a calligraphic Kai', async () => {
  await page.route('**/api/**', (route) => route.abort());
  await page.goto(`${base()}/review/home`);
  const notice = page.getByText('网络异常');
  await notice.waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  const [noticeFont, pageFont] = await Promise.all([
    notice.evaluate((e) => getComputedStyle(e).fontFamily),
    page.evaluate(() => getComputedStyle(document.body).fontFamily),
  ]);
  expect(noticeFont).toContain('Noto Sans CJK SC');
  expect(noticeFont).toBe(pageFont);
});

test('after the keyboard passes through the top menu, only the current page is underlined in it', async () => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${base()}/review/home`);
  await page.getByText('选择本科毕业论文检测').waitFor({ timeout: 30_000 });
  // Tab on past the menu's last item, to the first system's button
  const onSystem = () => page.evaluate(() => document.activeElement?.textContent === '选择本科毕业论文检测');
  for (let i = 0; i < 20 && !(await onSystem()); i += 1) await page.keyboard.press('Tab');
  expect(await onSystem()).toBe(true);
  const underlined = await page.evaluate(() =>
    [...document.querySelectorAll('.ant-menu-horizontal > .ant-menu-item')]
      .filter((item) => !['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(item, '::after').borderBottomColor))
      .map((item) => item.textContent),
  );
  expect(underlined).toEqual(['论文查重']);
});

test('an unknown path shows the 404 page', async () => {
  await page.goto(`${base()}/no/such/page`);
  await page.getByRole('heading', { name: '404' }).waitFor();
  await page.getByText('您访问的页面不存在').waitFor();
});

describe.each(Object.entries(VIEWPORTS))('at %s width', (name, viewport) => {
  test.each(['/', '/user/login', '/404', '/review/home', '/personal/home/basic-info'])('%s has no sideways scrolling', async (path) => {
    await page.setViewportSize(viewport);
    if (path.startsWith('/personal')) {
      await page.goto(`${base()}/user/login?redirect=${encodeURIComponent(base() + path)}`);
      await fillLogin(DEMO_EMAIL, DEMO_PASSWORD);
      await page.waitForURL(base() + path);
    } else {
      await page.goto(base() + path);
    }
    await page.locator('h1').first().waitFor();
    await page.screenshot({ path: `test-results/${name}${path.replace(/\//g, '_') || '_home'}.png`, fullPage: true });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

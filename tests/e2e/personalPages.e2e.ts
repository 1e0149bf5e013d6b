/**
 * 基本信息 and 查重记录 at phone and desktop sizes (issue 27): no page scrolls sideways, the phone's
 * record card names the system, and a visitor on a phone finds 查重 and 排版 behind 打开菜单 (and
 * is told 网络异常 when the menu's script does not arrive). Screenshots in test-results/.
 */
import type { Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { signInTo, usePagePerTest, VIEWPORTS } from './browser';

const mock = () => process.env.E2E_MOCK_URL!;
const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The brief's measure of sideways scrolling: the scrolling element wider than the window. */
const scrollsSideways = () => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

const PAPER = Array.from(
  { length: 4 },
  (_, i) => `第${i + 1}段：本文讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。`,
).join('\n');

describe.each(Object.entries(VIEWPORTS))('at %s size', (name, viewport) => {
  test('基本信息 and 查重记录 fit the width', async () => {
    await page.setViewportSize(viewport);
    await signInTo(page, mock(), '/personal/home/basic-info', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    await page.getByRole('heading', { name: '基本信息' }).waitFor();
    await page.getByLabel('学校').waitFor();
    expect(await scrollsSideways()).toBe(false);
    await page.screenshot({ path: `test-results/account_basic-info_${name}.png`, fullPage: true });

    await page.evaluate(
      (text) =>
        fetch('/api/v1/review', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ systemId: 'graduate', title: `宽度检查 ${text.length}`, author: '林晓', text }),
        }),
      PAPER,
    );
    await page.goto(`${mock()}/personal/review/list`);
    await page.getByRole('heading', { name: '查重记录' }).waitFor();
    await page.getByText(`宽度检查 ${PAPER.length}`).first().waitFor();
    if (name === 'phone') {
      const card = page
        .locator('.ant-card-small')
        .filter({ hasText: `宽度检查 ${PAPER.length}` })
        .first();
      await card.getByText('检测系统', { exact: true }).waitFor();
      await card.getByText('硕博学位论文检测').waitFor();
    }
    expect(await scrollsSideways()).toBe(false);
    await page.screenshot({ path: `test-results/account_review-list_${name}.png`, fullPage: true });
  });
});

test('a visitor on a phone finds 论文查重 and 论文排版 behind 打开菜单', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`${mock()}/home`);
  await page.getByRole('button', { name: '打开菜单' }).click();
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('link', { name: '论文排版' }).waitFor();
  await menu.getByRole('link', { name: '论文查重' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/review'));
  expect(await scrollsSideways()).toBe(false);
});

test('on a phone, a menu whose script does not arrive says 网络异常 and leaves the page as it was; the next tap opens it', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`${mock()}/home`);
  await page.getByRole('button', { name: '打开菜单' }).waitFor();
  // the network drops after the page has loaded: no script arrives
  await page.route('**/*.js', (route) => route.abort());
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByText('网络异常').waitFor();
  expect(await page.getByRole('button', { name: '打开菜单' }).getAttribute('aria-expanded')).toBe('false');
  await page.getByRole('heading', { level: 1 }).first().waitFor();

  await page.unroute('**/*.js');
  // the notice covers the header on a phone: closed with its ×, as a student does rather than wait
  // (a mouse resting on it, as the test's does after the tap, keeps it open)
  await page.locator('a[class*="notification-notice-close"]').click();
  await page.getByText('网络异常').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '论文排版' }).waitFor();
});

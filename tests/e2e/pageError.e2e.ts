/**
 * A page whose script does not arrive (the network lost between pages), in a real browser against
 * the real server's built app (the development server would put its error overlay over the page):
 * the frame stays with 页面加载失败 in the page's place, and 重新加载 shows the page once the
 * network is back, with no manual reload.
 */
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { signInTo, usePagePerTest } from './browser';

const real = () => process.env.E2E_REAL_URL!;
const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

test('订单记录 whose script fails to load shows the error inside the personal centre, and 重新加载 opens it once the script arrives', async () => {
  await signInTo(page, real(), '/personal/home/basic-info', DEMO_ACCOUNT);
  await page.getByRole('heading', { name: '基本信息' }).waitFor();
  const orderListScript = /p__Personal__OrderList__index[^/]*\.js/;
  await page.route(orderListScript, (route) => route.abort('internetdisconnected'));

  const menu = page.getByRole('navigation', { name: '个人中心菜单' });
  await menu.getByText('订单记录').click();
  await page.waitForURL(/\/personal\/order\/list/);
  await page.getByText('页面加载失败').waitFor();
  // the frame stays: the header's user menu and the side menu
  expect(await menu.isVisible()).toBe(true);
  expect(await page.getByLabel(/^用户菜单：/).isVisible()).toBe(true);

  await page.unroute(orderListScript);
  await page.getByRole('button', { name: '重新加载' }).click();
  await page.getByRole('heading', { name: '订单记录' }).waitFor();
  expect(await page.getByText('页面加载失败').count()).toBe(0);
});

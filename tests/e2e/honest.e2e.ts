/**
 * The app light and honest (issue 13), in a real browser: the spec's titles, the 网络异常 notice
 * when a list gets no answer (the mock's `network` fault), a failed list that never looks empty,
 * cancelling that asks first, the sandbox's 支付失败 reported on the order page, and the records
 * list and report at phone and desktop widths (screenshots in test-results/).
 */
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { horizontalOverflow, newCheck, signInTo, usePagePerTest, VIEWPORTS } from './browser';

const SITE_TITLE = '论文网一站式服务平台【智能论文】';
const mock = () => process.env.E2E_MOCK_URL!;
const real = () => process.env.E2E_REAL_URL!;
const MOCK_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const PAPER = Array.from(
  { length: 4 },
  (_, i) => `第${i + 1}段：本文讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。`,
).join('\n');

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const setFault = (type: string) => page.evaluate((t) => fetch(`/api/v1/mock/fault?type=${t}`).then((r) => r.status), type);

test('the title names the page: the product alone on /, the article on its detail page', async () => {
  await page.goto(`${mock()}/`);
  await page.waitForFunction((t) => document.title === t, SITE_TITLE);
  const first = page.locator('a[href^="/article/detail/"]').first();
  await first.waitFor();
  const name = (await first.textContent())!.trim();
  await first.click();
  await page.waitForURL(/\/article\/detail\//);
  await page.waitForFunction((t) => document.title === t, `${name} - ${SITE_TITLE}`);
  expect(await page.title()).toBe(`${name} - ${SITE_TITLE}`);
});

test('a list that gets no answer shows 网络异常 once and says it failed, never 还没有查重记录', async () => {
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  await page.getByRole('heading', { name: '基本信息' }).waitFor();
  expect(await setFault('network')).toBe(200);
  try {
    await page.getByRole('navigation', { name: '个人中心菜单' }).getByText('查重记录').click();
    await page.waitForURL(/\/personal\/review\/list/);
    await page.getByText('查重记录加载失败').waitFor();
    await page.getByText('网络异常').waitFor();
    await page.getByText('您的网络发生异常，无法连接服务器').waitFor();
    expect(await page.getByText('网络异常').count()).toBe(1);
    expect(await page.getByText('还没有查重记录').count()).toBe(0);
    await page.screenshot({ path: 'test-results/honest_review-list_network.png', fullPage: true });
  } finally {
    await setFault('off');
  }
  // the retry works once the network is back
  await page.getByRole('button', { name: '重新加载' }).click();
  await page.getByText('查重记录加载失败').waitFor({ state: 'detached' });
});

test('the question before cancelling works from the keyboard: it takes the focus, Escape closes it and gives the focus back', async () => {
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  const { orderId } = await newCheck(page, '用键盘取消', PAPER);
  await page.goto(`${mock()}/pay/${orderId}`);
  const cancel = page.getByRole('button', { name: '取消订单' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const question = page.locator('.ant-popconfirm');
  await question.getByText('确定取消这笔订单？').waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.replace(/\s/g, ''));
  const focusReaches = (name: string) => page.waitForFunction((n) => document.activeElement?.textContent?.replace(/\s/g, '') === n, name);
  // on its safe answer first
  await focusReaches('再想想');
  await page.keyboard.press('Escape');
  await question.getByText('确定取消这笔订单？').waitFor({ state: 'hidden' });
  expect(await focused()).toBe('取消订单');
  // asked again, the next key leads to the answer that cancels
  await page.keyboard.press('Enter');
  await focusReaches('再想想');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('取消订单');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: '订单已关闭' }).waitFor();
});

test('cancelling an order asks first; the closed order says when, not “30 分钟后”', async () => {
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  const { orderId } = await newCheck(page, '取消前先确认', PAPER);
  await page.goto(`${mock()}/pay/${orderId}`);
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByText('确定取消这笔订单？').waitFor();
  const status = () =>
    page.evaluate(
      (id) =>
        fetch(`/api/v1/order/${id}`)
          .then((r) => r.json())
          .then((b) => b.result.status),
      orderId,
    );
  expect(await status()).toBe('pending');
  await page.locator('.ant-popover').getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('heading', { name: '订单已关闭' }).waitFor();
  expect(await status()).toBe('closed');
  await page.getByText(/您已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 取消这笔订单，订单已关闭，没有扣费/).waitFor();
  expect(await page.getByText(/30 分钟/).count()).toBe(0);

  // the check record agrees: not 待支付, no way to pay (a link styled as a button, or a button)
  await page.goto(`${mock()}/personal/review/list`);
  const row = page.getByRole('row').filter({ hasText: '取消前先确认' });
  await row.getByText('订单已关闭').waitFor();
  expect(await row.getByText('待支付').count()).toBe(0);
  expect(await row.getByRole('link', { name: /付款/ }).count()).toBe(0);
  expect(await row.getByRole('button', { name: /付款/ }).count()).toBe(0);
});

describe.each(Object.entries(VIEWPORTS))('records at %s width', (name, viewport) => {
  test('status and similarity are visible, 提交时间 is whole, nothing scrolls sideways', async () => {
    await page.setViewportSize(viewport);
    await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
    const { orderId } = await newCheck(page, `记录表格 ${name}`, PAPER);
    await page.evaluate((id) => fetch(`/api/v1/mock/pay/${id}`), orderId);
    await page.goto(`${mock()}/personal/review/list`);
    const record = page.getByText(`记录表格 ${name}`).first();
    await record.waitFor();
    if (name === 'phone') {
      const card = page.locator('.ant-card-small').filter({ hasText: `记录表格 ${name}` });
      for (const label of ['状态', '相似度', '提交时间']) await card.getByText(label, { exact: true }).waitFor();
      await card
        .getByText(/已完成|排队中|检测中|%/)
        .first()
        .waitFor();
    } else {
      for (const header of ['状态', '相似度', '提交时间']) await page.getByRole('columnheader', { name: header }).waitFor();
      const time = page
        .getByRole('row')
        .filter({ hasText: `记录表格 ${name}` })
        .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await time.waitFor();
      // whole, not cut ("2026-1")
      expect(await time.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const box = (await time.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/honest_review-list_${name}.png`, fullPage: true });
  });
});

test('on a phone the report’s 下载 PDF does not overlap its details', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  const { reviewId, orderId } = await newCheck(page, '手机上的报告', PAPER);
  await page.evaluate((id) => fetch(`/api/v1/mock/pay/${id}`), orderId);
  await page.goto(`${mock()}/personal/review/report/${reviewId}`);
  const download = page.getByRole('button', { name: /下载 PDF 报告/ });
  await download.waitFor({ timeout: 30_000 });
  const button = (await download.boundingBox())!;
  const details = (await page.locator('.ant-descriptions').first().boundingBox())!;
  const title = (await page.getByRole('heading', { name: /查重报告：/ }).boundingBox())!;
  expect(button.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
  expect(button.y + button.height).toBeLessThanOrEqual(details.y + 1);
  // the personal centre's menu names the section, not the raw path
  expect(await page.getByRole('navigation', { name: '个人中心菜单' }).textContent()).toContain('查重记录');
  expect(await page.getByText(`/personal/review/report/${reviewId}`).count()).toBe(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/honest_report_phone.png', fullPage: true });
});

test('choosing 支付失败 in the sandbox is reported on the order page', async () => {
  await signInTo(page, real(), '/personal/home/basic-info', DEMO_ACCOUNT);
  const { orderId } = await newCheck(page, '支付失败的反馈', PAPER);
  await page.goto(`${real()}/pay/${orderId}`);
  await page.getByText('支付宝').click();
  const href = (await page.getByRole('link', { name: '打开支付页面' }).getAttribute('href'))!;
  const gateway = await page.context().newPage();
  await gateway.goto(href.startsWith('http') ? href : real() + href);
  await gateway.getByRole('button', { name: '支付失败' }).click();
  await gateway.getByRole('heading', { name: '支付失败' }).waitFor();
  await gateway.close();
  await page.getByText('支付没有成功').waitFor();
  await page.getByText('没有扣款，订单仍待支付').waitFor();
  await page.screenshot({ path: 'test-results/honest_pay_failed.png', fullPage: true });
});

/**
 * The back office against the real server: an operator (made with `npm run admin -- grant`) finds
 * a student's paid order by her e-mail and refunds it, and the student sees 已退款; an operator
 * publishes an article and it is on the home page at once. The gate and the console's other pages:
 * adminConsole.e2e.ts. Screenshots in test-results/.
 */
import type { Locator, Page } from 'playwright-core';
import { horizontalOverflow, payInSandbox, resizeToPhone, signInTo, usePagePerTest, VIEWPORTS } from './browser';
import { PASTED_PAPER } from '../fixtures/pastedPaper';
import { base, register, staff } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});
const operator = () => staff('operator');

const signOut = () => page.context().clearCookies();

/** The signed-in student orders a check (as the form does) and pays it in the sandbox. */
async function paidCheck() {
  const orderId = await page.evaluate(async (text) => {
    const res = await fetch('/api/v1/review', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ systemId: 'undergraduate', title: '课后服务研究（退款）', author: '林晓', text }),
    });
    const body = await res.json();
    if (!body.result) throw new Error(JSON.stringify(body));
    return body.result.orderId as string;
  }, PASTED_PAPER);
  await page.goto(`${base()}/pay/${orderId}`);
  await payInSandbox(page, base());
  return orderId;
}

/** Whether `target` lies wholly inside the window, as the page first shows it (nothing scrolled sideways). */
async function inView(target: Locator) {
  const box = (await target.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= VIEWPORTS.desktop.width;
}

test('at 1280×800 the orders’ whole rows, 详情 and 退款 included, and the audit’s 修改后 are in view without scrolling sideways; at 375 only the tables scroll', async () => {
  const student = await register('student');
  await signInTo(page, base(), '/personal/home/basic-info', student);
  const orderId = await paidCheck();
  await signOut();

  await signInTo(page, base(), '/admin/orders', await staff('admin'));
  await page.getByLabel('用户邮箱').fill(student.email);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: orderId });
  await row.getByText('已支付').waitFor();
  expect(await inView(row.getByText('详情', { exact: true }))).toBe(true);
  expect(await inView(row.getByText('退款', { exact: true }))).toBe(true);
  // the whole row reads at once: the table does not scroll sideways, so nothing lies under the fixed 操作
  const table = page.locator('.ant-table-content, .ant-table-body').first();
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
  const actions = (await page.getByRole('columnheader', { name: '操作' }).boundingBox())!;
  for (const name of ['金额', '状态', '下单时间']) {
    const header = (await page.getByRole('columnheader', { name }).boundingBox())!;
    expect([name, header.x + header.width <= actions.x + 1]).toEqual([name, true]);
  }
  await page.screenshot({ path: 'test-results/admin_orders_desktop.png' });
  await resizeToPhone(page);
  expect(await horizontalOverflow(page)).toBe(0);

  // an entry with a staff member's long e-mail and a whole order before and after
  await page.evaluate(async (id) => {
    const body = JSON.stringify({ requestNo: `RF${id.replace(/\W/g, '')}`.slice(0, 32), reason: '版面测试' });
    await fetch(`/api/v1/admin/orders/${id}/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  }, orderId);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${base()}/admin/audit`);
  await page.getByRole('row').filter({ hasText: '订单退款' }).first().waitFor();
  expect(await inView(page.getByRole('columnheader', { name: '修改后' }))).toBe(true);
  await page.screenshot({ path: 'test-results/admin_audit_desktop.png' });
  await resizeToPhone(page);
  expect(await horizontalOverflow(page)).toBe(0);
});

test('an operator finds a paid order by the student’s e-mail and refunds it; the student sees 已退款', async () => {
  const student = await register('student');
  await signInTo(page, base(), '/personal/home/basic-info', student);
  const orderId = await paidCheck();
  await signOut();

  await signInTo(page, base(), '/admin/orders', await operator());
  await page.getByLabel('用户邮箱').fill(student.email);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: orderId });
  await row.getByText('已支付').waitFor();
  await row.getByText('退款', { exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('退款原因').fill('查重服务未能按时交付');
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await page.getByText('退款成功').waitFor();
  await row.getByText('已退款').waitFor();
  await resizeToPhone(page);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/admin_orders_phone.png', fullPage: true });
  await signOut();

  await signInTo(page, base(), '/personal/order/list', student);
  await page.getByText('已退款').first().waitFor();
});

test('an operator publishes an article and it is on the home page at once', async () => {
  const title = `论文答辩安排通知 ${Date.now()}`;
  await signInTo(page, base(), '/admin/articles', await operator());
  await page.getByRole('button', { name: '新建文章' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByLabel('标题').fill(title);
  await drawer.getByLabel('正文（Markdown）').fill('## 时间\n\n答辩定于**六月**进行。');
  // the preview renders the Markdown as readers will see it
  await drawer.getByRole('region', { name: '预览' }).getByRole('heading', { name: '时间' }).waitFor();
  await drawer.getByRole('switch').click();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('文章已发布').waitFor();
  await page.screenshot({ path: 'test-results/admin_articles_desktop.png', fullPage: true });

  await page.goto(`${base()}/`);
  await page.getByRole('link', { name: title }).first().waitFor();
});

test('an admin changes a check system’s price in 价格与上架, and students are offered the new price', async () => {
  await signInTo(page, base(), '/admin/catalogue', await staff('admin'));
  const row = page.getByRole('row').filter({ hasText: '期刊职称论文检测' });
  await row.getByText('¥4.00').waitFor();
  const change = async (yuan: string) => {
    await row.getByText('修改').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('修改只对之后的新订单生效，已下的订单按原价。').waitFor();
    await dialog.getByLabel('每千字价格（元）').fill(yuan);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存，新价格和限制对之后的订单生效').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  };
  await change('4.5');
  await row.getByText('¥4.50').waitFor();
  await page.screenshot({ path: 'test-results/admin_catalogue_desktop.png', fullPage: true });

  await page.goto(`${base()}/review`);
  await page.getByText('¥4.50').first().waitFor();
  // back to the price the other tests expect
  await page.goto(`${base()}/admin/catalogue`);
  await change('4');
  await row.getByText('¥4.00').waitFor();
});

test('an operator opens /admin on 概览 and sees today’s paid check in the figures and the chart, on a phone too', async () => {
  const student = await register('student');
  await signInTo(page, base(), '/personal/home/basic-info', student);
  await paidCheck();
  await signOut();

  await signInTo(page, base(), '/admin', await operator());
  await page.waitForURL(`${base()}/admin/overview`);
  const paid = page
    .locator('.ant-card')
    .filter({ has: page.getByText('已付订单', { exact: true }) })
    .first();
  expect(Number(await paid.locator('.ant-statistic-content-value').textContent())).toBeGreaterThanOrEqual(1);
  await page.getByRole('img', { name: /^每日已付订单：.+ 共 [1-9]\d*/ }).waitFor();
  await resizeToPhone(page);
  await page.getByRole('img', { name: /^每日已付订单：/ }).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/admin_overview_phone.png', fullPage: true });
});

/**
 * The back office's gate and console against the real server: a student at /admin sees the 403
 * page with a way home and no 运营后台 in her menu; a visitor is sent to login; an admin finds the
 * console in her menu and lands on 概览; 任务 lists the queue; 文献库 imports uploaded papers and
 * tells what became of each; 用户 opens an account's detail, and disables an account and enables it
 * again. 文献库, 任务 and the detail are used on a phone (375×812) too: nothing scrolls sideways and
 * the controls stay in view. Screenshots in test-results/.
 */
import type { Locator, Page } from 'playwright-core';
import { openUserMenu, resizeToPhone, signInTo, usePagePerTest, VIEWPORTS } from './browser';
import { base, postJson, register, staff } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/**
 * The page at 375×812: no sideways scrolling (docs/ux.md), each of `controls` in view, and a
 * screenshot for the eye.
 */
async function checkOnPhone(name: string, controls: () => Locator[]) {
  await resizeToPhone(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  for (const control of controls()) {
    await control.scrollIntoViewIfNeeded();
    expect(await control.isVisible()).toBe(true);
  }
  await page.screenshot({ path: `test-results/admin_${name}_phone.png`, fullPage: true });
}

test('a student opening /admin sees the 403 page with a way home, and no back office in her menu', async () => {
  const student = await register('student');
  await signInTo(page, base(), '/personal/home/basic-info', student);
  await page.goto(`${base()}/admin/orders`);
  await page.getByRole('heading', { name: '无权访问运营后台' }).waitFor();
  await page.getByText('您的账号没有运营后台的访问权限').waitFor();
  // the address stays what she opened
  expect(new URL(page.url()).pathname).toBe('/admin/orders');
  const home = page.getByRole('link', { name: '返回首页' });
  expect(await home.getAttribute('href')).toBe('/');
  await home.click();
  await page.waitForURL(`${base()}/`);
  await openUserMenu(page, student.nickname);
  expect(await page.getByText('运营后台').count()).toBe(0);
});

test('a visitor opening /admin is sent to the login page, and back after it', async () => {
  await page.goto(`${base()}/admin`);
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${base()}/admin`);
});

test('an admin finds 运营后台 in her user menu', async () => {
  const admin = await staff('admin');
  await signInTo(page, base(), '/personal/home/basic-info', admin);
  const backOffice = page.getByRole('link', { name: '运营后台' });
  await openUserMenu(page, admin.nickname, backOffice);
  expect(await backOffice.getAttribute('href')).toBe('/admin');
});

test('staff land on 概览: the figures in cards, the days or what is missing, and the queue', async () => {
  // a quiet period whatever the other tests ordered today: the server's answer with every day at nought
  await page.route('**/api/v1/admin/overview?**', async (route) => {
    const answer = await (await route.fetch()).json();
    const nought = (figures: Record<string, unknown>) => Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, key === 'day' ? value : 0]));
    answer.result.totals = nought(answer.result.totals);
    answer.result.days = answer.result.days.map(nought);
    await route.fulfill({ json: answer });
  });
  await signInTo(page, base(), '/admin', await staff('operator'));
  await page.waitForURL(`${base()}/admin/overview`);
  for (const title of ['新建订单', '已付订单', '收入（扣除退款）', '等待中的任务', '失败的任务'])
    await page.locator('.ant-statistic-title').getByText(title, { exact: true }).waitFor();
  // the chart says the period is quiet instead of drawing nothing
  await page.getByText('最近 30 天还没有订单、查重或排版').waitFor();
  await page.getByText('最近 7 天', { exact: true }).click();
  await page.getByText('最近 7 天还没有订单、查重或排版').waitFor();
  expect(await page.getByRole('link', { name: '任务' }).getAttribute('href')).toBe('/admin/jobs');
});

test('on a phone the back office names its section, and its menu opens from the keyboard', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signInTo(page, base(), '/admin/jobs', await staff('operator'));
  await page.getByRole('columnheader', { name: '状态' }).waitFor();
  await page.locator('header').getByText('任务', { exact: true }).waitFor();
  // the first stop of Tab is the menu button, which Enter opens
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const button = page.getByRole('button', { name: '打开菜单' });
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: '概览' }).click();
  await page.waitForURL(`${base()}/admin/overview`);
  await page.locator('header').getByText('概览', { exact: true }).waitFor();
  // the drawer closes on the section chosen, leaving it in view
  await page.getByRole('link', { name: '概览' }).waitFor({ state: 'hidden' });
  expect(await page.getByRole('button', { name: '打开菜单' }).getAttribute('aria-expanded')).toBe('false');
});

test('任务: the queue with its columns and state filter, on a phone too', async () => {
  await signInTo(page, base(), '/admin/jobs', await staff('operator'));
  await page.getByRole('columnheader', { name: '尝试次数' }).waitFor();
  await page.getByRole('columnheader', { name: '错误' }).waitFor();
  // the order a job's review or typesetting belongs to: what a student quotes
  await page.getByRole('columnheader', { name: '订单号' }).waitFor();
  await page.getByLabel('状态').waitFor();
  await checkOnPhone('jobs', () => [page.getByRole('button', { name: /查\s*询/ }), page.getByRole('columnheader', { name: '状态' })]);
});

const PAPER = [
  '---',
  'title: 页面导入的校车线路研究',
  'type: 本科',
  '---',
  '山区小学的学生居住分散，校车线路往往沿着河谷绕行，单程时间超过一小时的情况并不少见。',
].join('\n');
const WRONG_TYPE = ['---', 'title: 类型写错的论文', 'type: 高中', '---', '正文'].join('\n');

test('文献库: an admin uploads a good paper and one with wrong metadata, is told what became of each, and the new paper is listed; on a phone too', async () => {
  await signInTo(page, base(), '/admin/library', await staff('admin'));
  await page.getByRole('columnheader', { name: '入库时间' }).waitFor();
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

  await page.getByRole('button', { name: '上传论文' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '上传论文到文献库' });
  await dialog.locator('input[type=file]').setInputFiles([
    { name: '校车.md', mimeType: 'text/markdown', buffer: Buffer.from(PAPER) },
    { name: 'bad.md', mimeType: 'text/markdown', buffer: Buffer.from(WRONG_TYPE) },
  ]);
  await dialog.getByRole('button', { name: '导入 2 个文件' }).click();
  await dialog.getByText('共 2 个文件：导入 1，跳过 0，拒绝 1').waitFor({ timeout: 30_000 });
  await dialog.getByText('《页面导入的校车线路研究》').waitFor();
  await dialog.getByText('元数据中的类型（本科/硕士/博士/期刊）不正确').waitFor();
  await checkOnPhone('library_upload', () => [dialog.getByText('共 2 个文件：导入 1，跳过 0，拒绝 1'), dialog.getByRole('button', { name: /完\s*成/ })]);
  await page.setViewportSize(VIEWPORTS.desktop);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await page.getByRole('row').filter({ hasText: '页面导入的校车线路研究' }).first().waitFor();

  await checkOnPhone('library', () => [page.getByRole('button', { name: '上传论文' }), page.getByRole('button', { name: /查\s*询/ })]);
});

test('用户: an admin opens an account’s detail, its checks with their states, on a phone too', async () => {
  const admin = await staff('admin');
  await signInTo(page, base(), '/admin/users', admin);
  const ordered = await page.evaluate(async () => {
    const res = await fetch('/api/v1/review', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ systemId: 'undergraduate', title: '详情里看到的检测', author: '林晓', text: '本文讨论县域中学课后服务的组织方式。'.repeat(20) }),
    });
    return res.ok;
  });
  expect(ordered).toBe(true);

  await page.getByLabel('邮箱', { exact: true }).fill(admin.email);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('row').filter({ hasText: admin.email }).getByText('详情').click();
  const drawer = page.getByRole('dialog').filter({ hasText: '用户详情' });
  // the check in its own list (查重), the order's line in 订单 names it too
  const check = drawer.getByRole('cell', { name: '详情里看到的检测', exact: true });
  await check.waitFor();
  await drawer.getByText('待支付').first().waitFor();
  await drawer.getByText(/查重（\d+）/).waitFor();
  await drawer.getByText('没有排版记录').waitFor();

  await checkOnPhone('user_detail', () => [drawer.locator('.ant-drawer-close'), check, drawer.getByText('没有排版记录')]);
});

test('用户: an admin disables a student’s account with a reason, the list shows it at once, and enables it again', async () => {
  const admin = await staff('admin');
  const student = await register('student');
  await signInTo(page, base(), '/admin/users', admin);
  await page.getByLabel('邮箱', { exact: true }).fill(student.email);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: student.email });
  await row.getByText('正常').waitFor();

  await row.getByText('停用', { exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `停用账号 ${student.email}` });
  await dialog.getByRole('button', { name: '确认停用' }).click();
  await dialog.getByText('请填写停用原因').waitFor();
  await dialog.getByLabel('停用原因').fill('批量注册，疑似滥用');
  await dialog.getByRole('button', { name: '确认停用' }).click();
  // the dialog closes and the list loads again: the row says 已停用 without a reload of the page
  await dialog.waitFor({ state: 'hidden' });
  await row.getByText(/已停用/).waitFor();
  const signIn = (await (await postJson('/api/v1/actionLogin', { email: student.email, password: student.password })).json()) as { success: boolean };
  expect(signIn.success).toBe(false);

  await row.getByText('启用', { exact: true }).click();
  // antd spaces a two-character button's label: 启 用
  await page.getByRole('button', { name: /^启\s*用$/ }).click();
  await row.getByText('正常').waitFor();
});

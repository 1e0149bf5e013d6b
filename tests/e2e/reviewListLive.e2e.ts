/**
 * 查重记录 keeps up with a payment made elsewhere (another tab, or the QR code scanned on a phone):
 * while a check waits for its payment the list asks again by itself, in place, at 375 and 1280 px.
 * Screenshots in test-results/.
 */
import type { Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { newCheck, signInTo, usePagePerTest, VIEWPORTS } from './browser';

const mock = () => process.env.E2E_MOCK_URL!;
const MOCK_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const OWN = '本文讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。';
const PAPER = ['第一章 绪论', ...Array.from({ length: 6 }, (_, i) => OWN.replace('本文', `第 ${i + 1} 段`))].join('\n');

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`at ${label} size a check paid elsewhere turns from 待支付 by itself, without a reload`, async () => {
    await page.setViewportSize(viewport);
    await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
    const title = `别处付款的论文 ${label} ${Date.now()}`;
    const { orderId } = await newCheck(page, title, PAPER);
    await page.goto(`${mock()}/personal/review/list`);
    const row = page.locator(label === 'phone' ? '.ant-card-small' : 'tr', { hasText: title });
    await row.getByText('待支付').waitFor({ timeout: 30_000 });
    // the payment arrives from elsewhere: the sandbox's answer, in another tab
    const other = await page.context().newPage();
    await other.goto(`${mock()}/api/v1/mock/pay/${orderId}`);
    await other.close();
    const paidAt = Date.now();
    await row.getByText('待支付').waitFor({ state: 'detached', timeout: 15_000 });
    // within two of the list's rounds, never a reload: the page is the one it was
    expect(Date.now() - paidAt).toBeLessThan(12_000);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await row.getByRole('link', { name: /^付款/ }).count()).toBe(0);
    await row
      .getByText(/排队中|检测中|已完成/)
      .first()
      .waitFor();
    await page.screenshot({ path: `test-results/review-list-paid-elsewhere_${label}.png` });
  });
}

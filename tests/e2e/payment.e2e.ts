/**
 * Orders and payment end to end against the real server: a plagiarism check is ordered, paid on
 * the sandbox gateway's page, the payment page turns to success by itself and the check runs;
 * and an order left unpaid expires (this server's orders live one minute).
 */
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { signInTo, usePagePerTest } from './browser';
import { PASTED_PAPER } from '../fixtures/pastedPaper';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** Fills the check form with pasted text and submits it; ends on the payment page. */
async function orderACheck(title: string) {
  await signInTo(page, base(), '/review/info?systemId=undergraduate', DEMO_ACCOUNT);
  await page.getByLabel('论文题目').fill(title);
  await page.getByLabel('作者').fill('林晓');
  await page.getByText('粘贴文本').click();
  await page.getByLabel('论文全文').fill(PASTED_PAPER);
  await page.getByText('应付金额').waitFor();
  await page.getByRole('button', { name: '提交并去支付' }).click();
  await page.waitForURL(/\/pay\//);
  await page.getByText(title, { exact: false }).first().waitFor();
}

test('order a check → pay in the sandbox → the payment page turns to success on its own → the check runs', async () => {
  await orderACheck('课后服务研究（付款）');
  await expect(page.getByText('¥3.00').first().isVisible()).resolves.toBe(true);
  await page.getByText('沙箱支付').first().waitFor();

  await page.getByText('支付宝').click();
  const link = page.getByRole('link', { name: '打开支付页面' });
  await link.waitFor();
  await expect(page.getByAltText('支付二维码').isVisible()).resolves.toBe(true);

  // the payer pays on the gateway's page, in another tab
  const gateway = await page.context().newPage();
  await gateway.goto((await link.getAttribute('href'))!.startsWith('http') ? (await link.getAttribute('href'))! : base() + (await link.getAttribute('href'))!);
  await gateway.getByRole('button', { name: '支付成功' }).click();
  await gateway.getByRole('heading', { name: '支付成功' }).waitFor();
  // no dead end in the gateway's tab: it leads back to the order's page in the app
  await gateway.getByRole('link', { name: '返回订单页' }).click();
  await gateway.waitForURL(/\/pay\//);
  await gateway.getByRole('heading', { name: '支付成功' }).waitFor({ timeout: 15_000 });
  expect(gateway.url().split('/pay/')[1]).toBe(page.url().split('/pay/')[1]);
  await gateway.close();

  await page.getByRole('heading', { name: '支付成功' }).waitFor({ timeout: 15_000 });
  const orderId = page.url().split('/pay/')[1];
  const order = await page.evaluate((id) => fetch(`/api/v1/order/${id}`).then((r) => r.json()), orderId);
  expect(order.result.status).toBe('paid');

  // the way onward, and the check paid for runs by itself
  await page.getByRole('link', { name: '查看查重进度' }).waitFor();
  await page.goto(`${base()}/review/info/${order.result.itemId}`);
  await page.getByRole('heading', { name: /检测完成：总相似度/ }).waitFor({ timeout: 30_000 });
});

test('an order left unpaid expires, says so and offers to order again', async () => {
  await orderACheck('课后服务研究（过期）');
  await page.getByText(/\d+ 分 \d{2} 秒/).waitFor();
  // closed, by the one name a closed order has; why, beside it
  await page.getByRole('heading', { name: '订单已关闭' }).waitFor({ timeout: 75_000 });
  await page.getByText(/超过支付时限未付款/).waitFor();
  await page.getByRole('link', { name: '重新下单' }).click();
  await page.waitForURL(/\/review\/info\//);
  await page.getByRole('heading', { name: '修改查重信息' }).waitFor();
}, 120_000);

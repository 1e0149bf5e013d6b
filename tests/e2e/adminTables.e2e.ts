/**
 * The back office's lists read on the screens staff use: at 1280×800 文献库 and 任务 fit beside the
 * menu with no sideways scrolling, a job's long numbers cut with an ellipsis (whole on hover and when
 * copied) and its error given room to read; at 375×812 the search form starts folded so the rows are
 * in view, and each row of 订单 shows its amount and state, each row of 任务 its state, without
 * scrolling sideways. Screenshots in test-results/.
 */
import type { Page } from 'playwright-core';
import { signInTo, usePagePerTest, VIEWPORTS } from './browser';
import { base, staff } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const ORDER_ID = 'BN4ntvlywRfoqoxCM6j4TA';
const REVIEW_ID = 'yhJ_x4v2gCMzX9JyK6OGtg';
const ERROR = "ENOENT: no such file or directory, open '/srv/papers/review/yhJ_x4v2gCMzX9JyK6OGtg/paper.txt' (attempt 3 of 3)";
const TIME = '2026-11-20T05:19:08.000Z';

/** The queue as the server answers it: a job that failed with a long error, and one done. */
async function serveJobs() {
  const job = { kind: 'review', family: 'review', refId: REVIEW_ID, orderId: ORDER_ID, createdAt: TIME, updatedAt: TIME };
  const list = [
    { ...job, id: 2, status: 'failed', attempts: 3, lastError: ERROR },
    { ...job, id: 1, status: 'done', attempts: 1, lastError: null },
  ];
  await page.route('**/api/v1/admin/jobs?**', (route) => route.fulfill({ json: { success: true, result: { list, total: list.length } } }));
}

/** How far the table's own area scrolls sideways (0: it fits), and the page's. */
const overflow = () =>
  page.evaluate(() => {
    const table = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
    return { table: table.scrollWidth - table.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });

const headerWidth = async (name: string) => (await page.getByRole('columnheader', { name, exact: true }).boundingBox())!.width;

test('at 1280 px 文献库 and 任务 fit beside the menu; long numbers end in an ellipsis, whole on hover; the error reads', async () => {
  await serveJobs();
  await signInTo(page, base(), '/admin/library', await staff('operator'));
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  expect(await overflow()).toEqual({ table: 0, page: 0 });
  for (const name of ['题目', '作者', '原始文件', '入库时间']) expect(await headerWidth(name)).toBeGreaterThanOrEqual(90);
  await page.screenshot({ path: 'test-results/admin_library_fit.png' });

  await page.getByRole('link', { name: '任务' }).click();
  const failed = page.locator('tr.ant-table-row').filter({ hasText: '失败' });
  await failed.waitFor();
  expect(await overflow()).toEqual({ table: 0, page: 0 });
  expect(await headerWidth('错误')).toBeGreaterThanOrEqual(150);
  // the whole error in the row, wrapped within its column
  const error = failed.getByText(ERROR);
  expect(await error.isVisible()).toBe(true);
  const errorCell = (await failed.locator('td').nth(6).boundingBox())!;
  expect((await error.boundingBox())!.width).toBeLessThanOrEqual(errorCell.width);
  // the order number: cut with an ellipsis, the whole of it on hover, a copy button beside it
  const orderCell = failed.locator('td').nth(3);
  const shown = await orderCell.innerText();
  expect(shown).not.toContain(ORDER_ID);
  expect(shown).toContain(ORDER_ID.slice(0, 5));
  expect(await orderCell.getByRole('button').count()).toBe(1);
  await orderCell.getByText(ORDER_ID.slice(0, 5)).hover();
  await page.getByRole('tooltip').filter({ hasText: ORDER_ID }).waitFor();
  await page.screenshot({ path: 'test-results/admin_jobs_fit.png' });
});

test('on a phone the search forms start folded, and rows show an order’s amount and state and a job’s state in view', async () => {
  await serveJobs();
  await page.setViewportSize(VIEWPORTS.phone);
  await signInTo(page, base(), '/admin/jobs', await staff('operator'));
  const failed = page.locator('tr.ant-table-row').filter({ hasText: '失败' });
  await failed.waitFor();
  const inView = async (locator: ReturnType<Page['locator']>) => {
    const box = (await locator.boundingBox())!;
    return box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width && box.y + box.height <= VIEWPORTS.phone.height;
  };
  expect(await inView(failed.getByText('失败', { exact: true }))).toBe(true);
  expect(await overflow()).toEqual({ table: 0, page: 0 });
  await page.screenshot({ path: 'test-results/admin_jobs_phone_rows.png' });

  await page.route('**/api/v1/admin/orders?**', (route) =>
    route.fulfill({
      json: {
        success: true,
        result: {
          list: [
            {
              id: ORDER_ID,
              kind: 'review',
              itemId: REVIEW_ID,
              title: '本科毕业论文检测 · 睡前手机使用与睡眠质量的关系研究（33,000 字）',
              amountFen: 9900,
              refundedFen: 0,
              status: 'paid',
              closeReason: null,
              channel: 'alipay',
              price: null,
              createdAt: TIME,
              expiresAt: TIME,
              paidAt: TIME,
              closedAt: null,
              refundedAt: null,
              userId: 'u1',
              userEmail: 'a-long-student-address@example.edu.cn',
              gateway: 'sandbox',
              gatewayTradeNo: 'SBX1',
              refundDue: false,
            },
          ],
          total: 1,
        },
      },
    }),
  );
  await page.goto(`${base()}/admin/orders`);
  const row = page.locator('tr.ant-table-row').first();
  await row.waitFor();
  // the form folded: its later fields wait behind 展开, the row is on the first screen
  expect(await page.getByLabel('支付流水号').isVisible()).toBe(false);
  await page.getByText('展开').waitFor();
  expect(await inView(row.getByText('¥99.00'))).toBe(true);
  expect(await inView(row.getByText('已支付'))).toBe(true);
  expect(await overflow()).toEqual({ table: 0, page: 0 });
  await page.screenshot({ path: 'test-results/admin_orders_phone_rows.png' });

  // a wide screen keeps the whole form open
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.reload();
  await page.locator('tr.ant-table-row').first().waitFor();
  expect(await page.getByLabel('支付流水号').isVisible()).toBe(true);
});

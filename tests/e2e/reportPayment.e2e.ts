/**
 * The report and the payment page in a real browser, at 375×812 and 1280×800 (issue 27): no
 * sideways scrolling even when a source's name is one long word, the payment page's labels whole,
 * the order's whole title and its price breakdown shown. Screenshots in test-results/.
 */
import type { Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { newCheck, signInTo, usePagePerTest, VIEWPORTS } from './browser';

const mock = () => process.env.E2E_MOCK_URL!;
const MOCK_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const OWN = '本文讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。';
const COPIED =
  '上游三个采样点的平均丰度为每千克 210 个，城镇段平均为 1340 个，入海口略有下降。纤维状微塑料在污水处理厂排口下游比例最高，推测来源于衣物洗涤；农业区附近的薄膜碎片比例较高。';
const PAPER = ['第一章 绪论', OWN, OWN.replace('本文', '前人'), COPIED, '第二章 讨论', OWN.replace('本文', '本章'), OWN.replace('本文', '下文')].join('\n');
/** A source named by one long word (a file name, an English title without spaces). */
const LONG_NAME = 'Microplastics_in_riverine_sediments_of_the_Yangtze_delta_a_longitudinal_survey_2019_2023_final_version.pdf';
const LONG_TITLE = '县域中学课后服务的组织方式、教师工作负担与学生参与情况的比较研究——以两所学校为例';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The page's own width test: the scrolling element is never wider than the window. */
const scrollsSideways = () => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

test('the report never scrolls sideways, even when a source is named by one long word', async () => {
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  const { reviewId, orderId } = await newCheck(page, '长来源名称的报告', PAPER);
  await page.evaluate((id) => fetch(`/api/v1/mock/pay/${id}`), orderId);
  // the library's sources have short names: the report is given one long one
  await page.route('**/api/v1/review/*/report', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.result.sources = json.result.sources.map((s: { title: string; detail: string }) => ({ ...s, title: LONG_NAME, detail: `${LONG_NAME} · 期刊论文` }));
    await route.fulfill({ response, json });
  });
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(`${mock()}/personal/review/report/${reviewId}`);
    const passage = page.getByRole('button', { name: `相似段落，来源：${LONG_NAME}` }).first();
    await passage.waitFor({ timeout: 30_000 });
    await passage.click();
    if (label === 'phone') {
      // on a phone the source comes up in a sheet over the text: the long name wraps inside it too
      const sheet = page.getByRole('dialog');
      const tag = sheet.locator('.ant-tag', { hasText: LONG_NAME });
      await tag.waitFor();
      await page.waitForTimeout(600);
      const box = (await tag.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `test-results/report_${label}_source.png` });
      await sheet.getByRole('button', { name: '返回全文' }).click();
      await sheet.waitFor({ state: 'hidden' });
    }
    await page.locator('[aria-live="polite"] .ant-tag', { hasText: LONG_NAME }).waitFor();
    expect(await scrollsSideways()).toBe(false);
    // every figure explains itself on a tap
    await page.getByRole('button', { name: '去除引用和参考文献的说明' }).click();
    await page
      .getByRole('tooltip')
      .getByText(/仍除以同一全文字数/)
      .waitFor();
    await page.screenshot({ path: `test-results/report_${label}.png`, fullPage: true });
  }
});

test('the payment page: whole labels, the whole title, the price breakdown, no sideways scrolling', async () => {
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  const { orderId } = await newCheck(page, LONG_TITLE, PAPER);
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(`${mock()}/pay/${orderId}`);
    await page.getByRole('heading', { name: '订单支付' }).waitFor();
    await page.getByText(/^\d[\d,]* 字 → 1 个千字（不足千字按千字计）× ¥3\.00 = ¥3\.00$/).waitFor();
    // the title whole, not cut at a dozen characters
    expect(await page.getByText(LONG_TITLE, { exact: false }).first().isVisible()).toBe(true);
    const cut = await page.locator('.ant-descriptions-item-content').evaluateAll((cells) => cells.some((c) => c.scrollWidth > c.clientWidth + 1));
    expect(cut).toBe(false);
    // each label on one line: a label broken mid-word has two line boxes
    const lines = await page.locator('.ant-descriptions-item-label').evaluateAll((labels) =>
      labels.map((l) => {
        const range = document.createRange();
        range.selectNodeContents(l);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines.every((n) => n === 1)).toBe(true);
    expect(await scrollsSideways()).toBe(false);
    await page.screenshot({ path: `test-results/payment_${label}.png`, fullPage: true });
  }
});

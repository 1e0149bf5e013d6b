/**
 * Reading a long report in a real browser. On a 375 px phone a tapped passage's source comes up at
 * once over the text and closing it leaves the student where they were; at 1280 px the source
 * panel's title stays clear of the 56 px top bar wherever the page is scrolled, even with a long
 * excerpt. 下载 PDF 报告 downloads in place: offline or with an ended login the report stays (or
 * the login page takes over), never the browser's error page or the API's JSON. Screenshots in
 * test-results/.
 */
import { readFileSync } from 'fs';
import type { Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { newCheck, signInTo, usePagePerTest, VIEWPORTS } from './browser';

const mock = () => process.env.E2E_MOCK_URL!;
const MOCK_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const OWN = '本文讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。';
const COPIED =
  '上游三个采样点的平均丰度为每千克 210 个，城镇段平均为 1340 个，入海口略有下降。纤维状微塑料在污水处理厂排口下游比例最高，推测来源于衣物洗涤；农业区附近的薄膜碎片比例较高。';
/** A long thesis: the copied passage in the middle of sixty paragraphs of the student's own. */
const PAPER = [
  '第一章 绪论',
  ...Array.from({ length: 30 }, (_, i) => OWN.replace('本文', `第 ${i + 1} 段`)),
  COPIED,
  ...Array.from({ length: 30 }, (_, i) => OWN.replace('本文', `后文第 ${i + 1} 段`)),
].join('\n');
const SOURCE = '某河流沉积物中微塑料的分布特征与来源分析';
const TOP_BAR = 56;

const currentPage = usePagePerTest();
let page: Page;
let reviewId: string;
beforeEach(async () => {
  page = currentPage();
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  const check = await newCheck(page, '长论文的全文对照', PAPER);
  await page.evaluate((id) => fetch(`/api/v1/mock/pay/${id}`), check.orderId);
  reviewId = check.reviewId;
});

const passage = () => page.getByRole('button', { name: `相似段落，来源：${SOURCE}` }).first();

test('on a phone a tapped passage’s source comes up at once, and closing it leaves the student where they were', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`${mock()}/personal/review/report/${reviewId}`);
  await passage().waitFor({ timeout: 30_000 });
  await passage().scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await passage().click();
  const sheet = page.getByRole('dialog');
  await sheet.getByText(COPIED.slice(0, 20)).waitFor();
  // the sheet slides up from the bottom edge
  await page.waitForTimeout(600);
  // the source is in sight, in the window, without scrolling past the rest of the paper
  const box = (await sheet.getByText(COPIED.slice(0, 20)).boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(TOP_BAR);
  expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
  expect(await sheet.getByText(SOURCE).isVisible()).toBe(true);
  await page.screenshot({ path: 'test-results/report-source_phone.png' });
  await sheet.getByRole('button', { name: '返回全文' }).click();
  await sheet.waitFor({ state: 'hidden' });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await passage().getAttribute('aria-pressed')).toBe('true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});

test('on a phone the figures read at a glance: the count level with its label, the two dials side by side', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`${mock()}/personal/review/report/${reviewId}`);
  const dials = [page.getByRole('progressbar', { name: '总相似度' }), page.getByRole('progressbar', { name: '去除引用和参考文献' })];
  await dials[0].waitFor({ timeout: 30_000 });
  // where the words themselves stand (their elements stretch to the row's height)
  const [label, count] = await page.evaluate(() =>
    ['.ant-descriptions-item-label', '.ant-descriptions-item-content'].map((part) => {
      const item = [...document.querySelectorAll('.ant-descriptions-item')].find((e) => e.textContent!.startsWith('检测字数'))!;
      const range = document.createRange();
      range.selectNodeContents(document.createTreeWalker(item.querySelector(part)!, NodeFilter.SHOW_TEXT).nextNode()!);
      return range.getBoundingClientRect().top;
    }),
  );
  expect(Math.abs(count - label)).toBeLessThanOrEqual(2);
  const [left, right] = [(await dials[0].boundingBox())!, (await dials[1].boundingBox())!];
  expect(right.y).toBe(left.y);
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  await page.screenshot({ path: 'test-results/report-figures_phone.png' });
});

test('at 1280 px the source panel’s title stays below the top bar wherever the page is scrolled, even for a long excerpt', async () => {
  // a source that says the passage's words among many of its own: an excerpt longer than the window
  await page.route('**/api/v1/review/*/report', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.result.passages = json.result.passages.map((p: { sourceText: string }) => ({ ...p, sourceText: p.sourceText.repeat(8) }));
    await route.fulfill({ response, json });
  });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${mock()}/personal/review/report/${reviewId}`);
  await passage().waitFor({ timeout: 30_000 });
  await passage().click();
  const panel = page.locator('.ant-card', { has: page.getByRole('heading', { name: '来源原文' }) });
  const name = panel.getByText(SOURCE);
  await name.waitFor();
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (const y of [0, end / 2, end - 40, end]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(100);
    const heading = (await panel.getByRole('heading', { name: '来源原文' }).boundingBox())!;
    const tag = (await name.boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(TOP_BAR);
    expect(tag.y).toBeGreaterThanOrEqual(TOP_BAR);
  }
  await page.screenshot({ path: 'test-results/report-source_desktop.png' });
});

describe('下载 PDF 报告', () => {
  const download = () => page.getByRole('button', { name: '下载 PDF 报告' });
  const heading = () => page.getByRole('heading', { name: '查重报告：长论文的全文对照' });

  test('saves the PDF and stays on the report', async () => {
    await page.goto(`${mock()}/personal/review/report/${reviewId}`);
    await heading().waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download().click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(page.url()).toBe(`${mock()}/personal/review/report/${reviewId}`);
  });

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`offline at ${label} size it says 网络异常 and the report stays`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`${mock()}/personal/review/report/${reviewId}`);
      await heading().waitFor({ timeout: 30_000 });
      await page.context().setOffline(true);
      await download().click();
      await page.getByText('您的网络发生异常，无法连接服务器').waitFor();
      expect(await heading().isVisible()).toBe(true);
      expect(await download().isEnabled()).toBe(true);
      expect(page.url()).toBe(`${mock()}/personal/review/report/${reviewId}`);
      // the notice slides in
      await page.waitForTimeout(500);
      await page.screenshot({ path: `test-results/report-download-offline_${label}.png` });
      await page.context().setOffline(false);
    });
  }

  test('with an ended login it goes to the login page, never showing the API’s JSON', async () => {
    await page.goto(`${mock()}/personal/review/report/${reviewId}`);
    await heading().waitFor({ timeout: 30_000 });
    await page.context().clearCookies();
    await download().click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${mock()}/personal/review/report/${reviewId}`);
    expect(await page.getByText('"success"').count()).toBe(0);
    // the page says why, with the e-mail filled in
    await page.getByText('登录已失效，请重新登录').waitFor();
    expect(await page.getByLabel('邮箱').inputValue()).toBe(MOCK_ACCOUNT.email);
  });
});

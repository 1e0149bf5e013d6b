/**
 * Typesetting end to end against the real server: pick a template, upload a manuscript, see the
 * preview page by page (watermarked pictures), pay in the sandbox, download the .docx and the PDF
 * (fetched in place, as buttons);
 * a typesetting deleted before its order was paid closes that order's payment page;
 * at phone width every preview page and every sample page is wholly on the screen.
 */
import JSZip from 'jszip';
import { readFileSync } from 'fs';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { horizontalOverflow, payInSandbox, signInTo, typesetManuscript, usePagePerTest, VIEWPORTS } from './browser';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

test('template → upload → preview pictures with watermark → pay in the sandbox → download the .docx and the PDF', async () => {
  await signInTo(page, base(), '/typeset/template-list', DEMO_ACCOUNT);
  await page.getByRole('heading', { name: '通用本科毕业论文' }).waitFor();
  await page
    .locator('.ant-card', { hasText: '通用本科毕业论文' })
    .getByRole('link', { name: /查看规范并使用/ })
    .click();
  await page.waitForURL(/\/typeset\/template-detail\/general-bachelor/);
  await page.getByText('排版规范').waitFor();
  // the sample pages, drawn by the server's layout engine
  await page.locator('[aria-label="样张"] img').first().waitFor({ timeout: 60_000 });

  await typesetManuscript(page, '县域中学课后服务研究', { fields: { 作者: '林晓', 学校: '示例大学' } });
  const preview = page.locator('[aria-label="排版预览"]');
  await preview.getByRole('img', { name: '第 1 页（共 8 页）' }).waitFor({ timeout: 30_000 });
  // nothing of the document's text in the page: the pages are pictures
  expect(await preview.innerText()).toBe('');
  const typesetPath = new URL(page.url()).pathname;

  await page.getByRole('button', { name: /付款并下载 ¥19\.90/ }).click();
  await page.waitForURL(/\/pay\//);
  await payInSandbox(page, base());
  await page.getByRole('link', { name: '查看排版结果' }).click();
  await page.waitForURL((url) => url.pathname === typesetPath);

  // the two downloads side by side with the buttons' usual gap, not touching
  const word = (await page.getByRole('button', { name: /下载 Word 文档/ }).boundingBox())!;
  const pdfButton = (await page.getByRole('button', { name: /下载 PDF/ }).boundingBox())!;
  expect(pdfButton.x - (word.x + word.width)).toBeGreaterThanOrEqual(8);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载 Word 文档/ }).click()]);
  // fetched in place and saved under the server's name
  expect(download.suggestedFilename()).toBe('县域中学课后服务研究.docx');
  expect(new URL(page.url()).pathname).toBe(typesetPath);
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
  const headers = await Promise.all(
    Object.keys(zip.files)
      .filter((f) => /word\/header\d+\.xml/.test(f))
      .map((f) => zip.file(f)!.async('string')),
  );
  expect(headers.join('')).toContain('示例大学本科毕业论文');
  expect(headers.join('')).not.toContain('预览版');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载 PDF/ }).click()]);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('a typesetting deleted while its order is open: its payment page says the order closed and offers 重新排版', async () => {
  const title = '县域中学课后服务研究（删除）';
  await signInTo(page, base(), '/typeset/template-detail/general-bachelor', DEMO_ACCOUNT);
  await typesetManuscript(page, title);
  await page.getByRole('button', { name: /付款并下载/ }).click();
  await page.waitForURL(/\/pay\//);
  const payUrl = page.url();

  // the student deletes it from 排版记录 before paying
  await page.goto(`${base()}/personal/typeset/list`);
  await page.locator('tr', { hasText: title }).getByRole('button', { name: '删除' }).click();
  // antd spaces a two-character button's label: 删 除
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^删\s?除$/ })
    .click();
  await page.getByText('排版记录和文件已删除').waitFor();

  await page.goto(payUrl);
  await page.getByRole('heading', { name: '订单已关闭' }).waitFor();
  await page.getByText(/排版记录已于 .+ 删除，这笔订单随之关闭，没有扣费。/).waitFor();
  await expect(page.getByText('支付宝').count()).resolves.toBe(0);
  await page.getByRole('link', { name: '重新排版' }).click();
  await page.waitForURL((url) => url.pathname === '/typeset/template-list');
});

/** Each picture or page inside `selector`, scrolled into view: loaded and wholly within the screen's width. */
async function pagesFullyVisible(page: Page, selector: string, shot: string) {
  const pages = page.locator(selector);
  const count = await pages.count();
  expect(count).toBeGreaterThan(1);
  const width = page.viewportSize()!.width;
  for (let i = 0; i < count; i += 1) {
    await pages.nth(i).scrollIntoViewIfNeeded();
    const box = (await pages.nth(i).boundingBox())!;
    expect({ page: i + 1, left: box.x >= 0, right: box.x + box.width <= width, tall: box.height > box.width }).toEqual({
      page: i + 1,
      left: true,
      right: true,
      tall: true,
    });
    if (i < 2) await page.screenshot({ path: `test-results/${shot}_page${i + 1}.png` });
  }
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

test('at 375 px every preview page and every sample page is wholly visible, without sideways scrolling', async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  await signInTo(page, base(), '/typeset/template-detail/general-bachelor', DEMO_ACCOUNT);
  await page.locator('[aria-label="样张"] img').first().waitFor({ timeout: 60_000 });
  await pagesFullyVisible(page, '[aria-label="样张"] img', 'phone_typeset_sample');

  await typesetManuscript(page, '县域中学课后服务研究');
  await page.getByRole('img', { name: '第 1 页（共 8 页）' }).waitFor({ timeout: 30_000 });
  // every picture loaded
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLImageElement>('[aria-label="排版预览"] img')].every(
        (img) => (img.scrollIntoView(), img.complete && img.naturalWidth > 0),
      ),
    undefined,
    { timeout: 30_000 },
  );
  await pagesFullyVisible(page, '[aria-label="排版预览"] img', 'phone_typeset_preview');
});

describe.each(Object.entries(VIEWPORTS))('at %s width', (name, viewport) => {
  test('the template list and a template have no sideways scrolling', async () => {
    await page.setViewportSize(viewport);
    for (const [label, path] of [
      ['templates', '/typeset/template-list'],
      ['template', '/typeset/template-detail/general-bachelor'],
    ]) {
      await page.goto(base() + path);
      await page.locator('h1').first().waitFor();
      if (label === 'template') await page.locator('[aria-label="样张"] img').first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: `test-results/${name}_typeset_${label}.png`, fullPage: true });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
  });
});

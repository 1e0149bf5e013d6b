/**
 * Typesetting end to end against the real server: pick a template, upload a manuscript, see the
 * preview page by page with its watermark, pay in the sandbox, download the .docx.
 */
import JSZip from 'jszip';
import { readFileSync } from 'fs';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { wordManuscript } from '../fixtures/manuscripts';
import { horizontalOverflow, payInSandbox, signInTo, usePagePerTest, VIEWPORTS } from './browser';

const base = () => process.env.E2E_REAL_URL!;
const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

test('template → upload → preview with watermark → pay in the sandbox → download the .docx', async () => {
  await signInTo(page, base(), '/typeset/template-list', DEMO_ACCOUNT);
  await page.getByRole('heading', { name: '通用本科毕业论文' }).waitFor();
  await page.locator('.ant-card', { hasText: '通用本科毕业论文' }).getByRole('link', { name: /查看规范并使用/ }).click();
  await page.waitForURL(/\/typeset\/template-detail\/general-bachelor/);
  await page.getByText('排版规范').waitFor();
  // the sample pages render in the page
  await page.locator('[aria-label="排版预览"] section.docx').first().waitFor({ timeout: 30_000 });

  await page.locator('input[type="file"]').setInputFiles({ name: '初稿.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await wordManuscript() });
  await page.getByText('已选择：初稿.docx').waitFor();
  await page.getByLabel('论文题目').fill('县域中学课后服务研究');
  await page.getByLabel('作者').fill('林晓');
  await page.getByLabel('学校').fill('示例大学');
  await page.getByRole('button', { name: '上传并排版' }).click();
  await page.waitForURL(/\/typeset\/preview\//);
  await page.getByRole('heading', { name: '排版预览：县域中学课后服务研究' }).waitFor({ timeout: 30_000 });
  const preview = page.locator('[aria-label="排版预览"]');
  await preview.locator('section.docx').first().waitFor({ timeout: 30_000 });
  await preview.getByText(/预览版/).first().waitFor();
  const typesetPath = new URL(page.url()).pathname;

  await page.getByRole('button', { name: /付款并下载 ¥19\.90/ }).click();
  await page.waitForURL(/\/pay\//);
  await payInSandbox(page, base());
  await page.getByRole('link', { name: '查看排版结果' }).click();
  await page.waitForURL((url) => url.pathname === typesetPath);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /下载 Word 文档/ }).click()]);
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
  const headers = await Promise.all(Object.keys(zip.files).filter((f) => /word\/header\d+\.xml/.test(f)).map((f) => zip.file(f)!.async('string')));
  expect(headers.join('')).toContain('示例大学本科毕业论文');
  expect(headers.join('')).not.toContain('预览版');
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
      if (label === 'template') await page.locator('[aria-label="排版预览"] section.docx').first().waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `test-results/${name}_typeset_${label}.png`, fullPage: true });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
  });
});

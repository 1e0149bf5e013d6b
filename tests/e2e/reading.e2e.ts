/**
 * Reading end to end against the real server and its seeded content: search from the home page,
 * open an article, come back to the results, open a paper, come back; and the reading pages at
 * phone and desktop width without sideways scrolling.
 */
import type { Page } from 'playwright-core';
import { horizontalOverflow, usePagePerTest, VIEWPORTS } from './browser';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const results = () => page.getByRole('region', { name: '搜索结果' });

test('search → article → back → paper → back', async () => {
  await page.goto(`${base()}/`);
  await page.getByText('最新文章').waitFor();

  await page.getByLabel('搜索文章和范文').fill('参考文献');
  await page.getByLabel('搜索文章和范文').press('Enter');
  await page.waitForURL(/\?q=/);
  const firstArticle = results().getByRole('link').first();
  await expect(firstArticle.textContent()).resolves.toBe('GB/T 7714-2015 参考文献著录要点');
  expect(await results().locator('mark').count()).toBeGreaterThan(2);

  await firstArticle.click();
  await page.getByRole('heading', { level: 1, name: 'GB/T 7714-2015 参考文献著录要点' }).waitFor();
  await page.getByText(/阅读 \d+/).waitFor();
  await page.getByRole('heading', { name: '常见错误' }).waitFor();

  await page.goBack();
  await page.waitForURL(/\?q=/);
  await results()
    .getByRole('tab', { name: /范文（\d+）/ })
    .click();
  await page.waitForURL(/kind=document/);
  const firstPaper = results().locator('a[href^="/document/detail/"]').first();
  await firstPaper.waitFor();
  const title = (await firstPaper.textContent())!;
  await firstPaper.click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('heading', { name: '全文' }).waitFor();

  await page.goBack();
  await page.waitForURL(/kind=document/);
  await results().getByRole('link', { name: title }).waitFor();
  expect(await page.getByLabel('搜索文章和范文').inputValue()).toBe('参考文献');
});

test('a search nobody can match says so', async () => {
  await page.goto(`${base()}/?q=${encodeURIComponent('完全不存在的词组xyz')}`);
  await page.getByText(/没有找到与“完全不存在的词组xyz”相关的文章或范文/).waitFor();
});

test('an unknown article shows the 404 page', async () => {
  await page.goto(`${base()}/article/detail/no-such-article`);
  await page.getByRole('heading', { name: '404' }).waitFor();
});

describe.each(Object.entries(VIEWPORTS))('at %s width', (name, viewport) => {
  test('the home page, a search, an article and a paper have no sideways scrolling', async () => {
    await page.setViewportSize(viewport);
    const article = ((await (await fetch(`${base()}/api/v1/article?pageSize=1`)).json()) as { result: { list: Array<{ id: string }> } }).result.list[0];
    const paper = ((await (await fetch(`${base()}/api/v1/document?pageSize=1`)).json()) as { result: { list: Array<{ id: string }> } }).result.list[0];
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['search', `/?q=${encodeURIComponent('查重 相似度')}`],
      ['article', `/article/detail/${article.id}`],
      ['document', `/document/detail/${paper.id}`],
    ];
    for (const [label, path] of pages) {
      await page.goto(base() + path);
      await page.locator('h1').first().waitFor();
      await page
        .locator('.ant-skeleton')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.screenshot({ path: `test-results/${name}_reading_${label}.png`, fullPage: true });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
  });
});

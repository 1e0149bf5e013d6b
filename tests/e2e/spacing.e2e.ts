/**
 * Spacing only a browser lays out: the check form's paired fields stacked on a phone, and the
 * search's marked words inside a title.
 */
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { resizeToPhone, signInTo, usePagePerTest } from './browser';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The vertical space between two form items, found by their fields' labels. */
async function gapBetween(upper: string, lower: string) {
  const item = (label: string) =>
    page
      .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
      .last()
      .boundingBox();
  const [a, b] = [(await item(upper))!, (await item(lower))!];
  return Math.round(b.y - (a.y + a.height));
}

test('on a phone, 学校 and 专业 stack with the form’s usual gap between fields', async () => {
  await signInTo(page, base(), '/review/info?systemId=graduate', DEMO_ACCOUNT);
  await resizeToPhone(page);
  await page.getByLabel('专业', { exact: true }).waitFor();
  const usual = await gapBetween('作者', '学校');
  expect(await gapBetween('学校', '专业')).toBe(usual);
});

test('a search word marked inside a title adds no space around it', async () => {
  await page.goto(`${base()}/`);
  await page.getByLabel('搜索文章和范文').fill('城市');
  await page.getByLabel('搜索文章和范文').press('Enter');
  const mark = page.getByRole('region', { name: '搜索结果' }).locator('mark').first();
  await mark.waitFor();
  const padding = await mark.evaluate((m) => {
    const style = getComputedStyle(m);
    return [style.paddingLeft, style.paddingRight];
  });
  expect(padding).toEqual(['0px', '0px']);
});

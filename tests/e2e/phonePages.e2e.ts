/**
 * Page pictures on a phone (375×812, a touch screen at twice the pixels), against the real server:
 * the site lets the fingers zoom; a template's sample page and a typeset's preview page each fill
 * the screen's width, come at the width the screen needs and load as they near the screen; a tap
 * opens a page full size, where a swipe or an arrow key goes to the next page.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { horizontalOverflow, launchBrowser, signInTo, typesetManuscript, VIEWPORTS, watchedContext } from './browser';
import { base } from './staff';

let browser: Browser;
let page: Page;
let violations: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  const watched = await watchedContext(browser, { viewport: VIEWPORTS.phone, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  violations = watched.violations;
  page = await watched.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  expect(violations).toEqual([]);
});

/** The pictures in the list labelled `label`, once the first has loaded: what the phone shows of each. */
async function picturesOf(label: string) {
  const first = page.locator(`[aria-label="${label}"] img`).first();
  await first.waitFor({ timeout: 90_000 });
  await page.waitForFunction(
    (name) => {
      const img = document.querySelector<HTMLImageElement>(`[aria-label="${name}"] img`);
      return !!img && img.complete && img.naturalWidth > 0;
    },
    label,
    { timeout: 30_000 },
  );
  return page.locator(`[aria-label="${label}"] img`).evaluateAll((imgs: HTMLImageElement[]) =>
    imgs.map((img) => ({
      width: img.getBoundingClientRect().width,
      srcset: img.srcset,
      sizes: img.sizes,
      loading: img.loading,
      currentSrc: img.currentSrc,
      alt: img.alt,
    })),
  );
}

/** Taps page `n` (1-based) of the list `label` and waits for it full size; answers the opened picture's address and width on the screen. */
async function openFullSize(label: string, n: number, shot: string) {
  const picture = page.locator(`[aria-label="${label}"] img`).nth(n - 1);
  await picture.scrollIntoViewIfNeeded();
  await picture.tap();
  const opened = page.locator('.ant-image-preview-img');
  await opened.waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('.ant-image-preview-img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  // the viewer zooms in from the tapped page: measured before its animation ends, the page is still small
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: `test-results/phone_${shot}_full_size.png` });
  return { src: (await opened.getAttribute('src'))!, width: (await opened.boundingBox())!.width };
}

/** A one-finger swipe from right to left across the middle of the screen. */
async function swipeLeft() {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 300, y: 400 }] });
  for (const x of [260, 200, 140, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 404 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const closeFullSize = async () => {
  await page.keyboard.press('Escape');
  await page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' });
};

test('the site does not keep the fingers from zooming', async () => {
  await signInTo(page, base(), '/typeset/template-detail/general-bachelor', DEMO_ACCOUNT);
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).toContain('width=device-width');
  expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/);
});

test('on a phone the header’s mark and the footer’s links are a finger’s size, and a tap on an article’s summary opens it', async () => {
  await page.goto(`${base()}/`);
  const size = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((e) => ({ width: e.getBoundingClientRect().width, height: e.getBoundingClientRect().height }));
  const mark = await size(page.getByRole('link', { name: '智能论文 首页' }));
  expect(Math.min(mark.width, mark.height)).toBeGreaterThanOrEqual(40);
  for (const name of ['用户协议', /联系我们/]) expect((await size(page.locator('footer').getByRole('link', { name }))).height).toBeGreaterThanOrEqual(40);
  const first = page.locator('li', { has: page.locator('a[href^="/article/detail/"]') }).first();
  const href = await first.locator('a').first().getAttribute('href');
  // the title's link lies over its item: the tap on the summary is the link's
  await first.locator('p').first().tap({ force: true });
  await page.waitForURL((url) => url.pathname === href);
});

test('on a phone the template’s start form comes before its two screens of rules', async () => {
  await page.goto(`${base()}/typeset/template-detail/general-bachelor`);
  const top = (name: string) => page.getByRole('heading', { name, exact: true }).evaluate((e) => e.getBoundingClientRect().top);
  await page.getByRole('heading', { name: '排版规范', exact: true }).waitFor();
  expect(await top('开始排版')).toBeLessThan(await top('排版规范'));
});

test('a template’s sample page fills the screen’s width at the width it needs, and a tap opens it full size; a swipe and an arrow key turn the page', async () => {
  const pictures = await picturesOf('样张');
  expect(pictures.length).toBeGreaterThan(4);
  const screen = VIEWPORTS.phone.width;
  expect(pictures[0].width).toBeGreaterThanOrEqual(0.9 * screen);
  // 400, 800 and 1200 px wide: 375 px at two pixels each takes the 800
  expect(pictures[0].srcset).toMatch(/\?w=400&v=\w+ 400w, .*\?w=800&v=\w+ 800w, .*\?w=1200&v=\w+ 1200w$/);
  expect(pictures[0].currentSrc).toMatch(/\/sample\/1\.png\?w=800&/);
  expect(pictures.slice(2).every((p) => p.loading === 'lazy')).toBe(true);
  await page.locator('[aria-label="样张"] img').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/phone_sample_page.png' });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  const opened = await openFullSize('样张', 1, 'sample');
  expect(opened.src).toMatch(/\/sample\/1\.png\?w=1200&/);
  expect(opened.width).toBeGreaterThanOrEqual(0.9 * screen);
  await swipeLeft();
  await page.waitForFunction(() => /\/sample\/2\.png/.test(document.querySelector<HTMLImageElement>('.ant-image-preview-img')?.src ?? ''));
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /\/sample\/3\.png/.test(document.querySelector<HTMLImageElement>('.ant-image-preview-img')?.src ?? ''));
  await page.screenshot({ path: 'test-results/phone_sample_full_size_page3.png' });
  await closeFullSize();
});

test('a typeset’s preview page fills the screen’s width, and a tap opens it full size', async () => {
  await typesetManuscript(page, '县域中学课后服务研究', { tap: true });
  const pictures = await picturesOf('排版预览');
  expect(pictures.length).toBeGreaterThan(4);
  expect(pictures[0].width).toBeGreaterThanOrEqual(0.9 * VIEWPORTS.phone.width);
  expect(pictures[0].srcset).toMatch(/\/preview\/1\.png 794w$/);
  expect(pictures.slice(2).every((p) => p.loading === 'lazy')).toBe(true);
  await page.locator('[aria-label="排版预览"] img').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/phone_preview_page.png' });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  const opened = await openFullSize('排版预览', 2, 'preview');
  expect(opened.src).toMatch(/\/preview\/2\.png$/);
  expect(opened.width).toBeGreaterThanOrEqual(0.9 * VIEWPORTS.phone.width);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /\/preview\/1\.png$/.test(document.querySelector<HTMLImageElement>('.ant-image-preview-img')?.src ?? ''));
  await closeFullSize();
});

/** Debian's Chromium driven by playwright-core: never a downloaded browser. */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { wordManuscript } from '../fixtures/manuscripts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;

/** docs/ux.md: no page may scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The page turned to a 375 px phone's screen, given up to 5 s to lay itself out again: ProLayout,
 * the search forms and antd's breakpoints change a moment after the resize, not with it.
 */
export async function resizeToPhone(page: Page) {
  await page.setViewportSize(VIEWPORTS.phone);
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * Collects every Content-Security-Policy violation that any page of `context` reports, from its
 * first script on: both servers send the site's policy, and a page that breaks it fails its test.
 */
export async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__policyViolated', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __policyViolated: (text: string) => void }).__policyViolated;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile || 'the page'}:${event.lineNumber})`);
    });
  });
  return violations;
}

/** A fresh context (cookies, storage), watched for policy violations (see watchPolicy). */
export async function watchedContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, violations: await watchPolicy(context) };
}

/**
 * One browser for a test file and a fresh context (cookies, storage) per test, at desktop size.
 * Returns a getter for the current test's page. A test whose pages violated the site's
 * Content-Security-Policy fails.
 */
export function usePagePerTest(): () => Page {
  let browser: Browser;
  let page: Page;
  let violations: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const watched = await watchedContext(browser, { viewport: VIEWPORTS.desktop });
    violations = watched.violations;
    page = await watched.context.newPage();
  });
  afterEach(async () => {
    // a route handler still answering (a page polling as the test ends) would fail on the closed context
    await page?.unrouteAll({ behavior: 'ignoreErrors' });
    await page?.context().close();
    expect(violations).toEqual([]);
  });
  return () => page;
}

/**
 * Opens the header's user menu until `entry` shows in it: a hover, as a mouse user does, then a tap
 * where the hover did not open it, or the menu closed again as the page settled under the pointer.
 */
export async function openUserMenu(page: Page, nickname: string, entry: Locator = page.getByText('个人中心')) {
  const trigger = page.getByRole('button', { name: `用户菜单：${nickname}` });
  for (let tries = 1; ; tries += 1) {
    await (tries % 2 ? trigger.hover() : trigger.click());
    try {
      await entry.waitFor({ timeout: 3000 });
      return;
    } catch (error) {
      if (tries === 4) throw error;
    }
  }
}

/** Opens the header's user menu and logs out. */
export async function logOutThroughMenu(page: Page, nickname: string) {
  const item = page.getByText('退出登录');
  await openUserMenu(page, nickname, item);
  await item.click();
}

/** Logs in through the login page with the demo account and lands on `path`. */
export async function signInTo(page: Page, baseUrl: string, path: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/user/login?redirect=${encodeURIComponent(baseUrl + path)}`);
  await page.getByLabel('邮箱').fill(account.email);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/**
 * On an order's payment page: choose 支付宝, pay on the sandbox gateway's page (opened from the
 * page's link in a second tab, as a payer would), and wait for the payment page to turn to success.
 */
export async function payInSandbox(page: Page, baseUrl: string) {
  await page.getByText('支付宝').click();
  const href = (await page.getByRole('link', { name: '打开支付页面' }).getAttribute('href'))!;
  const gateway = await page.context().newPage();
  await gateway.goto(href.startsWith('http') ? href : baseUrl + href);
  await gateway.getByRole('button', { name: '支付成功' }).click();
  await gateway.getByRole('heading', { name: '支付成功' }).waitFor();
  await gateway.close();
  await page.getByRole('heading', { name: '支付成功' }).waitFor({ timeout: 15_000 });
}

/** A new unpaid check of the signed-in user with `text` as its paper, made through the API as the form does. */
export function newCheck(page: Page, title: string, text: string): Promise<{ reviewId: string; orderId: string }> {
  return page.evaluate(
    async ({ title, text }) => {
      const res = await fetch('/api/v1/review', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ systemId: 'undergraduate', title, author: '林晓', text }),
      });
      const { result, message } = await res.json();
      if (!result) throw new Error(message);
      return { reviewId: result.review.id, orderId: result.orderId };
    },
    { title, text },
  );
}

/**
 * On a template's page: hand in the sample Word manuscript as `title` (with any other cover
 * `fields`, by label), press 上传并排版 (a tap on a phone), and wait for its finished preview.
 */
export async function typesetManuscript(page: Page, title: string, options: { fields?: Record<string, string>; tap?: boolean } = {}) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: '初稿.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await wordManuscript() });
  await page.getByText('已选择：初稿.docx').waitFor();
  // the page fills the title from the manuscript once it has read it: typed over once there, as a
  // student types over it (typed while it is read, the two would meet in the field)
  const titleField = page.getByLabel('论文题目');
  await page.waitForFunction((field) => (field as HTMLInputElement).value !== '', await titleField.elementHandle());
  await titleField.fill(title);
  for (const [label, value] of Object.entries(options.fields ?? {})) await page.getByLabel(label).fill(value);
  const upload = page.getByRole('button', { name: '上传并排版' });
  await (options.tap ? upload.tap() : upload.click());
  await page.waitForURL(/\/typeset\/preview\//);
  // the finished preview (each page drawn by the server when it first comes near the screen), or
  // the failure, whose reason the test then says, as it says what the page showed when it waited too long
  const finished = page.getByRole('heading', { name: `排版预览：${title}` });
  const failed = page.getByRole('heading', { name: '排版未能完成' });
  try {
    await finished.or(failed).waitFor({ timeout: 90_000 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nThe page showed: ${await page.locator('main').innerText()}`);
  }
  if (await failed.isVisible()) throw new Error(`The typesetting failed: ${await page.locator('main').innerText()}`);
}

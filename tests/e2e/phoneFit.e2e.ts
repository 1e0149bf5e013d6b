/**
 * What a student sees and taps on a 375 px phone, against the Umi mock server: Chinese text in a
 * sans face (never the calligraphic Kai a Linux desktop may have), every listed control at least
 * 40 px each way, the home page's article tabs all in sight, the verification's labels whole, and
 * no page scrolling sideways. Screenshots in test-results/.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { horizontalOverflow, newCheck, signInTo, usePagePerTest, VIEWPORTS } from './browser';

const mock = () => process.env.E2E_MOCK_URL!;
const MOCK_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const TAP = 40;
const PAPER = [
  '第一章 绪论',
  ...Array.from({ length: 8 }, (_, i) => `第 ${i + 1} 段讨论县域中学课后服务的组织方式，作者在两所学校做了一个学期的观察和访谈。`),
].join('\n');

const currentPage = usePagePerTest();
let page: Page;
beforeEach(async () => {
  page = currentPage();
  await page.setViewportSize(VIEWPORTS.phone);
});

/** Each control named in `controls` that is smaller than a finger, with its size, as `名称 宽×高`. */
async function tooSmall(controls: Record<string, Locator>) {
  const small: string[] = [];
  for (const [name, control] of Object.entries(controls)) {
    await control.waitFor();
    const box = (await control.boundingBox())!;
    if (box.width < TAP || box.height < TAP) small.push(`${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

/** The faces Chromium drew the text of the first element matching `selector` in. */
async function facesOf(selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

test('Chinese text is drawn in a sans face, in the page’s own text and in antd’s', async () => {
  await page.goto(`${mock()}/`);
  await page.getByRole('link', { name: '开始查重' }).waitFor();
  await page.screenshot({ path: 'test-results/phone_font_home.png' });
  for (const selector of ['h1', 'main p', 'a.ant-btn-primary span']) {
    const faces = await facesOf(selector);
    expect({ selector, faces }).toEqual({
      selector,
      faces: expect.arrayContaining([expect.stringMatching(/Sans CJK|PingFang|YaHei|Hiragino Sans|Source Han Sans|WenQuanYi/)]),
    });
    expect({ selector, faces }).toEqual({ selector, faces: expect.not.arrayContaining([expect.stringMatching(/Kai|Ming|Song|Serif/i)]) });
  }
});

test('a visitor’s controls on the home and register pages are a finger’s size, and every article tab is in sight', async () => {
  await page.goto(`${mock()}/`);
  const tabs = page.getByRole('tab');
  await tabs.first().waitFor();
  const pager = page.getByRole('navigation', { name: '分页' }).first().getByRole('button');
  await pager.first().waitFor();
  expect(
    await tooSmall({
      打开菜单: page.getByRole('button', { name: '打开菜单' }),
      登录: page.getByRole('banner').getByRole('link', { name: '登录' }),
      注册: page.getByRole('banner').getByRole('button', { name: /注\s*册/ }),
      分页: pager.first(),
    }),
  ).toEqual([]);
  // the article tabs: each one whole, inside the visible strip, without swiping it
  const strip = (await page.locator('.ant-tabs-nav-wrap').first().boundingBox())!;
  await page.locator('.ant-tabs').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/phone_home_tabs.png' });
  const cut: string[] = [];
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    if (box.x < strip.x - 0.5 || box.x + box.width > strip.x + strip.width + 0.5) cut.push((await tab.textContent())!);
  }
  expect(cut).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // the search field's example is longer than a phone's field: it ends in an ellipsis, not cut off
  const search = page.getByRole('searchbox', { name: '搜索文章和范文' });
  expect(
    await search.evaluate((input: HTMLInputElement) => [
      input.scrollWidth > input.clientWidth || input.placeholder.length > 20,
      getComputedStyle(input).textOverflow,
    ]),
  ).toEqual([true, 'ellipsis']);

  await page.goto(`${mock()}/user/register`);
  await page
    .getByRole('button', { name: /注\s*册/ })
    .last()
    .waitFor();
  await page.screenshot({ path: 'test-results/phone_register.png', fullPage: true });
  expect(
    await tooSmall({
      注册: page.getByRole('main').getByRole('button', { name: /注\s*册/ }),
      获取验证码: page.getByRole('button', { name: '获取验证码' }),
      同意用户协议: page.locator('.ant-checkbox-wrapper', { hasText: '我已阅读并同意' }),
      直接登录: page.getByRole('link', { name: '直接登录' }),
    }),
  ).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.goto(`${mock()}/user/login`);
  await page.getByRole('link', { name: '忘记密码' }).waitFor();
  await page.screenshot({ path: 'test-results/phone_login.png' });
  expect(
    await tooSmall({
      注册账号: page.getByRole('main').getByRole('link', { name: '注册账号' }),
      忘记密码: page.getByRole('link', { name: '忘记密码' }),
    }),
  ).toEqual([]);
});

test('a student’s controls on 基本信息, the payment page and the report are a finger’s size; the verification’s labels stay whole', async () => {
  await signInTo(page, mock(), '/personal/home/basic-info', MOCK_ACCOUNT);
  expect(await tooSmall({ 保存: page.getByRole('button', { name: /保\s*存/ }) })).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  const { orderId, reviewId } = await newCheck(page, '手机上的论文', PAPER);
  await page.goto(`${mock()}/pay/${orderId}`);
  await page.getByText('支付宝').click();
  await page.getByRole('link', { name: '打开支付页面' }).waitFor();
  await page.screenshot({ path: 'test-results/phone_pay.png', fullPage: true });
  expect(
    await tooSmall({
      打开支付页面: page.getByRole('link', { name: '打开支付页面' }),
      取消订单: page.getByRole('button', { name: '取消订单' }),
    }),
  ).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // the time the order closes at is read whole: its date and time are on one line
  const closingLines = await page.getByText(/前未付款/).evaluate((note) => {
    const walker = document.createTreeWalker(note, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.search(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 16);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    return 0;
  });
  expect(closingLines).toBe(1);

  await page.evaluate((id) => fetch(`/api/v1/mock/pay/${id}`), orderId);
  await page.goto(`${mock()}/personal/review/report/${reviewId}`);
  await page.getByRole('button', { name: '复制' }).waitFor({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/phone_report.png' });
  // the report's cards stand edge to edge with its summary above them, not inset
  const edges = await page.locator('.ant-card').evaluateAll((cards) => [...new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left)))]);
  expect(edges).toHaveLength(1);
  expect(
    await tooSmall({
      复制: page.getByRole('button', { name: '复制' }),
      说明: page.getByRole('button', { name: /的说明$/ }).first(),
    }),
  ).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  const code = await page.evaluate(async (id) => {
    const { result } = await (await fetch('/api/v1/review?pageSize=50')).json();
    return result.list.find((r: { id: string }) => r.id === id).verificationCode as string;
  }, reviewId);
  await page.goto(`${mock()}/review/home`);
  await page.getByLabel('报告验证码').fill(code);
  await page.getByLabel('报告验证码').press('Enter');
  await page.getByText('报告真实有效').waitFor();
  await page.getByText('报告真实有效').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/phone_verify.png' });
  // a label on two lines is two boxes of text
  const lines = await page.locator('.ant-descriptions-item-label').evaluateAll((labels) =>
    labels.map((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return `${label.textContent} ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`;
    }),
  );
  expect(lines).toEqual(['论文题目 1', '检测系统 1', '检测时间 1', '字数 1', '总相似度 1']);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

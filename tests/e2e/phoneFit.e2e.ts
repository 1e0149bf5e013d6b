/**
 * What a student sees on a 375 px phone, against the Umi mock server: Chinese text in a sans face
 * (never the calligraphic Kai a Linux desktop may have). Screenshots in test-results/.
 */
import type { Page } from 'playwright-core';
import { usePagePerTest, VIEWPORTS } from './browser';

const mock = () => process.env.E2E_MOCK_URL!;

const currentPage = usePagePerTest();
let page: Page;
beforeEach(async () => {
  page = currentPage();
  await page.setViewportSize(VIEWPORTS.phone);
});

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

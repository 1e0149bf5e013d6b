/**
 * A plagiarism check end to end against the real server: choose a system, upload a .docx that
 * copies a passage from a library paper, see the price, pay in the sandbox, watch it finish, find
 * the copied passage marked with its source in the report, download the PDF, verify the code.
 */
import { Document, Packer, Paragraph } from 'docx';
import { readFileSync } from 'fs';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { payInSandbox, signInTo, usePagePerTest } from './browser';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const COPIED =
  '上游三个采样点的平均丰度为每千克 210 个，城镇段平均为 1340 个，入海口略有下降。纤维状微塑料在污水处理厂排口下游比例最高，推测来源于衣物洗涤；农业区附近的薄膜碎片比例较高。';
const OWN = [
  '城市内河治理中的公众参与研究',
  '摘要：本文以两个城市的内河治理项目为例，讨论公众参与的方式与效果。',
  '第一章 绪论',
  '内河治理关系到沿岸居民的日常生活。过去的治理项目多由政府部门主导，居民往往在工程开工后才得知消息，意见难以反映到方案中。',
  '第二章 调查发现',
  `在两个项目的监测报告中，研究者引用了一项河流调查的数据：${COPIED}`,
  '第三章 结论',
  '公众参与应当贯穿治理的全过程，从方案征集到效果评估都需要为居民留出表达意见的渠道。',
];

test('system → .docx → price → pay → progress → report with the copied passage → PDF → verify', async () => {
  await page.goto(`${base()}/review/home`);
  await page.getByRole('link', { name: '选择本科毕业论文检测' }).click();
  // the form needs a login
  await page.waitForURL(/\/user\/login/);
  await signInTo(page, base(), '/review/info?systemId=undergraduate', DEMO_ACCOUNT);
  await page.getByLabel('论文题目').fill('城市内河治理中的公众参与研究');
  await page.getByLabel('作者').fill('林晓');
  const word = new Document({ sections: [{ children: OWN.map((p) => new Paragraph(p)) }] });
  await page.locator('input[type="file"]').setInputFiles({
    name: '内河治理.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await Packer.toBuffer(word),
  });
  await page.getByText(/已上传：内河治理\.docx（\d+ 字）/).waitFor();
  await page.getByText('应付金额').waitFor();
  await page.locator('.ant-statistic').getByText('¥3.00').waitFor();
  await page.getByRole('button', { name: '提交并去支付' }).click();
  await page.waitForURL(/\/pay\//);

  await payInSandbox(page, base());

  // the check itself, its progress moving on by itself until the report is ready
  await page.getByRole('link', { name: '查看查重进度' }).click();
  await page.waitForURL(/\/review\/info\//);
  await page.getByText('城市内河治理中的公众参与研究').waitFor();
  await page.getByRole('heading', { name: /检测完成：总相似度/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: '查看报告' }).click();

  await page.getByRole('heading', { name: '查重报告：城市内河治理中的公众参与研究' }).waitFor();
  const source = '某河流沉积物中微塑料的分布特征与来源分析';
  await page.getByRole('link', { name: source }).waitFor();
  const passage = page.getByRole('button', { name: `相似段落，来源：${source}` });
  expect(await passage.textContent()).toBe(COPIED.slice(0, -1));
  await passage.click();
  await page.locator('[aria-live="polite"]').getByText(COPIED.slice(0, 20)).waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载 PDF 报告/ }).click()]);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const code = (await page.locator('.ant-typography-copy').locator('..').textContent())!.match(/ZN-[0-9A-F]{5}-[0-9A-F]{5}/)![0];
  await page.goto(`${base()}/review/home`);
  await page.getByLabel('报告验证码').fill(code);
  await page.getByRole('button', { name: /验\s*证/ }).click();
  await page.getByText('报告真实有效').waitFor();
  await page.getByText('城市内河治理中的公众参与研究').waitFor();
});

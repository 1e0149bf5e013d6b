import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { doneTypeset } from './typesets';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PLAIN } from '../fixtures/manuscripts';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';
import { WAIT_POLL_MS } from '@/hooks/useResult';
import { dropLater, endSessionAt, expectSentToLogin, noteLocationReplaced, noteSavedFiles, serveFile } from './stubs';
import { manuscriptTitle } from '@/features/typeset/manuscriptTitle';

afterEach(() => {
  server.reset();
  jest.restoreAllMocks();
});

const LONG = { timeout: 15_000 };

test('the templates as cards, filtered by degree and searched', async () => {
  await renderApp('/typeset/template-list');
  expect(await screen.findByText('通用本科毕业论文', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('English Thesis (APA 7)')).toBeInTheDocument();
  expect(screen.getByText('¥19.90 / 篇')).toBeInTheDocument();
  fireEvent.click(document.querySelector('.ant-segmented [title="硕士"]')!);
  await waitFor(() => expect(screen.queryByText('通用本科毕业论文')).toBeNull(), LONG);
  expect(screen.getByText('通用硕士学位论文')).toBeInTheDocument();
  fireEvent.click(document.querySelector('.ant-segmented [title="全部"]')!);
  const box = await screen.findByLabelText('搜索模板');
  fireEvent.change(box, { target: { value: '没有这种模板' } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(await screen.findByText('没有符合条件的模板，换个学历类型或关键词试试', {}, LONG)).toBeInTheDocument();
});

test('a template card’s name opens the template, as its button does', async () => {
  const { history } = await renderApp('/typeset/template-list');
  fireEvent.click(await screen.findByRole('link', { name: '通用硕士学位论文' }, LONG));
  await waitFor(() => expect(history.location.pathname).toBe('/typeset/template-detail/general-master'));
});

test('the list is asked for once per load, so a failure is told once', async () => {
  server.use({ 'GET /api/v1/typeset/template': (_req, res) => res.status(429).json({ success: false, message: '请求太频繁，请稍后再试' }) });
  await renderApp('/typeset/template-list');
  expect(await screen.findByText('模板加载失败', {}, LONG)).toBeInTheDocument();
  expect(await screen.findAllByText('请求太频繁，请稍后再试', {}, LONG)).toHaveLength(1);
  expect(server.requests.filter((r) => r.path === '/api/v1/typeset/template')).toHaveLength(1);
  expect(screen.getAllByText('请求太频繁，请稍后再试')).toHaveLength(1);
});

test('the first answer also fills the filters, and a filter asks once', async () => {
  await renderApp('/typeset/template-list');
  expect(await screen.findByText('通用本科毕业论文', {}, LONG)).toBeInTheDocument();
  const asks = () => server.requests.filter((r) => r.path === '/api/v1/typeset/template');
  expect(asks()).toHaveLength(1);
  expect(document.querySelector('.ant-segmented [title="硕士"]')).not.toBeNull();
  fireEvent.click(document.querySelector('.ant-segmented [title="硕士"]')!);
  await waitFor(() => expect(screen.queryByText('通用本科毕业论文')).toBeNull(), LONG);
  expect(asks()).toHaveLength(2);
  expect(asks()[1].query).toMatchObject({ degree: '硕士' });
});

test('a filter whose list fails to load says so, and shows no templates of the others under it', async () => {
  await renderApp('/typeset/template-list');
  expect(await screen.findByText('通用硕士学位论文', {}, LONG)).toBeInTheDocument();
  server.use({ 'GET /api/v1/typeset/template': (_req, res) => res.status(502).end() });
  fireEvent.click(document.querySelector('.ant-segmented [title="本科"]')!);
  expect(await screen.findByText('模板加载失败', {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText('通用硕士学位论文')).toBeNull();
});

test('the degree filter offers only the degrees there are templates for', async () => {
  await renderApp('/typeset/template-list');
  await screen.findByText('通用本科毕业论文', {}, LONG);
  const offered = [...document.querySelectorAll('.ant-segmented-item')].map((item) => item.textContent);
  // the library has no doctoral template: a 博士 choice could only ever show nothing
  expect(offered).toEqual(['全部', '本科', '硕士', '期刊', '英文']);
});

test('a template’s rules; a visitor is asked to log in before starting', async () => {
  await renderApp('/typeset/template-detail/general-bachelor');
  expect(await screen.findByText('排版规范', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('宋体 / Times New Roman，小四（12 pt），两端对齐，1.5 倍行距，首行缩进 2 字')).toBeInTheDocument();
  expect(screen.getByText('登录后开始排版')).toBeInTheDocument();
  // the browser tab names the template, as a detail page names what it shows
  await waitFor(() => expect(document.title).toBe('通用本科毕业论文 - 论文网一站式服务平台【智能论文】'));
});

test('a template’s sample pages are the pictures the server draws; a load that failed says so and tries again', async () => {
  let failures = 1;
  server.use({
    'GET /api/v1/typeset/template/:templateId/sample': (_req, res) => {
      if (failures-- > 0) res.status(503).json({ success: false, message: '繁忙', errorCode: 'NO_LAYOUT_ENGINE', showType: 2 });
      else res.json({ success: true, result: { pages: 3, version: 'v1', widths: [400, 800, 1200] } });
    },
  });
  await renderApp('/typeset/template-detail/general-bachelor');
  expect(await screen.findByText('样张加载失败', {}, LONG)).toBeInTheDocument();
  fireEvent.click(screen.getByText('重新加载').closest('button')!);
  const pages = await within(await screen.findByLabelText('样张', {}, LONG)).findAllByRole('img');
  expect(pages).toHaveLength(3);
  expect(pages[0].getAttribute('src')).toMatch(/^\/api\/v1\/typeset\/template\/general-bachelor\/sample\/1\.png\?w=\d+&v=v1$/);
  expect(pages[2]).toHaveAccessibleName('第 3 页（共 3 页）');
});

// the mock typesets with the server's own engine: LibreOffice lays out the pages (seconds)
const OFFICE = { timeout: 90_000 };

test('upload a manuscript → the preview pages as pictures with what to check → pay and download the .docx and the PDF', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([PLAIN], '初稿.txt', { type: 'text/plain' })] },
  });
  expect(await screen.findByText('已选择：初稿.txt')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('论文题目'), { target: { value: '县域中学课后服务研究' } });
  fireEvent.change(screen.getByLabelText('作者'), { target: { value: '林晓' } });
  fireEvent.click(screen.getByText('上传并排版').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/typeset\/preview\//), OFFICE);
  expect(await screen.findByText('排版预览：县域中学课后服务研究', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText(/预览带水印，只能查看不能复制/)).toBeInTheDocument();
  const typesetId = history.location.pathname.split('/').pop()!;
  const pages = within(screen.getByLabelText('排版预览')).getAllByRole('img');
  expect(pages.length).toBeGreaterThan(4);
  expect(pages[0]).toHaveAttribute('src', `/api/v1/typeset/${typesetId}/preview/1.png`);
  expect(pages[0]).toHaveAccessibleName(`第 1 页（共 ${pages.length} 页）`);

  fireEvent.click(screen.getByText(/付款并下载/).closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  expect(await screen.findByText('通用本科毕业论文 · 县域中学课后服务研究', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('¥19.90')).toBeInTheDocument();
  const orderId = history.location.pathname.split('/').pop()!;
  await act(() => axios.get(`/api/v1/mock/pay/${orderId}`, { adapter: server.adapter }));
  expect(await screen.findByText('支付成功', {}, LONG)).toBeInTheDocument();
  fireEvent.click(screen.getByText('查看排版结果'));
  await waitFor(() => expect(history.location.pathname).toBe(`/typeset/preview/${typesetId}`), LONG);
  const saved = noteSavedFiles('blob:file');
  fireEvent.click((await screen.findByText('下载 Word 文档', {}, LONG)).closest('button')!);
  await waitFor(() => expect(saved).toEqual([{ href: 'blob:file', download: '县域中学课后服务研究.docx' }]), LONG);
  fireEvent.click(screen.getByText('下载 PDF').closest('button')!);
  await waitFor(() => expect(saved).toHaveLength(2), LONG);
  expect(saved[1].download).toBe('县域中学课后服务研究.pdf');
  expect(history.location.pathname).toBe(`/typeset/preview/${typesetId}`);
}, 180_000);

test('a journal article’s form asks only for what its first page shows: no 学号, 专业, 指导教师 or 日期', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/journal-gbt7714');
  await screen.findByText('上传并排版', {}, LONG);
  expect(screen.getByLabelText('论文题目')).toBeInTheDocument();
  expect(screen.getByLabelText('作者')).toHaveValue('林晓');
  expect(screen.getByLabelText('学校')).toHaveValue('示例大学');
  for (const label of ['学号', '专业', '指导教师', '日期']) expect(screen.queryByLabelText(label)).toBeNull();
});

test('the start form is prefilled from 基本信息 and the manuscript’s title, its required fields marked', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  // the demo account's 基本信息
  expect(screen.getByLabelText('作者')).toHaveValue('林晓');
  expect(screen.getByLabelText('学校')).toHaveValue('示例大学');
  expect(screen.getByLabelText('专业')).toHaveValue('计算机科学与技术');
  expect(screen.getByText('论文题目').closest('label')).toHaveClass('ant-form-item-required');
  expect(screen.getByText('作者').closest('label')).toHaveClass('ant-form-item-required');
  // each field says at once when it is longer than the server takes (a longer 学号 or 日期 was
  // refused after upload), keeping what was typed or pasted rather than cutting it short
  for (const [label, most, said] of [
    ['论文题目', 200, '请填写论文题目（200 字以内）'],
    ['作者', 60, '请填写作者姓名（60 字以内）'],
    ['学号', 40, '学号请在 40 字以内'],
    ['学校', 80, '学校名称请在 80 字以内'],
    ['指导教师', 60, '导师姓名请在 60 字以内'],
    ['日期', 40, '日期请在 40 字以内'],
  ] as const) {
    const field = screen.getByLabelText(label) as HTMLInputElement;
    const before = field.value;
    fireEvent.change(field, { target: { value: '字'.repeat(most + 1) } });
    expect(await screen.findByText(said, {}, LONG)).toBeInTheDocument();
    expect(field).not.toHaveAttribute('maxlength');
    fireEvent.change(field, { target: { value: before } });
    await waitFor(() => expect(screen.queryByText(said)).toBeNull(), LONG);
  }
  expect(server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/typeset'))).toHaveLength(0);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File(['# 县域中学课后服务研究\n\n摘要：本文。\n\n## 绪论\n\n正文。'], '初稿.md')] },
  });
  await waitFor(() => expect(screen.getByLabelText('论文题目')).toHaveValue('县域中学课后服务研究'), LONG);
});

test('the manuscript’s title never lands in a 论文题目 the student focused or typed in while the file was read', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  const reads = jest.spyOn(FileReader.prototype, 'readAsText');
  const title = screen.getByRole('textbox', { name: '论文题目' });
  const choose = (name: string) =>
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [new File(['# 县域中学课后服务研究\n\n正文。'], name)] },
    });
  /** Until the page has read the file and done what it does with its title. */
  const readDone = async (count: number) => {
    await waitFor(() => expect(reads.mock.contexts.slice(0, count).every((reader) => (reader as FileReader).readyState === FileReader.DONE)).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  };

  // focused while the file is read, about to type: the field is left to the student
  choose('初稿.md');
  fireEvent.focus(title);
  await readDone(1);
  expect(title).toHaveValue('');
  fireEvent.change(title, { target: { value: '县域中学课后服务研究' } });
  fireEvent.blur(title);
  expect(title).toHaveValue('县域中学课后服务研究');

  // typed in, then emptied again, while another file is read: still the student's
  choose('二稿.md');
  fireEvent.change(title, { target: { value: '' } });
  await readDone(2);
  expect(title).toHaveValue('');
});

test('a Word manuscript with a cover page prefills the title from its Title paragraph, not the school above it', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  const lines = [new Paragraph('示例大学'), new Paragraph({ text: '县域中学课后服务研究', heading: HeadingLevel.TITLE }), new Paragraph('正文。')];
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: lines }] }));
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File([new Uint8Array(docx)], '初稿.docx')] } });
  await waitFor(() => expect(screen.getByLabelText('论文题目')).toHaveValue('县域中学课后服务研究'), LONG);
});

test('a manuscript that opens with a part of the thesis leaves the title for the student, not 第一章 绪论 or 摘要', async () => {
  for (const first of ['第一章 绪论', '摘要', '目录', '1 绪论'])
    expect(await manuscriptTitle(new File([`${first}\n课后服务关系到学生的成长。`], '初稿.txt'))).toBeUndefined();
  expect(await manuscriptTitle(new File(['县域中学课后服务研究\n摘要'], '初稿.txt'))).toBe('县域中学课后服务研究');
});

test('submitting with nothing filled in says at once that the manuscript is missing too, beside each field', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  fireEvent.change(screen.getByLabelText('作者'), { target: { value: '' } });
  fireEvent.click(screen.getByText('上传并排版').closest('button')!);
  expect(await screen.findByText('请选择要排版的稿件', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('请填写论文题目')).toBeInTheDocument();
  expect(screen.getByText('请填写作者姓名')).toBeInTheDocument();
});

test('a .doc or a PDF is refused at once, with how to make a .docx of it', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File(['x'], '初稿.doc')] } });
  expect(await screen.findByText(/另存为/, {}, LONG)).toBeInTheDocument();
});

/** The start form filled in with a file `name` of `bytes`, and sent; what was scrolled into view. */
async function sendManuscript(name: string, bytes: BlobPart) {
  const scrolled: Element[] = [];
  // jsdom draws nothing and has no scrollIntoView: what would be brought into view is noted
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-master');
  await screen.findByText('上传并排版', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File([bytes], name)] } });
  fireEvent.change(screen.getByLabelText('论文题目'), { target: { value: '题目' } });
  fireEvent.change(screen.getByLabelText('作者'), { target: { value: '林晓' } });
  fireEvent.click(screen.getByText('上传并排版').closest('button')!);
  return scrolled;
}

test('a manuscript the engine cannot read is refused beside the field, said once, and the field is brought into view', async () => {
  const scrolled = await sendManuscript('坏文件.docx', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]));
  const said = await screen.findAllByText('文件已损坏，无法打开', {}, LONG);
  expect(said).toHaveLength(1);
  const row = said[0].closest('.ant-form-item')!;
  expect(row.querySelector('input[type="file"]')).not.toBeNull();
  expect(scrolled).toContain(row);
});

test('a refusal naming no field of the form is still said, above the button', async () => {
  server.use({
    'POST /api/v1/typeset': (_req, res) => res.status(422).json({ success: false, message: '请求参数有误', errors: { templateId: '这个模板已下架' } }),
  });
  await sendManuscript('稿件.txt', new TextEncoder().encode('第一章 引言\n正文。'));
  expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent('这个模板已下架');
});

test('a session that ended before the manuscript was sent goes to login and back to the template, as any 401 does (SPEC §8)', async () => {
  await signInAsDemo();
  const toLogin = noteLocationReplaced();
  await renderApp('/typeset/template-detail/general-master');
  await screen.findByText('上传并排版', {}, LONG);
  endSessionAt('POST /api/v1/typeset');
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File([PLAIN], '论文.md')] } });
  fireEvent.change(screen.getByLabelText('论文题目'), { target: { value: '题目' } });
  fireEvent.change(screen.getByLabelText('作者'), { target: { value: '林晓' } });
  fireEvent.click(screen.getByText('上传并排版').closest('button')!);
  await expectSentToLogin(toLogin, 'http://localhost/typeset/template-detail/general-master');
  toLogin.mockRestore();
});

test('the list of typesets says what to do when it is empty', async () => {
  await signInAsDemo();
  server.use({ 'GET /api/v1/typeset': (_req, res) => res.json({ success: true, result: { list: [], total: 0, current: 1, pageSize: 10 } }) });
  await renderApp('/personal/typeset/list');
  expect(await screen.findByText('还没有排版记录', {}, LONG)).toBeInTheDocument();
});

test('deleting a paid typesetting warns that the payment is not refunded and the result is gone', async () => {
  await signInAsDemo();
  const paid = doneTypeset({ id: 'ts-paid', paid: true });
  server.use({ 'GET /api/v1/typeset': (_req, res) => res.json({ success: true, result: { list: [paid], total: 1, current: 1, pageSize: 10 } }) });
  await renderApp('/personal/typeset/list');
  fireEvent.click((await screen.findAllByRole('button', { name: '删除' }, LONG))[0]);
  expect(await screen.findByText(/已付款，删除后不退款，也不能再下载或查看/, {}, LONG)).toBeInTheDocument();
});

test('a typesetting still at work leads from the list back to its progress page', async () => {
  await signInAsDemo();
  const running = doneTypeset({ id: 'ts-running', status: 'running', progress: 40 });
  server.use({ 'GET /api/v1/typeset': (_req, res) => res.json({ success: true, result: { list: [running], total: 1, current: 1, pageSize: 10 } }) });
  await renderApp('/personal/typeset/list');
  const link = await screen.findByRole('link', { name: '查看进度' }, LONG);
  expect(link).toHaveAttribute('href', '/typeset/preview/ts-running');
});

test('the server’s own font notice is shown but not counted among what the student must check', async () => {
  await signInAsDemo();
  const heading = '第 4 级标题“调查对象”按第 3 级排版';
  const fonts =
    '预览和 PDF 中的部分字体以相近的开源字体显示：宋体 → Noto Serif CJK SC。下载的 Word 文档用的是模板指定的字体，在装有这些字体的电脑上按模板显示。';
  const finished = doneTypeset({ id: 'ts-fonts', warnings: [heading, fonts] });
  server.use({ 'GET /api/v1/typeset/ts-fonts': (_req, res) => res.json({ success: true, result: finished }) });
  const first = await renderApp('/typeset/preview/ts-fonts');
  expect(await screen.findByText('有 1 处需要您核对', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText(heading)).toBeInTheDocument();
  expect(screen.getByText(fonts)).toBeInTheDocument();
  first.unmount();

  // with the notice alone there is nothing for the student to check
  server.use({ 'GET /api/v1/typeset/ts-fonts': (_req, res) => res.json({ success: true, result: { ...finished, warnings: [fonts] } }) });
  const second = await renderApp('/typeset/preview/ts-fonts');
  expect(await screen.findByText(fonts, {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText(/处需要您核对/)).toBeNull();
  second.unmount();

  // a typesetting stored before the notice's wording changed says it the earlier way: still no item to check
  const earlier = '本服务器没有模板指定的部分字体，预览和 PDF 中以开源字体代替：宋体 → Noto Serif CJK SC（下载的 Word 文档仍使用模板指定的字体）';
  server.use({ 'GET /api/v1/typeset/ts-fonts': (_req, res) => res.json({ success: true, result: { ...finished, warnings: [earlier] } }) });
  await renderApp('/typeset/preview/ts-fonts');
  expect(await screen.findByText(earlier, {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText(/处需要您核对/)).toBeNull();
});

test('a typesetting refunded in full says so, offers no download and offers paying again', async () => {
  await signInAsDemo();
  const refunded = doneTypeset({ id: 'ts-refunded', refunded: true, orderId: 'o-refunded' });
  server.use({ 'GET /api/v1/typeset/ts-refunded': (_req, res) => res.json({ success: true, result: refunded }) });
  await renderApp('/typeset/preview/ts-refunded');
  expect(await screen.findByText(/这份排版的订单已全额退款，不能再下载/, {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText(/已付款/)).toBeNull();
  expect(screen.queryByText('下载 Word 文档')).toBeNull();
  expect(screen.getByText(/重新付款并下载/).closest('button')).toHaveTextContent('¥19.90');
}, 60_000);

test('a template price changed after the preview was opened is said in the page, the button shows the new price, nothing is ordered', async () => {
  await signInAsDemo();
  let priceFen = 1990;
  const typeset = () => doneTypeset({ id: 'ts-price', priceFen });
  const said = '价格已调整：应付金额由 ¥19.90 变为 ¥24.90，请确认后重新提交';
  server.use({
    'GET /api/v1/typeset/ts-price': (_req, res) => res.json({ success: true, result: typeset() }),
    // the server's answer to an order at a price no longer asked (tests/api/quotedPrice.test.ts)
    'POST /api/v1/order': (_req, res) => res.status(409).json({ success: false, message: said, errorCode: 'PRICE_CHANGED', showType: 1 }),
  });
  await renderApp('/typeset/preview/ts-price');
  const button = () => screen.getByText(/付款并下载/).closest('button')!;
  expect(await screen.findByText(/付款并下载/, {}, LONG)).toBeInTheDocument();
  expect(button()).toHaveTextContent('¥19.90');
  priceFen = 2490; // the back office raises the template's price

  fireEvent.click(button());
  expect(await screen.findByText(said, {}, LONG)).toBeInTheDocument();
  // said once, in the page: no toast repeats it
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(screen.getAllByText(said)).toHaveLength(1);
  expect(server.requests.find((r) => r.path === '/api/v1/order')!.body).toEqual({ kind: 'typeset', itemId: 'ts-price', quotedFen: 1990 });
  await waitFor(() => expect(button()).toHaveTextContent('¥24.90'), LONG);
}, 60_000);

test('排版记录 keeps asking while a typesetting waits for its payment: one paid elsewhere turns 已支付 in place, with its download', async () => {
  await signInAsDemo();
  let paid = false;
  server.use({
    // ordered (付款并下载), its order open until paid
    'GET /api/v1/typeset': (_req, res) =>
      res.json({ success: true, result: { list: [doneTypeset({ paid, orderOpen: !paid })], total: 1, current: 1, pageSize: 10 } }),
  });
  await renderApp('/personal/typeset/list');
  const row = (await screen.findByText('县域中学课后服务研究', {}, LONG)).closest('tr, .ant-card-small') as HTMLElement;
  expect(row).toHaveTextContent('待支付');
  // paid in another tab, or by scanning the QR code on a phone: nothing happens in this window
  paid = true;
  await waitFor(() => expect(row).toHaveTextContent('已支付'), { timeout: WAIT_POLL_MS * 2 + 2_000 });
  expect(row).toBeInTheDocument();
  expect(within(row).getByText('下载 Word')).toBeInTheDocument();
}, 30_000);

test('排版记录 does not keep asking about a finished typesetting not paid for with no order open: nothing waits on a payment', async () => {
  await signInAsDemo();
  // previewed, never ordered (or its order cancelled or past its time limit); and one paid long ago
  const list = [doneTypeset({ id: 'ts-unordered' }), doneTypeset({ id: 'ts-paid', title: '早已付款的排版', paid: true, orderId: 'o-paid' })];
  server.use({ 'GET /api/v1/typeset': (_req, res) => res.json({ success: true, result: { list, total: 2, current: 1, pageSize: 10 } }) });
  await renderApp('/personal/typeset/list');
  const row = (await screen.findByText('县域中学课后服务研究', {}, LONG)).closest('tr, .ant-card-small') as HTMLElement;
  expect(row).toHaveTextContent('待支付');
  const asked = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/typeset').length;
  const before = asked();
  await act(() => new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS * 1.5)));
  expect(asked()).toBe(before);
}, 30_000);

describe('the typesetting’s downloads are fetched in place, as the report’s PDF is', () => {
  const paid = doneTypeset({ id: 'ts-paid', paid: true, orderId: 'o-paid' });
  const DOCX_ROUTE = 'GET /api/v1/typeset/:typesetId/download';
  let saved: { href: string; download: string }[];
  let replaceLocation: jest.SpyInstance;

  beforeEach(async () => {
    await signInAsDemo();
    server.use({
      'GET /api/v1/typeset/ts-paid': (_req, res) => res.json({ success: true, result: paid }),
      'GET /api/v1/typeset': (_req, res) => res.json({ success: true, result: { list: [paid], total: 1, current: 1, pageSize: 10 } }),
    });
    saved = noteSavedFiles('blob:file');
    replaceLocation = noteLocationReplaced();
  });

  const openPreview = async () => {
    const app = await renderApp('/typeset/preview/ts-paid');
    return { ...app, button: (await screen.findByText('下载 Word 文档', {}, LONG)).closest('button')! };
  };

  test('offline, 下载 Word 文档 spins, then says 网络异常 and the preview stays', async () => {
    const answer = dropLater(DOCX_ROUTE);
    const { button, history } = await openPreview();
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    act(() => answer());
    expect(await screen.findByText('网络异常', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByText('排版预览：县域中学课后服务研究')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/typeset/preview/ts-paid');
    expect(saved).toEqual([]);
  });

  test('with an ended login, 下载 PDF goes to the login page, as every call does', async () => {
    endSessionAt('GET /api/v1/typeset/:typesetId/download.pdf');
    await openPreview();
    fireEvent.click(screen.getByText('下载 PDF').closest('button')!);
    await expectSentToLogin(replaceLocation);
    expect(screen.queryByText(/"success"/)).toBeNull();
    expect(saved).toEqual([]);
  });

  test('a refusal is said in Chinese on the page, never as the API’s JSON', async () => {
    server.use({
      [DOCX_ROUTE]: (_req, res) =>
        res.status(409).json({ success: false, message: '这份排版的订单已全额退款，不能再下载；如仍需要，请重新付款', errorCode: 'REFUNDED', showType: 2 }),
    });
    fireEvent.click((await openPreview()).button);
    expect(await screen.findByText('Word 文档没有下载成功：这份排版的订单已全额退款，不能再下载；如仍需要，请重新付款', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('排版预览：县域中学课后服务研究')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  const openList = async () => {
    const app = await renderApp('/personal/typeset/list');
    return { ...app, download: (await screen.findByText('下载 Word', { selector: 'button span' }, LONG)).closest('button')! };
  };

  test('排版记录’s 下载 saves the .docx under the server’s name, staying on the list', async () => {
    serveFile(DOCX_ROUTE, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK', {
      plain: 'paper.docx',
      utf8: '县域中学课后服务研究.docx',
    });
    const { download, history } = await openList();
    fireEvent.click(download);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:file', download: '县域中学课后服务研究.docx' }]), LONG);
    expect(history.location.pathname).toBe('/personal/typeset/list');
  });

  test('offline, 排版记录’s 下载 says 网络异常 and the list stays', async () => {
    const answer = dropLater(DOCX_ROUTE);
    const { download, history } = await openList();
    fireEvent.click(download);
    await waitFor(() => expect(download).toHaveClass('ant-btn-loading'));
    act(() => answer());
    await waitFor(() => expect(screen.getByText('网络异常')).toBeInTheDocument(), LONG);
    await waitFor(() => expect(download).not.toHaveClass('ant-btn-loading'));
    expect(history.location.pathname).toBe('/personal/typeset/list');
    expect(screen.getByText('排版记录', { selector: 'h1' })).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test('with an ended login, 排版记录’s 下载 goes to the login page', async () => {
    endSessionAt(DOCX_ROUTE);
    fireEvent.click((await openList()).download);
    await expectSentToLogin(replaceLocation);
    expect(saved).toEqual([]);
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PLAIN } from '../fixtures/manuscripts';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

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

test('a template’s rules; a visitor is asked to log in before starting', async () => {
  await renderApp('/typeset/template-detail/general-bachelor');
  expect(await screen.findByText('排版规范', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('宋体 / Times New Roman，小四（12 pt），两端对齐，1.5 倍行距，首行缩进 2 字')).toBeInTheDocument();
  expect(screen.getByText('登录后开始排版')).toBeInTheDocument();
});

test('upload a manuscript → the preview with what to check → pay and download', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/typeset/template-detail/general-bachelor');
  await screen.findByText('上传并排版', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File([PLAIN], '初稿.txt', { type: 'text/plain' })] } });
  expect(await screen.findByText('已选择：初稿.txt')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('论文题目'), { target: { value: '县域中学课后服务研究' } });
  fireEvent.change(screen.getByLabelText('作者'), { target: { value: '林晓' } });
  fireEvent.click(screen.getByText('上传并排版').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/typeset\/preview\//), LONG);
  expect(await screen.findByText('排版预览：县域中学课后服务研究', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText(/预览带水印/)).toBeInTheDocument();
  const typesetId = history.location.pathname.split('/').pop()!;

  fireEvent.click(screen.getByText(/付款并下载/).closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  expect(await screen.findByText('通用本科毕业论文 · 县域中学课后服务研究', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('¥19.90')).toBeInTheDocument();
  const orderId = history.location.pathname.split('/').pop()!;
  await act(() => axios.get(`/api/v1/mock/pay/${orderId}`, { adapter: server.adapter }));
  expect(await screen.findByText('支付成功', {}, LONG)).toBeInTheDocument();
  fireEvent.click(screen.getByText('查看排版结果'));
  await waitFor(() => expect(history.location.pathname).toBe(`/typeset/preview/${typesetId}`), LONG);
  expect((await screen.findByText('下载 Word 文档', {}, LONG)).closest('a')).toHaveAttribute('href', `/api/v1/typeset/${typesetId}/download`);
});

test('a manuscript the engine cannot read is refused beside the field', async () => {
  await signInAsDemo();
  await renderApp('/typeset/template-detail/general-master');
  await screen.findByText('上传并排版', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File([new Uint8Array([0x50, 0x4b, 3, 4, 9, 9])], '坏文件.docx')] } });
  fireEvent.change(screen.getByLabelText('论文题目'), { target: { value: '题目' } });
  fireEvent.change(screen.getByLabelText('作者'), { target: { value: '林晓' } });
  fireEvent.click(screen.getByText('上传并排版').closest('button')!);
  expect(await screen.findAllByText('文件已损坏，无法打开', {}, LONG)).not.toHaveLength(0);
});

test('the list of typesets says what to do when it is empty', async () => {
  await signInAsDemo();
  server.use({ 'GET /api/v1/typeset': (_req, res) => res.json({ success: true, result: { list: [], total: 0, current: 1, pageSize: 10 } }) });
  await renderApp('/personal/typeset/list');
  expect(await screen.findByText('还没有排版记录', {}, LONG)).toBeInTheDocument();
});

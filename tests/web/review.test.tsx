import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockHandler } from '../../mock/_lib/kit';
import { forward } from '../../mock/_lib/door';
import { endSessionAt, expectSentToLogin, noteLocationReplaced } from './stubs';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';
import { WAIT_POLL_MS } from '@/hooks/useResult';
import { demoOrder } from './demoOrders';
import { MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { failure, ShowType } from '../../common/api';

afterEach(() => server.reset());

const LONG = { timeout: 15_000 };

/** The page at `path`, signed in, while the call `route` gets no answer at all. */
async function withoutAnswer(route: string, path: string) {
  await signInAsDemo();
  server.use({ [route]: (_req, res) => res.socket!.destroy() });
  return renderApp(path);
}
const OWN =
  '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况，并比较了两校在经费、课程和激励方面的差别。';
const COPIED = '塑料制品在环境中经过风化、破碎形成粒径小于 5 毫米的微塑料，可被水生生物摄食并沿食物链传递。河流既是陆地微塑料进入海洋的通道，也是其重要的汇。';
const PAPER = `${OWN}\n${COPIED}\n${OWN.replace('本文', '本章')}`;
const failing: MockHandler = (_req, res) => res.status(500).json({ success: false, message: '服务器开小差了，请稍后再试', errorCode: 'INTERNAL', showType: 0 });

/** The server's words for a refusal are on screen once, in the page: no toast says them again. */
async function expectSaidOnce(text: string) {
  // a toast would be on screen by now: the page shows the refusal after the request layer handled it
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(screen.getAllByText(text)).toHaveLength(1);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillAndSubmit(title: string) {
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.change(input('论文题目'), { target: { value: title } });
  fireEvent.change(input('作者'), { target: { value: '林晓' } });
  fireEvent.click(screen.getByText('粘贴文本'));
  fireEvent.change(await screen.findByLabelText('论文全文'), { target: { value: PAPER } });
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
}

test('the systems side by side, for visitors too; choosing one leads to the form', async () => {
  const { history } = await renderApp('/review/home');
  expect(await screen.findByText('硕博学位论文检测', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('¥3.00')).toBeInTheDocument();
  // every system reports from 13 characters (words), and the introduction says so
  expect(screen.getAllByText('连续 13 字（英文 13 词）相同即标出')).toHaveLength(3);
  expect(screen.getByText(/^三个系统面向的论文、篇幅上限和报告内容不同，都以连续 13 字相同为起点标出/)).toBeInTheDocument();
  fireEvent.click(screen.getByText('选择本科毕业论文检测'));
  // the form needs a login: a visitor is sent there first
  await waitFor(() => expect(history.location.pathname).toBe('/user/login'), LONG);
});

test('the introduction follows the systems on sale: their count and the characters each marks from', async () => {
  const own = (await axios.get('/api/v1/review/system', { adapter: server.adapter })).data.result;
  // one system taken off sale, another marking from 8 characters
  const shown = [own[0], { ...own[1], minMatch: 8 }];
  server.use({ 'GET /api/v1/review/system': (_req, res) => res.json({ success: true, result: shown }) });
  const first = await renderApp('/review/home');
  expect(
    await screen.findByText(/^两个系统面向的论文、篇幅上限和报告内容不同，标出的起点也不同（连续 8 \/ 13 字相同，见各系统），按字数计费/, {}, LONG),
  ).toBeInTheDocument();
  expect(screen.queryByText(/三个系统/)).toBeNull();
  first.unmount();

  server.use({ 'GET /api/v1/review/system': (_req, res) => res.json({ success: true, result: [own[0]] }) });
  await renderApp('/review/home');
  expect(await screen.findByText(new RegExp(`^${own[0].name}以连续 13 字相同为起点标出，按字数计费`), {}, LONG)).toBeInTheDocument();
});

test('a link to a system taken off sale opens the form on a system on sale, and says why', async () => {
  const own = (await axios.get('/api/v1/review/system', { adapter: server.adapter })).data.result;
  server.use({ 'GET /api/v1/review/system': (_req, res) => res.json({ success: true, result: own.slice(1) }) });
  await signInAsDemo();
  await renderApp(`/review/info?systemId=${own[0].id}`);
  expect(await screen.findByText('所选的检测系统已下架，请另选一个检测系统', {}, LONG)).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: new RegExp(own[1].name) })).toBeChecked();
});

test('the systems page at a system not on sale says so, and chooses none', async () => {
  const own = (await axios.get('/api/v1/review/system', { adapter: server.adapter })).data.result;
  await renderApp('/review/home/no-such-system');
  expect(await screen.findByText('所选的检测系统已下架，请另选一个检测系统', {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText('已选择')).toBeNull();
  expect(screen.getByRole('heading', { name: own[0].name })).toBeInTheDocument();
});

test('the systems page at a system on sale chooses it, without a notice', async () => {
  const own = (await axios.get('/api/v1/review/system', { adapter: server.adapter })).data.result;
  await renderApp(`/review/home/${own[1].id}`);
  expect(await screen.findByText('已选择', {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText('所选的检测系统已下架，请另选一个检测系统')).toBeNull();
});

test('the notice of a system taken off sale goes once the student picks a system on sale', async () => {
  const own = (await axios.get('/api/v1/review/system', { adapter: server.adapter })).data.result;
  server.use({ 'GET /api/v1/review/system': (_req, res) => res.json({ success: true, result: own.slice(1) }) });
  await signInAsDemo();
  const first = await renderApp(`/review/info?systemId=${own[0].id}`);
  const notice = '所选的检测系统已下架，请另选一个检测系统';
  expect(await screen.findByText(notice, {}, LONG)).toBeInTheDocument();
  // the system on sale the form started on, taken as the student's choice
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(own[1].name) }));
  await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  first.unmount();
  // a new tab: this one keeps the form as it was left, on the system picked
  sessionStorage.clear();

  await renderApp(`/review/info?systemId=${own[0].id}`);
  expect(await screen.findByText(notice, {}, LONG)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(own[2].name) }));
  await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  expect(screen.getByRole('radio', { name: new RegExp(own[2].name) })).toBeChecked();
  // the other system on sale: still nothing to say
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(own[1].name) }));
  expect(screen.getByRole('radio', { name: new RegExp(own[1].name) })).toBeChecked();
  expect(screen.queryByText(notice)).toBeNull();
});

test('with every system off sale the page says so and where else to go, not an empty page', async () => {
  server.use({ 'GET /api/v1/review/system': (_req, res) => res.json({ success: true, result: [] }) });
  await renderApp('/review/home');
  expect(await screen.findByText('查重系统暂时都已停售，请稍后再来', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('看看论文排版').closest('a')).toHaveAttribute('href', '/typeset/template-list');
});

test('a failure to load the systems says so, with a retry', async () => {
  server.use({ 'GET /api/v1/review/system': failing });
  await renderApp('/review/home');
  expect(await screen.findByText('查重系统加载失败', {}, LONG)).toBeInTheDocument();
});

test('the form shows the server’s count and price before submitting, then goes to payment', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/review/info?systemId=graduate');
  await fillAndSubmit('县域中学课后服务研究');
  expect(screen.getByText('¥5.00')).toBeInTheDocument();
  // how the price is reached, before any payment: started thousands at the system's rate
  expect(screen.getByText(/^计价：\d+ 字 → 1 个千字（不足千字按千字计）× ¥5\.00 = ¥5\.00$/)).toBeInTheDocument();
  expect(server.requests.filter((r) => r.path === '/api/v1/review/quote').pop()!.body).toMatchObject({ systemId: 'graduate', text: PAPER });
  fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  expect(await screen.findByText(/硕博学位论文检测 · 县域中学课后服务研究/, {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('¥5.00')).toBeInTheDocument();
  expect(screen.getByText(/^\d+ 字 → 1 个千字（不足千字按千字计）× ¥5\.00 = ¥5\.00$/)).toBeInTheDocument();
});

test('back from payment after submitting shows that check filled in to change, not an empty form that orders it again', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/review/info?systemId=graduate');
  await fillAndSubmit('县域中学课后服务研究');
  fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  const created = server.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/review').length;
  act(() => history.back());
  expect(await screen.findByText('修改查重信息', {}, LONG)).toBeInTheDocument();
  await waitFor(() => expect(input('论文题目').value).toBe('县域中学课后服务研究'), LONG);
  expect(screen.queryByText('填写查重信息')).toBeNull();
  expect(screen.getByText('保存并去支付')).toBeInTheDocument();
  expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/review')).toHaveLength(created);
});

/** The back office sets a system's price per thousand characters; the demo is signed in again. */
async function setPricePerThousand(systemId: string, pricePerThousandFen: number) {
  const call = (method: string, url: string, data?: object) => axios.request({ method, url, data, adapter: server.adapter });
  await call('POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD });
  const systems = (await call('GET', '/api/v1/admin/systems')).data.result.list as Array<{ id: string; minMatch: number; maxChars: number; enabled: boolean }>;
  const { minMatch, maxChars, enabled } = systems.find((s) => s.id === systemId)!;
  await call('PUT', `/api/v1/admin/systems/${systemId}`, { pricePerThousandFen, minMatch, maxChars, enabled });
  await signInAsDemo();
}

test('a price changed after the quote is said in the form with the new price; nothing is ordered until submitted again', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/review/info?systemId=graduate');
  await fillAndSubmit('县域中学课后服务研究');
  expect(screen.getByText('¥5.00')).toBeInTheDocument();
  await setPricePerThousand('graduate', 800);
  try {
    fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
    const said = '价格已调整：应付金额由 ¥5.00 变为 ¥8.00，请确认后重新提交';
    expect(await screen.findByText(said, {}, LONG)).toBeInTheDocument();
    await expectSaidOnce(said);
    expect(history.location.pathname).toBe('/review/info');
    expect(server.requests.filter((r) => r.path === '/api/v1/review' && r.method === 'POST').pop()!.body).toMatchObject({ quotedFen: 500 });
    // the new quote, and the system's new rate, before submitting again
    expect(await screen.findByText(/^计价：\d+ 字 → 1 个千字（不足千字按千字计）× ¥8\.00 = ¥8\.00$/, {}, LONG)).toBeInTheDocument();
    expect(await screen.findByText(/硕博学位论文检测 · ¥8\.00\/千字/, {}, LONG)).toBeInTheDocument();

    fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
    await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
    expect(await screen.findByText(/硕博学位论文检测 · 县域中学课后服务研究/, {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('¥8.00')).toBeInTheDocument();
  } finally {
    await setPricePerThousand('graduate', 500);
  }
});

test('a title pasted longer than the limit is kept whole and the field says it is too long, rather than cut short without a word', async () => {
  await signInAsDemo();
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  const title = '县域中学课后服务研究'.repeat(26);
  fireEvent.change(input('论文题目'), { target: { value: title } });
  // a browser cuts a paste at an input's maxlength, whatever the page says after
  expect(input('论文题目')).not.toHaveAttribute('maxlength');
  expect(input('论文题目').value).toBe(title);
  expect(await screen.findByText('请填写论文题目（200 字以内）', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText(`${title.length} / 200`)).toBeInTheDocument();
});

test('too short a paper is refused with the reason, and cannot be submitted', async () => {
  await signInAsDemo();
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.click(screen.getByText('粘贴文本'));
  fireEvent.change(await screen.findByLabelText('论文全文'), { target: { value: '只有一句话。' } });
  expect(await screen.findByText(/论文内容太少/, {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('提交并去支付').closest('button')).toBeDisabled();
});

test('a price that could not be asked for (offline a moment) has a retry, and is asked again once the browser is back online', async () => {
  await signInAsDemo();
  // the connection drops under the next quote called for, then comes back
  let drops = 1;
  server.use({ 'POST /api/v1/review/quote': (req, res) => (drops-- > 0 ? res.socket!.destroy() : forward(req, res)) });
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.click(screen.getByText('粘贴文本'));
  fireEvent.change(await screen.findByLabelText('论文全文'), { target: { value: PAPER } });
  expect(await screen.findByText('暂时无法计算价格，请稍后重试', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('提交并去支付').closest('button')).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: /^重 ?试$/ }));
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('提交并去支付').closest('button')).toBeEnabled();

  // offline again: the price comes by itself once the browser is back online
  drops = 1;
  fireEvent.change(screen.getByLabelText('论文全文'), { target: { value: `${PAPER}\n${OWN}` } });
  expect(await screen.findByText('暂时无法计算价格，请稍后重试', {}, LONG)).toBeInTheDocument();
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
});

test('the system chosen last is the form’s, though a form was kept: the paper stays; a choice in the form is kept in the address', async () => {
  await signInAsDemo();
  const first = await renderApp('/review/info?systemId=undergraduate');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.click(screen.getByText('粘贴文本'));
  fireEvent.change(await screen.findByLabelText('论文全文'), { target: { value: PAPER } });
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  first.unmount();

  // back to the systems page, and another system chosen there
  const { history } = await renderApp('/review/info?systemId=journal');
  await screen.findByText('填写查重信息', {}, LONG);
  expect(screen.getByRole('radio', { name: /期刊职称论文检测/ })).toBeChecked();
  expect((screen.getByLabelText('论文全文') as HTMLTextAreaElement).value).toBe(PAPER);
  // another in the form: the address says it, so a login on the way comes back to it
  fireEvent.click(screen.getByRole('radio', { name: /硕博学位论文检测/ }));
  await waitFor(() => expect(new URLSearchParams(history.location.search).get('systemId')).toBe('graduate'));
});

test('a form left for a login on the way (the session ended) comes back as it was, file and all; a submitted one does not', async () => {
  await signInAsDemo();
  const first = await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.change(input('论文题目'), { target: { value: '县域中学课后服务研究' } });
  fireEvent.change(input('学校'), { target: { value: '北京示例大学' } });
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([PAPER], '终稿.txt', { type: 'text/plain' })] },
  });
  expect(await screen.findByText(/已上传：终稿\.txt（\d+ 字）/, {}, LONG)).toBeInTheDocument();
  first.unmount();

  // back from the login page, in the same tab
  const { history } = await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  expect(input('论文题目').value).toBe('县域中学课后服务研究');
  expect(input('学校').value).toBe('北京示例大学');
  expect(screen.getByText(/已上传：终稿\.txt（\d+ 字）/)).toBeInTheDocument();
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  // nothing of the submitted form is left in the tab
  const kept = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.getItem(sessionStorage.key(i)!)).join('\n');
  expect(kept).not.toContain('县域中学课后服务研究');
  expect(kept).not.toContain('北京示例大学');
  expect(kept).not.toContain('终稿');
});

test('an uploaded paper is read and counted; a file that is not a paper is refused', async () => {
  await signInAsDemo();
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(picker, { target: { files: [new File([PAPER], '我的论文.txt', { type: 'text/plain' })] } });
  expect(await screen.findByText(/已上传：我的论文\.txt（\d+ 字）/, {}, LONG)).toBeInTheDocument();
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  // the picker is a new element after each upload (so the same file can be chosen again)
  const again = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(again, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '伪装.docx')] } });
  expect(await screen.findByText('文件不是有效的 Word (.docx) 文档', {}, LONG)).toBeInTheDocument();
});

test('once a file is sent and until the server has read it, the form says it is reading the file', async () => {
  await signInAsDemo();
  // the server reads the file (a PDF takes seconds) until `answer` is called
  let answer = () => undefined as unknown;
  server.use({ 'POST /api/v1/review/paper': (req, res) => void (answer = () => forward(req, res)) });
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([PAPER], '我的论文.txt', { type: 'text/plain' })] },
  });
  expect(await screen.findByText('正在读取文件…', {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText('上传或粘贴论文后，这里会显示字数和价格')).toBeNull();
  expect(screen.getByText('提交并去支付').closest('button')).toBeDisabled();
  await act(async () => void (await answer()));
  expect(await screen.findByText(/已上传：我的论文\.txt（\d+ 字）/, {}, LONG)).toBeInTheDocument();
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText('正在读取文件…')).toBeNull();
});

test('a file sent while the last one is still being read (a reload meanwhile) waits, and is sent again by itself', async () => {
  await signInAsDemo();
  // the account's previous file is still read for the first two sendings (429 FILE_BEING_READ, one file at a time)
  let busy = 2;
  const said = '上一个文件还在读取中，请等它读完再上传';
  server.use({
    'POST /api/v1/review/paper': (req, res) =>
      busy-- > 0 ? res.status(429).json(failure(said, 'FILE_BEING_READ', ShowType.WARN_MESSAGE, { errors: { file: said } })) : forward(req, res),
  });
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([PAPER], '我的论文.txt', { type: 'text/plain' })] },
  });
  expect(await screen.findByText('正在等待上一个文件读完…', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('上一个文件还在读取中，读完后会自动上传这个文件，不用再选一次')).toBeInTheDocument();
  expect(screen.queryByText(said)).toBeNull();
  expect(await screen.findByText(/已上传：我的论文\.txt（\d+ 字）/, {}, { timeout: 20_000 })).toBeInTheDocument();
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  expect(server.requests.filter((r) => r.path === '/api/v1/review/paper')).toHaveLength(3);
}, 60_000);

test('a file that could not be sent (no answer) can be sent again with 重试', async () => {
  await signInAsDemo();
  let drops = 1;
  server.use({ 'POST /api/v1/review/paper': (req, res) => (drops-- > 0 ? res.socket!.destroy() : forward(req, res)) });
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([PAPER], '我的论文.txt', { type: 'text/plain' })] },
  });
  expect(await screen.findByText('上传失败，请检查网络后重试', {}, LONG)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /^重 ?试$/ }));
  expect(await screen.findByText(/已上传：我的论文\.txt（\d+ 字）/, {}, LONG)).toBeInTheDocument();
});

test('a .doc is refused at once, with how to make a .docx of it, as the typesetting form says', async () => {
  await signInAsDemo();
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File(['x'], '初稿.doc')] } });
  expect(await screen.findByText(/\.doc 或 \.wps 请先用 Word 或 WPS 打开，另存为 \.docx 再上传/, {}, LONG)).toBeInTheDocument();
  expect(server.requests.some((r) => r.path === '/api/v1/review/paper')).toBe(false);
});

test('a session that ended before the upload goes to login and back to the form, as any 401 does (SPEC §8)', async () => {
  await signInAsDemo();
  const toLogin = noteLocationReplaced();
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  endSessionAt('POST /api/v1/review/paper');
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([PAPER], '我的论文.txt', { type: 'text/plain' })] },
  });
  await expectSentToLogin(toLogin, 'http://localhost/review/info');
  toLogin.mockRestore();
});

/** A new check of PAPER titled `title`, submitted from the form and paid on the sandbox; the app is left on its payment page. */
async function orderAndPay(title: string) {
  await signInAsDemo();
  const { history } = await renderApp('/review/info?systemId=undergraduate');
  await fillAndSubmit(title);
  fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  const orderId = history.location.pathname.split('/').pop()!;
  await act(() => axios.get(`/api/v1/mock/pay/${orderId}`, { adapter: server.adapter }));
  return { history, orderId };
}

test('paid: the list shows it done, the report marks the copied passage and shows its source, the code verifies', async () => {
  const { history } = await orderAndPay('报告测试论文');
  expect(await screen.findByText('支付成功', {}, LONG)).toBeInTheDocument();

  act(() => history.push('/personal/review/list'));
  expect(await screen.findByText('报告测试论文', {}, LONG)).toBeInTheDocument();
  fireEvent.click((await screen.findAllByText('查看报告', {}, LONG))[0].closest('a')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/personal\/review\/report\//), LONG);
  expect(await screen.findByText('查重报告：报告测试论文', {}, LONG)).toBeInTheDocument();
  expect(screen.getAllByText('某河流沉积物中微塑料的分布特征与来源分析').length).toBeGreaterThan(0);
  const passage = document.querySelector<HTMLElement>('mark[role="button"]')!;
  expect(passage.textContent).toBe(COPIED.slice(0, -1));
  fireEvent.click(passage);
  expect(document.querySelector('[aria-live="polite"] p')?.textContent).toBe(COPIED.slice(0, -1));

  const code = (await axios.get('/api/v1/review?pageSize=50', { adapter: server.adapter })).data.result.list.find(
    (r: { title: string }) => r.title === '报告测试论文',
  ).verificationCode;
  act(() => history.push('/review/home'));
  const box = await screen.findByLabelText('报告验证码', {}, LONG);
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(await screen.findByText('报告真实有效', {}, LONG)).toBeInTheDocument();
  fireEvent.change(box, { target: { value: 'ZN-00000-00000' } });
  fireEvent.click(screen.getByText('验 证').closest('button')!);
  expect(await screen.findByText('没有这个验证码对应的报告，请核对后重试', {}, LONG)).toBeInTheDocument();
});

test('查看查重进度 after paying leads to that check, whose progress moves on by itself until its report is ready', async () => {
  const { orderId } = await orderAndPay('进度测试论文');
  const { itemId } = (await axios.get(`/api/v1/order/${orderId}`, { adapter: server.adapter })).data.result;
  const onward = await screen.findByRole('link', { name: '查看查重进度' }, LONG);
  expect(onward).toHaveAttribute('href', `/review/info/${itemId}`);

  // the check is seen still running first (however fast it runs here), then as the server has it
  const { result: review } = (await axios.get(`/api/v1/review/${itemId}`, { adapter: server.adapter })).data;
  let asked = 0;
  server.use({
    'GET /api/v1/review/:reviewId': (req, res) => {
      asked += 1;
      if (asked > 1) return forward(req, res);
      res.json({ success: true, result: { ...review, status: 'running', progress: 40, similarity: null } });
    },
  });
  fireEvent.click(onward);
  expect(await screen.findByText('正在检测', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('40%')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: /检测完成：总相似度/ }, LONG)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '查看报告' })).toHaveAttribute('href', `/personal/review/report/${itemId}`);
});

test('a report whose paper was deleted says what is left beside the sources, not to click marked passages there are none of', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/review/info?systemId=undergraduate');
  await fillAndSubmit('删除原文的论文');
  fireEvent.click(screen.getByText('提交并去支付').closest('button')!);
  await waitFor(() => expect(history.location.pathname).toMatch(/^\/pay\//), LONG);
  await act(() => axios.get(`/api/v1/mock/pay/${history.location.pathname.split('/').pop()}`, { adapter: server.adapter }));
  expect(await screen.findByText('支付成功', {}, LONG)).toBeInTheDocument();
  const reviewId = (await axios.get('/api/v1/review?pageSize=50', { adapter: server.adapter })).data.result.list.find(
    (r: { title: string }) => r.title === '删除原文的论文',
  ).id;
  await act(() => axios.delete(`/api/v1/review/${reviewId}/paper`, { adapter: server.adapter }));

  act(() => history.push(`/personal/review/report/${reviewId}`));
  expect(await screen.findByText('论文原文已删除', {}, LONG)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^相似段落/ })).toBeNull();
  expect(screen.queryByText(/点击(左侧|上方)标色的段落/)).toBeNull();
  const panel = screen.getByRole('heading', { name: '来源原文' }).closest('.ant-card') as HTMLElement;
  expect(panel).toHaveTextContent(/相似来源/);
});

test('the list says what to do when there is nothing yet', async () => {
  server.use({ 'GET /api/v1/review': (_req, res) => res.json({ success: true, result: { list: [], total: 0, current: 1, pageSize: 10 } }) });
  await signInAsDemo();
  await renderApp('/personal/review/list');
  expect(await screen.findByText('还没有查重记录', {}, LONG)).toBeInTheDocument();
  expect(screen.getByText('去查重')).toBeInTheDocument();
});

describe('issue 13: honest lists, filled forms', () => {
  test('a list whose load failed says so with a retry, never “还没有查重记录”', async () => {
    server.use({ 'GET /api/v1/review': failing });
    await signInAsDemo();
    await renderApp('/personal/review/list');
    expect(await screen.findByText('查重记录加载失败', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByText('还没有查重记录')).toBeNull();
    const calls = () => server.requests.filter((r) => r.path === '/api/v1/review').length;
    const before = calls();
    fireEvent.click(screen.getByText('重新加载').closest('button')!);
    await waitFor(() => expect(calls()).toBe(before + 1), LONG);
    expect(await screen.findByText('查重记录加载失败', {}, LONG)).toBeInTheDocument();
  });

  test('a list call that gets no answer shows the network notice and the failure, not the empty state', async () => {
    await withoutAnswer('GET /api/v1/review', '/personal/review/list');
    expect(await screen.findByText('网络异常', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('您的网络发生异常，无法连接服务器')).toBeInTheDocument();
    expect(await screen.findByText('查重记录加载失败', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByText('还没有查重记录')).toBeNull();
  });

  test('the check form is filled from 基本信息 and the upload, with required fields marked before submitting', async () => {
    await signInAsDemo();
    await renderApp('/review/info');
    await screen.findByText('填写查重信息', {}, LONG);
    await waitFor(() => expect(input('作者').value).toBe('林晓'), LONG);
    expect(input('学校').value).toBe('示例大学');
    expect(input('专业').value).toBe('计算机科学与技术');
    for (const label of ['论文题目', '作者']) {
      expect(document.querySelector(`label[for="${input(label).id}"]`)).toHaveClass('ant-form-item-required');
    }
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [new File([`县域中学课后服务研究\n${PAPER}`], '终稿.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(input('论文题目').value).toBe('县域中学课后服务研究'), LONG);
  });
});

describe('issue 27: a records list that keeps up', () => {
  const submitCheck = (title: string) =>
    axios.post('/api/v1/review', { systemId: 'graduate', title, author: '林晓', text: PAPER }, { adapter: server.adapter });

  test('查重记录 fetches again when shown again (back to the tab or window), with the new check', async () => {
    await signInAsDemo();
    await submitCheck('先交的论文');
    await renderApp('/personal/review/list');
    expect(await screen.findByText('先交的论文', {}, LONG)).toBeInTheDocument();
    // a check submitted elsewhere (another tab) while the list was open
    await act(() => submitCheck('后交的论文'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('后交的论文', {}, LONG)).toBeInTheDocument();
  });

  test('查重记录 keeps asking while a check waits for its payment: one paid on a phone shows without a reload or a return to the tab', async () => {
    await signInAsDemo();
    const { orderId } = (await submitCheck('手机上付款的论文')).data.result;
    await renderApp('/personal/review/list');
    const card = (await screen.findByText('手机上付款的论文', {}, LONG)).closest('.ant-card') as HTMLElement;
    expect(card).toHaveTextContent('待支付');
    // paid by scanning the QR code: nothing happens in this window
    await act(() => axios.get(`/api/v1/mock/pay/${orderId}`, { adapter: server.adapter }));
    await waitFor(() => expect(card).not.toHaveTextContent('待支付'), { timeout: WAIT_POLL_MS * 2 + 2_000 });
    // the same card, refreshed in place: the list was not emptied and drawn again
    expect(card).toBeInTheDocument();
    expect(within(card).queryByText(/付款 ¥/)).toBeNull();
  });

  test('查重记录 does not keep asking when nothing waits or runs', async () => {
    await signInAsDemo();
    const { review } = (await submitCheck('早已完成的论文')).data.result;
    const done = { ...review, status: 'done', progress: 100, orderStatus: 'paid', similarity: 0.1 };
    server.use({ 'GET /api/v1/review': (_req, res) => res.json({ success: true, result: { list: [done], total: 1, current: 1, pageSize: 10 } }) });
    await renderApp('/personal/review/list');
    expect(await screen.findByText('早已完成的论文', {}, LONG)).toBeInTheDocument();
    const asked = () => server.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/review').length;
    const before = asked();
    await act(() => new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS * 1.5)));
    expect(asked()).toBe(before);
  });

  test('on a phone, a record card says which system was used', async () => {
    await signInAsDemo();
    await submitCheck('手机上看的论文');
    await renderApp('/personal/review/list');
    const card = (await screen.findByText('手机上看的论文', {}, LONG)).closest('.ant-card')!;
    expect(card).toHaveTextContent('检测系统');
    expect(card).toHaveTextContent('硕博学位论文检测');
  });
});

test('pasted text gets a title: its first sentence, when none was typed', async () => {
  await signInAsDemo();
  await renderApp('/review/info');
  await screen.findByText('填写查重信息', {}, LONG);
  fireEvent.click(screen.getByText('粘贴文本'));
  fireEvent.change(await screen.findByLabelText('论文全文'), { target: { value: PAPER } });
  expect(await screen.findByText('应付金额', {}, LONG)).toBeInTheDocument();
  await waitFor(() => expect(input('论文题目').value).toBe('本文讨论县域中学课后服务的组织方式'), LONG);
});

describe('a report that cannot be shown yet says why, and the way on', () => {
  const alertText = () =>
    waitFor(() => {
      const alert = [...document.querySelectorAll('[role="alert"]')].find((el) => el.textContent?.includes('报告'));
      expect(alert).toBeDefined();
      return alert!;
    }, LONG);

  test('an unpaid check: not a network failure, but its payment, and the list; the reason said once', async () => {
    await signInAsDemo();
    const order = await demoOrder();
    const { history } = await renderApp(`/personal/review/report/${order.itemId}`);
    const alert = await alertText();
    expect(alert).toHaveTextContent('检测尚未完成，报告还不能查看');
    expect(alert).not.toHaveTextContent(/网络|重新加载/);
    await expectSaidOnce('检测尚未完成，报告还不能查看');
    await waitFor(() => expect(screen.getByText(/去付款 ¥36\.00/).closest('a')).toHaveAttribute('href', `/pay/${order.id}`), LONG);
    expect(screen.getByText('查看查重记录').closest('a')).toHaveAttribute('href', '/personal/review/list');
    expect(history.location.pathname).toBe(`/personal/review/report/${order.itemId}`);
  });

  test('no answer at all is still the network failure with a retry', async () => {
    await withoutAnswer('GET /api/v1/review/:reviewId/report', '/personal/review/report/r1');
    expect(await screen.findByText('查重报告加载失败', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('重新加载')).toBeInTheDocument();
  });
});

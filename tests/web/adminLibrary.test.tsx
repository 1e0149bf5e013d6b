/**
 * 文献库 and 用户详情 in the app, against the mock (which imports with the server's own importer):
 * an admin sees the library, uploads a good and a bad file and is told what became of each, and
 * opens an account's orders, checks and typesetting.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { axios, server } from './mockServer';
import { renderApp } from './renderApp';

// the whole app in jsdom, then the server's importer in the mock
jest.setTimeout(400_000);
afterEach(() => server.reset());

const signInAsAdmin = () => axios.post('/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD }, { adapter: server.adapter });

const PAPER = [
  '---',
  'title: 页面导入的校车线路研究',
  'type: 本科',
  '---',
  '山区小学的学生居住分散，校车线路往往沿着河谷绕行，单程时间超过一小时的情况并不少见。',
].join('\n');

test('an admin uploads a good paper and one with wrong metadata to 文献库 and is told what became of each; the new paper is listed', async () => {
  await signInAsAdmin();
  await renderApp('/admin/library');
  expect((await screen.findAllByText('入库时间', undefined, { timeout: 30_000 })).length).toBeGreaterThan(0);
  await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length).toBeGreaterThan(0), { timeout: 10_000 });

  fireEvent.click(screen.getByText('上传论文'));
  const dialog = (await screen.findByText('上传论文到文献库')).closest('.ant-modal') as HTMLElement;
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File([PAPER], '校车.md'), new File([['---', 'title: 类型写错的论文', 'type: 高中', '---', '正文'].join('\n')], 'bad.md')] },
  });
  const start = await within(dialog).findByText('导入 2 个文件');
  fireEvent.click(start);

  expect(await within(dialog).findByText('共 2 个文件：导入 1，跳过 0，拒绝 1', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(within(dialog).getByText('《页面导入的校车线路研究》')).toBeInTheDocument();
  expect(within(dialog).getByText('元数据中的类型（本科/硕士/博士/期刊）不正确')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByText(/^完\s?成$/));
  expect((await screen.findAllByText('页面导入的校车线路研究', undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
});

test('an admin opens an account’s detail from 用户: its checks with their states', async () => {
  await signInAsAdmin();
  await axios.post(
    '/api/v1/review',
    { systemId: 'undergraduate', title: '详情里看到的检测', author: '林晓', text: '本文讨论县域中学课后服务的组织方式。'.repeat(20) },
    { adapter: server.adapter },
  );
  await renderApp(`/admin/users?email=${encodeURIComponent(MOCK_ADMIN_EMAIL)}`);
  const row = (await screen.findByText(MOCK_ADMIN_EMAIL, undefined, { timeout: 15_000 })).closest('tr')!;
  fireEvent.click(within(row).getByText('详情'));
  const drawer = await screen.findByRole('dialog');
  expect(await within(drawer).findByText('详情里看到的检测', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(within(drawer).getByText('待付款')).toBeInTheDocument();
  expect(within(drawer).getByText(/查重（\d+）/)).toBeInTheDocument();
  expect(within(drawer).getByText('没有排版记录')).toBeInTheDocument();
});

import { fireEvent, screen, within } from '@testing-library/react';
import { server } from './mockServer';
import { doneTypeset } from './typesets';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

const LONG = { timeout: 15_000 };

/** A typesetting at work, as the API answers it (its pages not drawn). */
const typeset = doneTypeset({ id: 'ts-1', status: 'running', progress: 40 });

/** The icons a screen reader would read out by their English names (left, close-circle, eye-invisible). */
const englishIcons = (inside: HTMLElement = document.body) =>
  [...inside.querySelectorAll('[role="img"]')]
    .filter((icon) => !icon.closest('[aria-hidden="true"]'))
    .map((icon) => icon.getAttribute('aria-label') ?? '')
    .filter((name) => /^[a-z][a-z -]*$/.test(name));

test('the header, search and upload: icons beside a label are silent, the menu button has a Chinese name', async () => {
  await signInAsDemo();
  await renderApp('/');
  const menu = await screen.findByRole('button', { name: '打开菜单' }, LONG);
  expect(englishIcons(menu)).toEqual([]);
  const userMenu = await screen.findByRole('button', { name: /^用户菜单：/ }, LONG);
  expect(englishIcons(userMenu)).toEqual([]);
  const search = screen.getByRole('button', { name: '搜索' });
  expect(englishIcons(search)).toEqual([]);
});

test('the check form’s upload area reads no icon name', async () => {
  await signInAsDemo();
  await renderApp('/review/info?systemId=graduate');
  await screen.findByText('填写查重信息', {}, LONG);
  expect(englishIcons()).toEqual([]);
});

test('the password’s eye reads no icon name, and 密码 names the password field alone, shown or hidden', async () => {
  await renderApp('/user/login');
  const field = await screen.findByLabelText('密码', {}, LONG);
  expect(screen.getAllByLabelText(/密码/)).toEqual([field]);
  expect(englishIcons()).toEqual([]);
  fireEvent.click(field.parentElement!.querySelector('.ant-input-password-icon')!);
  expect(field).toHaveAttribute('type', 'text');
  expect(screen.getAllByLabelText(/密码/)).toEqual([field]);
  expect(englishIcons()).toEqual([]);
});

test('the template search’s buttons have Chinese names: 搜索, and 清除 once something is typed', async () => {
  await renderApp('/typeset/template-list');
  const box = await screen.findByRole('searchbox', { name: '搜索模板' }, LONG);
  fireEvent.change(box, { target: { value: '硕士' } });
  expect(screen.getByRole('button', { name: '清除' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '搜索' })).toBeInTheDocument();
  expect(englishIcons(box.closest('.ant-input-search') as HTMLElement)).toEqual([]);
});

test('a records list’s pager arrows are named by the pager’s labels, not left and right', async () => {
  await signInAsDemo();
  server.use({
    'GET /api/v1/typeset': (req, res) =>
      res.json({
        success: true,
        result: { list: [{ ...typeset, id: `ts${req.query.current}` }], total: 23, current: Number(req.query.current), pageSize: 10 },
      }),
  });
  await renderApp('/personal/typeset/list');
  const heading = await screen.findByText('排版记录', { selector: 'h1' }, LONG);
  const card = within(heading.closest('.ant-card') as HTMLElement);
  expect(await card.findByRole('button', { name: 'Next Page' }, LONG)).toBeInTheDocument();
  expect(card.getByRole('button', { name: 'Previous Page' })).toBeInTheDocument();
  expect(englishIcons(heading.closest('.ant-card') as HTMLElement)).toEqual([]);
});

test('a paid typesetting’s download buttons are named by their words alone', async () => {
  await signInAsDemo();
  const paid = { ...typeset, id: 'ts-paid', status: 'done', progress: 100, paid: true, pdf: true, orderId: 'o-paid' };
  server.use({ 'GET /api/v1/typeset/ts-paid': (_req, res) => res.json({ success: true, result: paid }) });
  await renderApp('/typeset/preview/ts-paid');
  expect(await screen.findByRole('button', { name: '下载 Word 文档' }, LONG)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '下载 PDF' })).toBeInTheDocument();
});

/**
 * The back office's gate in the app: a student at /admin sees the 403 page and no 运营后台 in her
 * menu; a visitor is sent to login; staff get the console with what their role may open.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

const signInAsAdmin = () => axios.post('/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD }, { adapter: server.adapter });

/** The user menu's entries, opened as a user does. */
async function userMenuEntries(nickname: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: nickname }, { timeout: 10_000 }));
  await screen.findByText('个人中心');
  return [...document.querySelectorAll('.ant-dropdown-menu-title-content')].map((item) => item.textContent);
}

test('a student opening /admin sees the 403 page with a way home, and no back office in her menu', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/admin/orders');
  expect(await screen.findByRole('heading', { name: '403' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/运营后台只对运营人员开放/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  expect(history.location.pathname).toBe('/admin/orders');

  history.push('/');
  expect(await userMenuEntries(/用户菜单/)).not.toContain('运营后台');
});

test('a visitor opening /admin is sent to the login page', async () => {
  const { history } = await renderApp('/admin');
  await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
  expect(new URLSearchParams(history.location.search).get('redirect')).toBe('http://localhost/admin');
});

test('an admin finds 运营后台 in her user menu', async () => {
  await signInAsAdmin();
  await renderApp('/');
  const entry = (await userMenuEntries(/用户菜单/)).includes('运营后台');
  expect(entry).toBe(true);
  expect(screen.getByRole('link', { name: '运营后台' })).toHaveAttribute('href', '/admin');
});

test('staff land on 概览: the figures of the last 30 days in cards, the days or what is missing, and the queue', async () => {
  await signInAsAdmin();
  const { history } = await renderApp('/admin');
  await waitFor(() => expect(history.location.pathname).toBe('/admin/overview'), { timeout: 10_000 });
  // each figure a card (and a choice of the chart)
  for (const title of ['新建订单', '已付订单', '收入（扣除退款）', '等待中的任务', '失败的任务'])
    expect((await screen.findAllByText(title, undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
  // the mock has no orders yet: the chart says so instead of drawing nothing
  expect(await screen.findByText('最近 30 天还没有订单、查重或排版')).toBeInTheDocument();
  fireEvent.click(screen.getByText('最近 7 天'));
  expect(await screen.findByText('最近 7 天还没有订单、查重或排版')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '任务' })).toHaveAttribute('href', '/admin/jobs');
});

test('任务: the queue with its state filter, in the console', async () => {
  await signInAsAdmin();
  await renderApp('/admin/jobs');
  expect(await screen.findByRole('columnheader', { name: '尝试次数' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: '错误' })).toBeInTheDocument();
});

/**
 * The back office shows each role only what it may do: an operator finds no 价格与上架 (prices are
 * money: admins only), and no 停用 on a staff account or on their own.
 */
import { screen, within } from '@testing-library/react';
import { DEMO_EMAIL, MOCK_ADMIN_EMAIL } from '../../mock/_lib/users';
import { server } from './mockServer';
import { renderApp, signInAsStaff } from './renderApp';

const LONG = { timeout: 15_000 };

afterEach(() => server.reset());

test('an operator has no 价格与上架 in the menu, and its address says it is for admins', async () => {
  await signInAsStaff('operator');
  await renderApp('/admin/orders');
  const menu = await screen.findByRole('menu', {}, LONG);
  await within(menu).findByText('订单');
  expect(within(menu).queryByText('价格与上架')).toBeNull();
  expect(within(menu).queryByText('审计日志')).toBeNull();
  server.reset();

  await signInAsStaff('operator');
  await renderApp('/admin/catalogue');
  expect(await screen.findByText(/这个页面只对管理员开放/, {}, LONG)).toBeInTheDocument();
  expect(server.requests.filter((r) => r.path.startsWith('/api/v1/admin/systems'))).toEqual([]);
});

test('an admin has 价格与上架 in the menu', async () => {
  await signInAsStaff('admin');
  await renderApp('/admin/orders');
  const menu = await screen.findByRole('menu', {}, LONG);
  expect(await within(menu).findByText('价格与上架')).toBeInTheDocument();
});

/** The 用户 list's row of an e-mail, once loaded. */
const userRow = async (email: string) => (await screen.findByText(email, {}, LONG)).closest('tr') as HTMLElement;

test('an operator is offered 停用 on students only: never on a staff account or their own', async () => {
  const own = await signInAsStaff('operator');
  await renderApp('/admin/users');
  expect(within(await userRow(DEMO_EMAIL)).getByText('停用')).toBeInTheDocument();
  expect(within(await userRow(MOCK_ADMIN_EMAIL)).queryByText('停用')).toBeNull();
  const ownRow = await userRow(own);
  expect(within(ownRow).queryByText('停用')).toBeNull();
  expect(within(ownRow).getByText('详情')).toBeInTheDocument();
});

test('an admin is offered 停用 on staff accounts too, but not on her own', async () => {
  const operator = await signInAsStaff('operator');
  server.reset();
  const own = await signInAsStaff('admin');
  await renderApp('/admin/users');
  expect(within(await userRow(operator)).getByText('停用')).toBeInTheDocument();
  expect(within(await userRow(MOCK_ADMIN_EMAIL)).getByText('停用')).toBeInTheDocument();
  expect(within(await userRow(own)).queryByText('停用')).toBeNull();
});

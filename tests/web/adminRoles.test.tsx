/**
 * The back office shows each role only what it may do: an operator finds no 价格与上架 (prices are
 * money: admins only), and no 停用 on a staff account or on their own.
 */
import { screen, within } from '@testing-library/react';
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
  expect(await screen.findByText('抱歉，这个页面只对管理员开放。', {}, LONG)).toBeInTheDocument();
  expect(server.requests.filter((r) => r.path.startsWith('/api/v1/admin/systems'))).toEqual([]);
});

test('an admin has 价格与上架 in the menu', async () => {
  await signInAsStaff('admin');
  await renderApp('/admin/orders');
  const menu = await screen.findByRole('menu', {}, LONG);
  expect(await within(menu).findByText('价格与上架')).toBeInTheDocument();
});

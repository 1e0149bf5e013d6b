/** One main landmark per page, whatever layouts nest: a screen reader's “skip to main” has one place to go. */
import { screen } from '@testing-library/react';
import { MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

const LONG = { timeout: 15_000 };

afterEach(() => server.reset());

test('the personal centre (PersonalLayout inside BasicLayout) has one <main>', async () => {
  await signInAsDemo();
  await renderApp('/personal/order/list');
  await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  expect(screen.getAllByRole('main')).toHaveLength(1);
});

test('the back office (AdminLayout) has one <main>', async () => {
  await axios.post('/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD }, { adapter: server.adapter });
  await renderApp('/admin/orders');
  await screen.findByText('运营后台', {}, LONG);
  expect(screen.getAllByRole('main')).toHaveLength(1);
});

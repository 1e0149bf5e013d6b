/**
 * An account without the back office's role (an operator whose role was taken back) at /admin is
 * told that the account has no access to it and whom to ask; the browser tab says the same, not the
 * name of the page it could not open.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SITE_TITLE } from '@/constants';
import { mockApp } from '../../mock/_lib/door';
import { grantRole } from '../../server/src/cli/grantRole';
import { server } from './mockServer';
import { renderApp, signInAsStaff } from './renderApp';

const LONG = { timeout: 15_000 };

afterEach(() => server.reset());

test('an operator whose role was taken back opens /admin: the account has no back-office access, ask an admin; the tab says so', async () => {
  const email = await signInAsStaff('operator');
  const app = await mockApp();
  await grantRole(app.db, app.storage, email, 'user');
  await renderApp('/admin/orders');
  expect(await screen.findByRole('heading', { name: '无权访问运营后台' }, LONG)).toBeInTheDocument();
  expect(screen.getByText(/您的账号没有运营后台的访问权限.*请联系管理员/)).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(`无权访问运营后台 - ${SITE_TITLE}`));
});

test('an operator at an admin’s page is told it is for admins inside the back office, its menu and a way to 概览 there; the tab says so', async () => {
  await signInAsStaff('operator');
  await renderApp('/admin/catalogue');
  expect(await screen.findByRole('heading', { name: '无权访问此页面' }, LONG)).toBeInTheDocument();
  expect(screen.getByText(/这个页面只对管理员开放.*请联系管理员/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '返回概览' })).toHaveAttribute('href', '/admin');
  expect(screen.getByText('运营后台')).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(`无权访问此页面 - ${SITE_TITLE}`));
});

test('an operator whose role is taken back while the console is open is told so at the next refused call, and the tab says so', async () => {
  const email = await signInAsStaff('operator');
  const { history } = await renderApp('/admin/orders');
  await screen.findByRole('columnheader', { name: '金额' }, LONG);
  const app = await mockApp();
  await grantRole(app.db, app.storage, email, 'user');
  fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() => expect(history.location.pathname).toBe('/403'), LONG);
  expect(await screen.findByRole('heading', { name: '无权访问运营后台' }, LONG)).toBeInTheDocument();
  expect(screen.getByText(/您的账号没有运营后台的访问权限.*请联系管理员/)).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(`无权访问运营后台 - ${SITE_TITLE}`));
});

/** Renders the whole app (Umi's TestBrowser: real routes, layouts, models and request layer). */
import { render, waitFor } from '@testing-library/react';
import { createPath, type MemoryHistory } from 'history';
import { TestBrowser } from '@@/testBrowser';
import React from 'react';
import { mockApp } from '../../mock/_lib/door';
import { DEMO_EMAIL, DEMO_PASSWORD, mailedCode } from '../../mock/_lib/users';
import type { Role } from '../../common/roles';
import { grantRole } from '../../server/src/cli/grantRole';
import { axios, server } from './mockServer';

server.listen();

export async function renderApp(href: string) {
  const url = new URL(href, 'http://localhost');
  const path = `${url.pathname}${url.search}${url.hash}`;
  window.history.replaceState(null, '', path);
  const historyRef = { current: undefined as unknown as MemoryHistory };
  const view = render(
    <TestBrowser location={{ pathname: url.pathname, search: url.search, hash: url.hash }} historyRef={historyRef as React.MutableRefObject<any>} />,
  );
  await waitFor(() => expect(historyRef.current).toBeDefined());
  // the app reads window.location for redirect targets, as in a browser: keep it in step
  historyRef.current.listen(({ location }) => window.history.replaceState(null, '', createPath(location)));
  return { ...view, history: historyRef.current };
}

/** Signs the cookie jar in as the demo account, through the mock server's login call. */
export async function signInAsDemo() {
  await axios.post('/api/v1/actionLogin', { email: DEMO_EMAIL, password: DEMO_PASSWORD }, { adapter: server.adapter });
}

let staffMade = 0;
/**
 * Signs the cookie jar in as a new account of `role`, made as a real one is: registered on the
 * site, then granted its role as `npm run admin -- grant` does. Answers the account's e-mail.
 */
export async function signInAsStaff(role: Role) {
  const app = await mockApp();
  const email = `staff${++staffMade}-${role}@example.cn`;
  const password = 'Staff1234';
  const code = await mailedCode(app, email, 'register');
  const registered = await app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { email, code, password, nickname: '值班', agreement: true } });
  if (registered.json().success !== true) throw new Error(registered.body);
  await grantRole(app.db, app.storage, email, role);
  await axios.post('/api/v1/actionLogin', { email, password }, { adapter: server.adapter });
  return email;
}

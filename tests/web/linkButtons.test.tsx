/**
 * An action that goes to another page is one link styled as a button: never a button inside a
 * link (invalid HTML, and two tab stops for one action).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { demoOrder } from './demoOrders';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

const LONG = { timeout: 10_000 };
afterEach(() => server.reset());

/** The action `name` is one link to `href`, with no button inside it and no button of that name. */
function oneLink(link: HTMLElement, href: string) {
  expect(link).toHaveAttribute('href', href);
  expect(link.querySelector('button')).toBeNull();
  expect(link.closest('button')).toBeNull();
}

test('the home page’s service cards each offer one link', async () => {
  await renderApp('/');
  const start = await screen.findByRole('link', { name: '开始查重' }, LONG);
  oneLink(start, '/review/home');
  expect(screen.queryByRole('button', { name: '开始查重' })).toBeNull();
});

test('each check system’s card offers one link to choose it, and a click goes there', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/review/home');
  const choose = await screen.findByRole('link', { name: '选择本科毕业论文检测' }, LONG);
  oneLink(choose, '/review/info?systemId=undergraduate');
  expect(screen.queryByRole('button', { name: /^选择/ })).toBeNull();
  fireEvent.click(choose);
  await waitFor(() => expect(history.location.pathname).toBe('/review/info'));
});

test('each template offers one link to its page', async () => {
  await renderApp('/typeset/template-list');
  const links = await screen.findAllByRole('link', { name: '查看规范并使用' }, LONG);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) oneLink(link, expect.stringMatching(/^\/typeset\/template-detail\//) as unknown as string);
  expect(screen.queryByRole('button', { name: '查看规范并使用' })).toBeNull();
});

test('a paid order’s way on is one link', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await axios.get(`/api/v1/mock/pay/${order.id}`, { adapter: server.adapter });
  await renderApp(`/pay/${order.id}`);
  const onward = await screen.findByRole('link', { name: '查看查重进度' }, LONG);
  oneLink(onward, `/review/info/${order.itemId}`);
  expect(screen.queryByRole('button', { name: '查看查重进度' })).toBeNull();
});

/**
 * A page that cannot be shown (its script did not arrive, or it threw while rendering) fails in its
 * place: the layout around it (header, menus) stays, with 页面加载失败 and 重新加载 where the page was.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

// the order list's script never arrives, as webpack reports it when the network is gone (the app
// loads each page with React.lazy; the test build requires them at once, so the page is that lazy part)
jest.mock('@/pages/Personal/OrderList/index.tsx', () => {
  const { lazy } = jest.requireActual('react');
  const error = new Error('Loading chunk p__Personal__OrderList__index failed.');
  error.name = 'ChunkLoadError';
  return { __esModule: true, default: lazy(() => Promise.reject(error)) };
});

// these pages throw while rendering until told not to
const mockBroken = { now: true };
function mockPage(text: string) {
  return {
    __esModule: true,
    default: function Page() {
      if (mockBroken.now) throw new Error('render failed');
      return text;
    },
  };
}
jest.mock('@/pages/User/Agreement/index.tsx', () => mockPage('用户协议正文'));
jest.mock('@/pages/Exception/403/index.tsx', () => mockPage('无权访问正文'));

afterEach(() => server.reset());

const LONG = { timeout: 15_000 };

beforeEach(() => {
  // React reports each error a boundary catches on the console: expected here
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a personal page whose script fails to load shows the error in its place, inside the header and the menu', async () => {
  await signInAsDemo();
  const { history } = await renderApp('/personal/home/basic-info');
  expect(await screen.findByText('基本信息', { selector: 'h1' }, LONG)).toBeInTheDocument();
  act(() => history.push('/personal/order/list'));

  const alert = await screen.findByRole('alert', {}, LONG);
  expect(within(alert).getByText('页面加载失败')).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  // the frame is still there, and still works
  expect(screen.getByRole('navigation', { name: '个人中心菜单' })).toBeInTheDocument();
  expect(screen.getByLabelText('用户菜单：演示同学')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();

  // React keeps a lazy part that failed as failed: 重新加载 loads the address again. jsdom cannot
  // navigate and says so on the console, which is how the attempt shows here
  const reported = jest.mocked(console.error);
  reported.mockClear();
  fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
  expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('Not implemented: navigation') }));

  // another page of the menu opens as usual, without the error
  act(() => history.push('/personal/home/basic-info'));
  expect(await screen.findByText('基本信息', { selector: 'h1' }, LONG)).toBeInTheDocument();
  expect(screen.queryByText('页面加载失败')).not.toBeInTheDocument();
});

test.each([
  ['the account pages', '/user/agreement', '用户协议正文', () => screen.getByText('论文查重 · 论文排版 · 范文阅读，一站办好')],
  ['the site', '/403', '无权访问正文', () => screen.getByRole('button', { name: '打开菜单' })],
])('a page of %s that throws while rendering fails in its place too, and 重新加载 shows it again', async (_layout, address, text, frame) => {
  mockBroken.now = true;
  await renderApp(address);
  const alert = await screen.findByRole('alert', {}, LONG);
  expect(within(alert).getByText('页面加载失败')).toBeInTheDocument();
  expect(frame()).toBeInTheDocument();

  mockBroken.now = false;
  fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
  expect(await screen.findByText(text, {}, LONG)).toBeInTheDocument();
  expect(screen.queryByText('页面加载失败')).not.toBeInTheDocument();
});

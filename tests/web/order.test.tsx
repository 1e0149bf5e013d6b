import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WAIT_POLL_MS } from '@/hooks/useResult';
import type { MockHandler } from '../../mock/_lib/kit';
import serverMocks from '../../mock/server';
import { MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { demoOrder, refundedDemoOrder } from './demoOrders';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

const LONG = { timeout: 15_000 };
const failing: MockHandler = (_req, res) => res.status(500).json({ success: false, message: '服务器开小差了，请稍后再试', errorCode: 'INTERNAL', showType: 0 });
const ORDER_TITLE = '本科毕业论文检测 · 示例论文（12,000 字）';

/** The list's own card (the site's menus say 论文查重 too). */
async function orderCard() {
  // by text, then the role within the card: role queries over the whole app are slow in jsdom
  const heading = await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  return within(heading.closest('.ant-card') as HTMLElement);
}

test('订单记录 lists one’s orders: item, kind, amount, state, time; a pending one can be paid; each leads to its item', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await renderApp('/personal/order/list');
  const card = await orderCard();
  expect(await card.findByText(ORDER_TITLE, {}, LONG)).toBeInTheDocument();
  expect(card.getByText('论文查重')).toBeInTheDocument();
  expect(card.getByText('¥36.00')).toBeInTheDocument();
  expect(card.getByText('12,000 字 → 12 个千字（不足千字按千字计）× ¥3.00 = ¥36.00')).toBeInTheDocument();
  expect(card.getByText('待支付')).toBeInTheDocument();
  expect(card.getByText(order.id).parentElement).toHaveTextContent(`订单号 ${order.id}`);
  expect(card.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeInTheDocument();
  expect(card.getByRole('link', { name: '去支付' })).toHaveAttribute('href', `/pay/${order.id}`);
  expect(card.getByRole('link', { name: '查看查重' })).toHaveAttribute('href', `/review/info/${order.itemId}`);
});

test('a paid order is no longer offered for payment', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await axios.get(`/api/v1/mock/pay/${order.id}`, { adapter: server.adapter });
  const paid = (await axios.get(`/api/v1/order/${order.id}`, { adapter: server.adapter })).data.result;
  server.use({ 'GET /api/v1/order/list': (_req, res) => res.json({ success: true, result: { list: [paid], total: 1, current: 1, pageSize: 10 } }) });
  await renderApp('/personal/order/list');
  const card = await orderCard();
  expect(await card.findByText('已支付', {}, LONG)).toBeInTheDocument();
  expect(card.queryByRole('link', { name: '去支付' })).toBeNull();
  expect(card.getByRole('link', { name: '查看查重' })).toHaveAttribute('href', `/review/info/${order.itemId}`);
});

test('a refunded order says 已退款, and a partial refund 部分退款 with how much came back; neither is offered for payment', async () => {
  await signInAsDemo();
  // an order refunded in full by the back office, and the same order had back in part
  const refunded = await refundedDemoOrder();
  const partial = { ...refunded, id: `${refunded.id}-2`, refundedFen: 1000 };
  server.use({
    'GET /api/v1/order/list': (_req, res) => res.json({ success: true, result: { list: [refunded, partial], total: 2, current: 1, pageSize: 10 } }),
  });
  await renderApp('/personal/order/list');
  const card = await orderCard();
  await card.findAllByText('已退款', {}, LONG);
  expect(card.getAllByText('已退款')).toHaveLength(1);
  expect(card.getByText('部分退款')).toBeInTheDocument();
  expect(card.getByText('退 ¥10.00')).toBeInTheDocument();
  expect(card.queryByRole('link', { name: '去支付' })).toBeNull();
});

test('the back office’s 订单 shows how much of an order a partial refund gave back', async () => {
  await signInAsDemo();
  const { id } = await refundedDemoOrder();
  await axios.post('/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD }, { adapter: server.adapter });
  const full = (await axios.get(`/api/v1/admin/orders/${id}`, { adapter: server.adapter })).data.result.order;
  const partial = { ...full, id: `${id}-2`, refundedFen: 500 };
  server.use({
    'GET /api/v1/admin/orders': (_req, res) => res.json({ success: true, result: { list: [full, partial], total: 2, current: 1, pageSize: 20 } }),
  });
  await renderApp('/admin/orders');
  expect(await screen.findByText('退 ¥5.00 / 共 ¥36.00', {}, LONG)).toBeInTheDocument();
  // the partial refund never reads as a whole one; the full refund is 已退款 alone
  expect(screen.getByText('部分退款')).toBeInTheDocument();
  expect(screen.getAllByText('已退款').length).toBeGreaterThanOrEqual(1);
  expect(screen.queryByText(/退 ¥36.00/)).toBeNull();
}, 60_000);

test('no orders yet: says so and where to start', async () => {
  server.use({ 'GET /api/v1/order/list': (_req, res) => res.json({ success: true, result: { list: [], total: 0, current: 1, pageSize: 10 } }) });
  await signInAsDemo();
  await renderApp('/personal/order/list');
  const card = await orderCard();
  expect(await card.findByText('还没有订单', {}, LONG)).toBeInTheDocument();
  expect(card.getByRole('link', { name: '论文查重' })).toHaveAttribute('href', '/review/home');
  expect(card.getByRole('link', { name: '论文排版' })).toHaveAttribute('href', '/typeset/template-list');
});

test('a load that failed says so with a retry, never “还没有订单”; the retry loads the list', async () => {
  await signInAsDemo();
  await demoOrder();
  let down = true;
  const own = serverMocks['GET /api/(.*)'] as MockHandler;
  server.use({ 'GET /api/v1/order/list': (req, res) => (down ? failing(req, res) : own(req, res)) });
  await renderApp('/personal/order/list');
  const card = await orderCard();
  expect(await card.findByText('订单记录加载失败', {}, LONG)).toBeInTheDocument();
  expect(card.queryByText('还没有订单')).toBeNull();
  down = false;
  fireEvent.click(card.getByRole('button', { name: '重新加载' }));
  expect((await card.findAllByText(ORDER_TITLE, {}, LONG)).length).toBeGreaterThan(0);
  expect(card.queryByText('订单记录加载失败')).toBeNull();
  // two loads of the whole app's page, one failing: longer than one render on a busy machine
}, 60_000);

test('a list the server refuses says the refusal once, in the page: no toast repeats it', async () => {
  await signInAsDemo();
  const refusal = '请求太频繁，请稍后再试';
  server.use({ 'GET /api/v1/order/list': (_req, res) => res.status(429).json({ success: false, errorCode: 'RATE_LIMITED', message: refusal, showType: 2 }) });
  await renderApp('/personal/order/list');
  expect(await screen.findByText('订单记录无法显示', {}, LONG)).toBeInTheDocument();
  // a toast would be on screen by now
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(screen.getAllByText(refusal)).toHaveLength(1);
});

test('订单记录 keeps asking while an order waits for its payment: one paid on a phone shows in place, without a reload', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await renderApp('/personal/order/list');
  await orderCard();
  // the demo account has other orders of the same title: this one by its payment link
  await waitFor(() => expect(document.querySelector(`a[href="/pay/${order.id}"]`)).not.toBeNull(), LONG);
  const row = document.querySelector(`a[href="/pay/${order.id}"]`)!.closest('tr, .ant-card-small') as HTMLElement;
  expect(row).toHaveTextContent('待支付');
  // paid by scanning the QR code: nothing happens in this window
  await act(() => axios.get(`/api/v1/mock/pay/${order.id}`, { adapter: server.adapter }));
  await waitFor(() => expect(row).toHaveTextContent('已支付'), { timeout: WAIT_POLL_MS * 2 + 2_000 });
  // the same row, refreshed in place
  expect(row).toBeInTheDocument();
  expect(within(row).queryByRole('link', { name: '去支付' })).toBeNull();
}, 30_000);

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PaidResult } from '@/features/order/Payment';
import type { MockHandler } from '../../mock/_lib/kit';
import { demoOrder, expiredDemoOrder, refundedDemoOrder } from './demoOrders';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';
// the router Umi's Link reads its context from
import { MemoryRouter } from '@umijs/preset-umi/node_modules/react-router-dom';

afterEach(() => server.reset());

test('a pending order: item, price, countdown, 沙箱支付, QR code after choosing a channel, then success on its own', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await renderApp(`/pay/${order.id}`);
  expect(await screen.findByText('本科毕业论文检测 · 示例论文（12,000 字）', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('¥36.00')).toBeInTheDocument();
  // how the price was reached, before paying
  expect(screen.getByText('12,000 字 → 12 个千字（不足千字按千字计）× ¥3.00 = ¥36.00')).toBeInTheDocument();
  expect(screen.getByText(/\d+ 分 \d{2} 秒/)).toBeInTheDocument();
  // the number to quote to customer service, copyable
  expect(screen.getByText(order.id).closest('tr')).toHaveTextContent(`订单号${order.id}`);
  expect(screen.getByRole('button', { name: /复制/ })).toBeInTheDocument();
  expect(await screen.findByText(/沙箱支付/)).toBeInTheDocument();

  fireEvent.click(screen.getByText('支付宝'));
  expect(await screen.findByAltText('支付二维码', {}, { timeout: 10_000 })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
  // the server's sandbox page for this order
  expect(screen.getByText('打开支付页面').closest('a')).toHaveAttribute('href', expect.stringMatching(new RegExp(`/api/v1/payment/sandbox/${order.id}\\?`)));
  expect(server.requests.find((r) => r.path === `/api/v1/order/${order.id}/pay`)!.body).toEqual({ channel: 'alipay' });

  // the payer pays elsewhere; the page notices by itself
  await act(() => axios.get(`/api/v1/mock/pay/${order.id}`, { adapter: server.adapter }));
  expect(await screen.findByText('支付成功', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('查看查重进度')).toBeInTheDocument();
  // the receipt says what was paid for, and how the price was reached
  expect(screen.getByText('计价：12,000 字 → 12 个千字（不足千字按千字计）× ¥3.00 = ¥36.00')).toBeInTheDocument();
  expect(screen.getByText(order.id).parentElement).toHaveTextContent(`订单号 ${order.id}`);
});

test('an expired order says so, by the one name a closed order has, and offers to order again', async () => {
  await signInAsDemo();
  const order = await expiredDemoOrder();
  await renderApp(`/pay/${order.id}`);
  expect(await screen.findByText('订单已关闭', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/超过支付时限未付款/)).toBeInTheDocument();
  expect(screen.getByText('重新下单').closest('a')).toHaveAttribute('href', `/review/info/${order.itemId}`);
});

test('cancelling asks first, then closes the order and says when, without the old fixed 30 minutes', async () => {
  await signInAsDemo();
  await renderApp(`/pay/${(await demoOrder()).id}`);
  fireEvent.click((await screen.findByText('取消订单', {}, { timeout: 10_000 })).closest('button')!);
  // nothing is cancelled until the question is answered
  expect(await screen.findByText('确定取消这笔订单？')).toBeInTheDocument();
  expect(server.requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);
  fireEvent.click(
    screen
      .getAllByText('取消订单')
      .find((el) => el.closest('.ant-popover'))!
      .closest('button')!,
  );
  // a cancelled order is closed: the same name as an expired one, the reason beside it
  expect(await screen.findByText('订单已关闭')).toBeInTheDocument();
  expect(screen.getByText(/您已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 取消这笔订单，订单已关闭，没有扣费/)).toBeInTheDocument();
  expect(screen.queryByText(/订单已取消|订单已过期/)).toBeNull();
  expect(screen.queryByText(/30 分钟/)).toBeNull();
});

const call = (method: string, url: string, data?: object) =>
  axios.request({ method, url, data, adapter: server.adapter }).then((res: { data: { result: any } }) => res.data.result);

test('an order closed because its paper was deleted says so, not that the student cancelled it', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await call('DELETE', `/api/v1/review/${order.itemId}/paper`);
  await renderApp(`/pay/${order.id}`);
  expect(await screen.findByText('订单已关闭', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/论文已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 删除，这笔订单随之关闭，没有扣费/)).toBeInTheDocument();
  expect(screen.queryByText(/取消这笔订单/)).toBeNull();
});

test('an order replaced after the paper changed says so, and leads to the new order', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  const review = await call('GET', `/api/v1/review/${order.itemId}`);
  const changed = await call('PUT', `/api/v1/review/${order.itemId}`, {
    systemId: 'undergraduate',
    title: '示例论文（修改稿）',
    author: review.author,
    reviewId: order.itemId,
  });
  await renderApp(`/pay/${order.id}`);
  expect(await screen.findByText('订单已关闭', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/论文修改后，这笔订单已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 换成新订单，没有扣费/)).toBeInTheDocument();
  expect(screen.queryByText(/取消这笔订单/)).toBeNull();
  expect((await screen.findByText('支付新订单')).closest('a')).toHaveAttribute('href', `/pay/${changed.orderId}`);
});

test('someone else’s order goes to the 403 page', async () => {
  server.use({
    'GET /api/v1/order/:orderId': (_req, res) => res.status(403).json({ success: false, message: '这不是您的订单', errorCode: 'FORBIDDEN', showType: 2 }),
  });
  await signInAsDemo();
  const { history } = await renderApp('/pay/not-mine');
  await waitFor(() => expect(history.location.pathname).toBe('/403'), { timeout: 10_000 });
});

test('a channel that cannot be started is never shown with another channel’s code; the page says so, and a retry works', async () => {
  await signInAsDemo();
  const order = await demoOrder();
  await renderApp(`/pay/${order.id}`);
  fireEvent.click(await screen.findByText('支付宝', {}, { timeout: 10_000 }));
  expect(await screen.findByText('请用支付宝扫码，或', {}, { timeout: 10_000 })).toBeInTheDocument();
  const alipayUrl = screen.getByText('打开支付页面').closest('a')!.getAttribute('href');
  expect(alipayUrl).toMatch(/channel=alipay/);

  // the network drops: no call gets an answer
  const noAnswer: MockHandler = (_req, res) => res.socket!.destroy();
  server.use({ 'POST /api/v1/order/:orderId/pay': noAnswer, 'GET /api/v1/order/:orderId': noAnswer });
  fireEvent.click(screen.getByText('微信支付'));
  expect(await screen.findByText('微信支付没有启动成功', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/请检查网络后重试/)).toBeInTheDocument();
  // the working channel stays chosen with its own code; nothing says 微信 beside Alipay's page
  expect(screen.queryByText('请用微信扫码，或')).toBeNull();
  expect(screen.getByText('请用支付宝扫码，或')).toBeInTheDocument();
  expect(screen.getByText('打开支付页面').closest('a')).toHaveAttribute('href', alipayUrl);
  expect(screen.getByRole('radio', { name: /支付宝/ })).toBeChecked();
  expect(screen.getByRole('radio', { name: /微信支付/ })).not.toBeChecked();

  // the network is back: trying again starts WeChat Pay
  server.reset();
  await signInAsDemo();
  fireEvent.click(screen.getByText('微信支付'));
  expect(await screen.findByText('请用微信扫码，或', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('打开支付页面').closest('a')).toHaveAttribute('href', expect.stringMatching(/channel=wechat/));
  expect(screen.queryByText('微信支付没有启动成功')).toBeNull();
  expect(screen.getByRole('radio', { name: /微信支付/ })).toBeChecked();
});

test('money that reached an order after it closed, or paid it twice, is told as going back, never as nothing charged', async () => {
  await signInAsDemo();
  const closed = await call('POST', `/api/v1/order/${(await demoOrder()).id}/cancel`);
  const paid = await demoOrder();
  await call('GET', `/api/v1/mock/pay/${paid.id}`);
  const paidOrder = await call('GET', `/api/v1/order/${paid.id}`);
  // as the server answers once a gateway's page left open took a payment (tests/api/orders.test.ts)
  const answers: Record<string, object> = { [closed.id]: { ...closed, refundDue: true }, [paid.id]: { ...paidOrder, refundDue: true } };
  server.use({
    'GET /api/v1/order/list': (_req, res) => res.json({ success: true, result: { list: Object.values(answers), total: 2, current: 1, pageSize: 10 } }),
    'GET /api/v1/order/:orderId': (req, res) => res.json({ success: true, result: answers[req.params.orderId] }),
  });

  const { unmount } = await renderApp(`/pay/${closed.id}`);
  expect(await screen.findByText('订单已关闭', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText(/取消这笔订单，订单已关闭，订单关闭后仍收到一笔付款，这笔钱将原路退回。/)).toBeInTheDocument();
  expect(screen.queryByText(/没有扣费/)).toBeNull();
  unmount();

  const again = await renderApp(`/pay/${paid.id}`);
  expect(await screen.findByText('支付成功', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('收到重复付款，多付的钱将原路退回').closest('[role="alert"]')).toBeInTheDocument();
  again.unmount();

  // and the order list says it beside the state
  await renderApp('/personal/order/list');
  expect(await screen.findByText('订单关闭后仍收到一笔付款，这笔钱将原路退回', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('收到重复付款，多付的钱将原路退回')).toBeInTheDocument();
});

test('a refunded order says how much came back: part of it reads 部分退款, never 订单已退款', async () => {
  await signInAsDemo();
  const part = await refundedDemoOrder(500);
  const { unmount } = await renderApp(`/pay/${part.id}`);
  expect(await screen.findByRole('heading', { name: '部分退款' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('已退 ¥5.00')).toBeInTheDocument();
  unmount();

  const whole = await refundedDemoOrder();
  await renderApp(`/pay/${whole.id}`);
  expect(await screen.findByRole('heading', { name: '订单已退款' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('已退 ¥36.00')).toBeInTheDocument();
});

test('a finished check refunded in full leads back to 查重记录, never to its progress; one refunded in part still leads on', async () => {
  await signInAsDemo();
  const whole = await refundedDemoOrder();
  // the check ran to its end when it was paid (the mock's payment does the work before it answers)
  const review = (await axios.get(`/api/v1/review/${whole.itemId}`, { adapter: server.adapter })).data.result;
  expect(review.status).toBe('done');
  const { unmount } = await renderApp(`/pay/${whole.id}`);
  expect(await screen.findByRole('heading', { name: '订单已退款' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByText('查看查重进度')).toBeNull();
  expect(screen.getByText('返回查重记录').closest('a')).toHaveAttribute('href', '/personal/review/list');
  unmount();

  // part given back: the check stays paid for, and the way on stays
  const part = await refundedDemoOrder(500);
  await renderApp(`/pay/${part.id}`);
  expect(await screen.findByRole('heading', { name: '部分退款' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('查看查重进度')).toBeInTheDocument();
  expect(screen.queryByText('返回查重记录')).toBeNull();
});

test('a typesetting refunded in full leads back to 排版记录, not to its result', () => {
  const order = {
    id: 'o-ts',
    kind: 'typeset',
    itemId: 't1',
    title: '本科毕业论文（通用） · 示例论文',
    amountFen: 1990,
    refundedFen: 1990,
    status: 'refunded',
    closeReason: null,
    channel: 'alipay',
    price: null,
    refundDue: false,
  } as never;
  render(
    <MemoryRouter>
      <PaidResult order={order} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: '订单已退款' })).toBeInTheDocument();
  expect(screen.queryByText('查看排版结果')).toBeNull();
  expect(screen.getByText('返回排版记录').closest('a')).toHaveAttribute('href', '/personal/typeset/list');
});

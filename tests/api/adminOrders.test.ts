/**
 * The back office's orders: an operator finds a student's order by number, e-mail, status, time
 * and payment reference, and sees how the gateway told us about it.
 */
import { createTestApp, otherUser, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let student: Awaited<ReturnType<typeof otherUser>>;
let studentEmail: string;
/** A payable kind for these tests: item ids are prices in fen. */
const PRICES: Record<string, number> = { small: 1250, large: 9900 };

beforeAll(async () => {
  t = await createTestApp();
  t.app.orders.registerPayable('test', {
    async quote(itemId) {
      return { title: `测试商品 ${itemId}`, amountFen: PRICES[itemId] };
    },
    async fulfil() {},
  });
  operator = await staffUser(t, 'operator');
  student = await otherUser(t.app);
  studentEmail = (await student.get('/api/v1/user/getCurrent')).body.result.email;
});
afterAll(() => t.close());

type Order = { id: string; amountFen: number; status: string; createdAt: string; gatewayTradeNo: string | null };

async function newOrder(itemId = 'small'): Promise<Order> {
  return (await student.post('/api/v1/order', { kind: 'test', itemId })).body.result;
}

/** Pays an order as a student does: the pay call, then 支付成功 on the sandbox's page. */
async function pay(orderId: string) {
  const { payUrl } = (await student.post(`/api/v1/order/${orderId}/pay`, { channel: 'alipay' })).body.result;
  const { pathname, search } = new URL(payUrl);
  const res = await t.app.inject({ method: 'POST', url: pathname + search, payload: 'result=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.body).toContain('支付成功');
}

const search = async (query: string) => {
  const res = await operator.get(`/api/v1/admin/orders?${query}`);
  expect(res.status).toBe(200);
  return res.body.result as { list: Array<Order & { userEmail: string }>; total: number };
};
const ids = (page: { list: Order[] }) => page.list.map((order) => order.id);

test('by e-mail (however typed), order number, status and payment reference', async () => {
  const paid = await newOrder('large');
  await pay(paid.id);
  const pending = await newOrder();

  const byEmail = await search(`email=${encodeURIComponent(` ${studentEmail.toUpperCase()} `)}`);
  expect(ids(byEmail)).toEqual([pending.id, paid.id]);
  expect(byEmail.total).toBe(2);
  expect(byEmail.list[1]).toMatchObject({ userEmail: studentEmail, status: 'paid', amountFen: 9900, gateway: 'sandbox', refundDue: false });

  expect(ids(await search(`orderId=${paid.id}`))).toEqual([paid.id]);
  expect(ids(await search(`email=${encodeURIComponent(studentEmail)}&status=pending`))).toEqual([pending.id]);
  const tradeNo = (await search(`orderId=${paid.id}`)).list[0].gatewayTradeNo!;
  expect(tradeNo).toMatch(/^SBX/);
  expect(ids(await search(`tradeNo=${tradeNo}`))).toEqual([paid.id]);
  expect((await search('email=nobody%40example.cn')).total).toBe(0);
});

test('by the time it was made, paginated as a table asks', async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const before = new Date().toISOString();
  const made = [await newOrder(), await newOrder(), await newOrder()];
  const after = new Date(Date.now() + 1000).toISOString();
  const window = `createdFrom=${before}&createdTo=${after}`;
  const first = await search(`${window}&pageSize=2&current=1`);
  expect(first.total).toBe(3);
  expect(ids(first)).toEqual([made[2].id, made[1].id]);
  expect(ids(await search(`${window}&pageSize=2&current=2`))).toEqual([made[0].id]);
  expect((await search(`createdTo=${before}&email=${encodeURIComponent(studentEmail)}`)).list.every((o) => o.createdAt <= before)).toBe(true);
  expect((await operator.get('/api/v1/admin/orders?createdFrom=yesterday')).status).toBe(422);
});

test('an order in detail, with the notifications the gateway sent', async () => {
  const order = await newOrder();
  await pay(order.id);
  const res = await operator.get(`/api/v1/admin/orders/${order.id}`);
  expect(res.status).toBe(200);
  expect(res.body.result.order).toMatchObject({ id: order.id, status: 'paid', userEmail: studentEmail });
  expect(res.body.result.notifications).toEqual([
    { gateway: 'sandbox', tradeNo: res.body.result.order.gatewayTradeNo, amountFen: 1250, outcome: 'paid', createdAt: expect.any(String) },
  ]);
  expect((await operator.get('/api/v1/admin/orders/nope')).status).toBe(404);
});

test('orders whose money is owed back are found by that flag', async () => {
  const order = await newOrder();
  await student.post(`/api/v1/order/${order.id}/cancel`);
  // a payment that reaches the order after it closed
  await t.app.orders.applyPayment({ gateway: 'sandbox', tradeNo: `LATE${order.id}`, orderId: order.id, amountFen: order.amountFen });
  const due = await search('refundDue=true');
  expect(ids(due)).toEqual([order.id]);
  expect(ids(await search(`tradeNo=LATE${order.id}`))).toEqual([order.id]);
});

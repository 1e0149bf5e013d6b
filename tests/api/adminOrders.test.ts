/**
 * The back office's orders: an operator finds a student's order by number, e-mail, status, time
 * and payment reference, and sees how the gateway told us about it.
 */
import { createTestApp, otherUser, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let student: Awaited<ReturnType<typeof otherUser>>;
let studentEmail: string;
/**
 * Typesetting's payable, replaced for these tests: an item id is its size, which names its price
 * in fen, then a number making each order's item its own (an item has one open order).
 */
const PRICES: Record<string, number> = { small: 1250, large: 9900 };
let items = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.orders.registerPayable('typeset', {
    async quote(itemId) {
      return { title: `测试商品 ${itemId}`, amountFen: PRICES[itemId.split('-')[0]] };
    },
    async fulfil() {},
  });
  operator = await staffUser(t, 'operator');
  student = await otherUser(t.app);
  studentEmail = (await student.get('/api/v1/user/getCurrent')).body.result.email;
});
afterAll(() => t.close());

type Order = { id: string; amountFen: number; refundedFen: number; status: string; createdAt: string; gatewayTradeNo: string | null };

async function newOrder(size = 'small'): Promise<Order> {
  items += 1;
  return (await student.post('/api/v1/order', { kind: 'typeset', itemId: `${size}-${items}` })).body.result;
}

/** 支付成功 pressed on the sandbox's page at `payUrl`. */
async function paySandbox(payUrl: string) {
  const { pathname, search } = new URL(payUrl);
  const res = await t.app.inject({
    method: 'POST',
    url: pathname + search,
    payload: 'result=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.body).toContain('支付成功');
}

/** Pays an order as a student does: the pay call, then 支付成功 on the sandbox's page. */
async function pay(orderId: string) {
  await paySandbox((await student.post(`/api/v1/order/${orderId}/pay`, { channel: 'alipay' })).body.result.payUrl);
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

test('by part of the e-mail, as the accounts are found; LIKE wildcards taken as typed', async () => {
  const made = await newOrder();
  // the middle of the address, in capitals: the student's orders, as 用户 finds the account
  const part = await search(`email=${encodeURIComponent(studentEmail.slice(2, 9).toUpperCase())}`);
  expect(ids(part)).toContain(made.id);
  expect(part.list.every((order) => order.userEmail === studentEmail)).toBe(true);
  // % and _ match themselves only: no address holds them
  expect((await search('email=%25')).total).toBe(0);
  expect((await search(`email=${encodeURIComponent(`${studentEmail.slice(0, 5)}_`)}`)).total).toBe(0);
});

test('by the time it was made, paginated as a table asks', async () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
  await tick();
  const before = new Date().toISOString();
  // a few milliseconds apart: two made in the same millisecond have no newer one
  const made = [];
  for (let i = 0; i < 3; i += 1) {
    made.push(await newOrder());
    await tick();
  }
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

describe('refunds through the sandbox gateway', () => {
  /** The sandbox's own record of what each trade had back. */
  const sandbox = () => t.app.payments.gateways[0] as unknown as { ledger: Map<string, { tradeNo: string; amountFen: number }> };
  const refundedOnGateway = (tradeNo: string) => [...sandbox().ledger.values()].filter((e) => e.tradeNo === tradeNo).reduce((sum, e) => sum + e.amountFen, 0);
  let requestCounter = 0;
  const newRequestNo = () => `RF${Date.now()}${(requestCounter += 1)}`;

  async function paidOrder(itemId = 'large') {
    const order = await newOrder(itemId);
    await pay(order.id);
    return (await operator.get(`/api/v1/admin/orders/${order.id}`)).body.result.order as Order;
  }
  const refundsOf = async (orderId: string, action = 'order.refund') => {
    const admin = await adminClient();
    return (await admin.get(`/api/v1/admin/audit?action=${action}&targetId=${orderId}`)).body.result.list;
  };
  let admin: Awaited<ReturnType<typeof staffUser>> | undefined;
  const adminClient = async () => (admin ??= await staffUser(t, 'admin'));

  test('a full refund: paid → refunded, the money back on the gateway, one audit entry, 已退款 for the student', async () => {
    const order = await paidOrder();
    const requestNo = newRequestNo();
    const res = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo, reason: '查重系统故障，未能出具报告' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('退款成功');
    expect(res.body.result.order).toMatchObject({ status: 'refunded', refundedFen: 9900, refundedAt: expect.any(String) });
    expect(res.body.result.refunds).toEqual([
      expect.objectContaining({ requestNo, amountFen: 9900, status: 'succeeded', gateway: 'sandbox', gatewayRefundNo: expect.stringMatching(/^SBXR/) }),
    ]);
    expect(refundedOnGateway(order.gatewayTradeNo!)).toBe(9900);

    const entries = await refundsOf(order.id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: operator.email,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        before: { status: 'paid', amountFen: 9900, refundedFen: 0 },
        after: {
          status: 'refunded',
          amountFen: 9900,
          refundedFen: 9900,
          refund: { requestNo, amountFen: 9900, reason: '查重系统故障，未能出具报告', tradeNo: order.gatewayTradeNo },
        },
      }),
    ]);

    const mine = (await student.get('/api/v1/order/list?pageSize=50')).body.result.list.find((o: Order) => o.id === order.id);
    expect(mine).toMatchObject({ status: 'refunded', refundedFen: 9900 });
    // nothing left to give back
    expect((await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), reason: '再退一次' })).body.errorCode).toBe(
      'ALREADY_REFUNDED',
    );
  });

  test('partial refunds: the order keeps what it had back, and no more than was paid goes back', async () => {
    const order = await paidOrder();
    const first = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), amountFen: 2000, reason: '部分服务未完成' });
    expect(first.body.result.order).toMatchObject({ status: 'refunded', refundedFen: 2000 });
    const tooMuch = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), amountFen: 7901, reason: '超额' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amountFen).toBe('退款金额不能超过可退金额 79.00 元');
    const rest = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), amountFen: 7900, reason: '余款' });
    expect(rest.body.result.order).toMatchObject({ status: 'refunded', refundedFen: 9900 });
    expect(refundedOnGateway(order.gatewayTradeNo!)).toBe(9900);
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  test('orders refunded in part (部分退款) and in full (已退款) are found apart, as the list names them', async () => {
    const part = await paidOrder();
    await operator.post(`/api/v1/admin/orders/${part.id}/refund`, { requestNo: newRequestNo(), amountFen: 1500, reason: '部分服务未完成' });
    const whole = await paidOrder();
    await operator.post(`/api/v1/admin/orders/${whole.id}/refund`, { requestNo: newRequestNo(), reason: '查重系统故障' });
    const paid = await paidOrder();
    const mine = `email=${encodeURIComponent(studentEmail)}`;

    const parts = await search(`${mine}&refundExtent=part`);
    expect(ids(parts)).toContain(part.id);
    expect(ids(parts)).not.toContain(whole.id);
    expect(ids(parts)).not.toContain(paid.id);
    expect(parts.list.find((order) => order.id === part.id)).toMatchObject({ status: 'refunded', refundedFen: 1500, amountFen: 9900 });
    expect(parts.list.every((order) => order.status === 'refunded' && order.refundedFen < order.amountFen)).toBe(true);

    const wholes = await search(`${mine}&refundExtent=full&status=refunded`);
    expect(ids(wholes)).toContain(whole.id);
    expect(ids(wholes)).not.toContain(part.id);
    expect(wholes.list.every((order) => order.status === 'refunded' && order.refundedFen >= order.amountFen)).toBe(true);
    // the stored state alone still finds both
    expect(ids(await search(`${mine}&status=refunded`))).toEqual(expect.arrayContaining([part.id, whole.id]));
    // no order of another state is refunded in part
    expect((await search(`${mine}&status=paid&refundExtent=part`)).total).toBe(0);

    const wrong = await operator.get(`/api/v1/admin/orders?${mine}&refundExtent=half`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.refundExtent).toBe('退款情况只能是部分退款或全额退款');
  });

  test('replaying a refund refunds nothing twice', async () => {
    const order = await paidOrder();
    const body = { requestNo: newRequestNo(), amountFen: 3000, reason: '重复提交' };
    const answers = await Promise.all([1, 2, 3].map(() => operator.post(`/api/v1/admin/orders/${order.id}/refund`, body)));
    const again = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, body);
    for (const res of [...answers, again].filter((r) => r.status === 200)) expect(res.body.result.order).toMatchObject({ refundedFen: 3000 });
    expect(again.status).toBe(200);
    expect(refundedOnGateway(order.gatewayTradeNo!)).toBe(3000);
    expect(await refundsOf(order.id)).toHaveLength(1);
    // the same number for another amount is another refund: refused
    const changed = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { ...body, amountFen: 100 });
    expect(changed.body.errorCode).toBe('REFUND_CONFLICT');
  });

  test('the gateway refunded but its answer was lost: retrying refunds nothing twice', async () => {
    const order = await paidOrder();
    const gateway = t.app.payments.gateways[0];
    const real = gateway.refund;
    // the gateway does the refund, then the connection drops before its answer arrives
    gateway.refund = async (request) => {
      await real(request);
      throw new Error('socket hang up');
    };
    const body = { requestNo: newRequestNo(), reason: '服务未交付' };
    try {
      const lost = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, body);
      expect(lost.status).toBe(502);
      expect(lost.body).toMatchObject({ success: false, errorCode: 'GATEWAY_UNAVAILABLE' });
    } finally {
      gateway.refund = real;
    }
    const pending = (await operator.get(`/api/v1/admin/orders/${order.id}`)).body.result;
    expect(pending.order).toMatchObject({ status: 'paid', refundedFen: 0 });
    expect(pending.refunds).toEqual([expect.objectContaining({ requestNo: body.requestNo, status: 'pending' })]);
    expect(refundedOnGateway(order.gatewayTradeNo!)).toBe(9900);
    // another refund of the order waits for this one's outcome
    expect((await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), amountFen: 1, reason: '另一笔' })).body.errorCode).toBe(
      'REFUND_PENDING',
    );

    const retried = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, body);
    expect(retried.status).toBe(200);
    expect(retried.body.result.order).toMatchObject({ status: 'refunded', refundedFen: 9900 });
    expect(refundedOnGateway(order.gatewayTradeNo!)).toBe(9900);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  test('a payment that reached an order after it closed is given back; the order stays closed', async () => {
    const order = await newOrder();
    await student.post(`/api/v1/order/${order.id}/cancel`);
    await t.app.orders.applyPayment({ gateway: 'sandbox', tradeNo: `LATE2${order.id}`, orderId: order.id, amountFen: order.amountFen });
    const res = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), reason: '订单关闭后到账' });
    expect(res.status).toBe(200);
    expect(res.body.result.order).toMatchObject({ status: 'closed', refundedFen: 1250, refundDue: false });
    expect(res.body.result.refunds).toEqual([expect.objectContaining({ tradeNo: `LATE2${order.id}`, amountFen: 1250, status: 'succeeded' })]);
    expect(refundedOnGateway(`LATE2${order.id}`)).toBe(1250);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await search('refundDue=true')).list.map((o) => o.id)).not.toContain(order.id);
  });

  test('an order paid twice: the duplicate is given back from its own trade, the order stays paid; the service is refunded apart', async () => {
    const order = await newOrder('large');
    // paid on one channel's page; the other channel's payment, made at the same moment, still reaches the order (a gateway's race)
    await pay(order.id);
    await t.app.orders.applyPayment({ gateway: 'sandbox', tradeNo: `TWICE${order.id}`, orderId: order.id, amountFen: order.amountFen, channel: 'wechat' });
    const detail = (await operator.get(`/api/v1/admin/orders/${order.id}`)).body.result;
    expect(detail.order).toMatchObject({ status: 'paid', refundDue: true });
    const duplicate = detail.notifications.find((n: { outcome: string }) => n.outcome === 'refund_due').tradeNo as string;
    expect(duplicate).not.toBe(detail.order.gatewayTradeNo);
    expect(detail.refundable).toEqual([
      { payment: 'order', gateway: 'sandbox', tradeNo: detail.order.gatewayTradeNo, amountFen: 9900, refundedFen: 0 },
      { payment: 'due', gateway: 'sandbox', tradeNo: duplicate, amountFen: 9900, refundedFen: 0 },
    ]);
    const revenue = async () => (await operator.get('/api/v1/admin/overview')).body.result.totals.revenueFen as number;
    const revenueBefore = await revenue();

    // the duplicate, in two parts: the order stays paid and owes a refund until all of it is back
    const part = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, {
      requestNo: newRequestNo(),
      tradeNo: duplicate,
      amountFen: 4000,
      reason: '重复支付',
    });
    expect(part.status).toBe(200);
    expect(part.body.result.order).toMatchObject({ status: 'paid', refundedFen: 0, refundDue: true });
    const tooMuch = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, {
      requestNo: newRequestNo(),
      tradeNo: duplicate,
      amountFen: 5901,
      reason: '超额',
    });
    expect(tooMuch.body.errors.amountFen).toBe('退款金额不能超过可退金额 59.00 元');
    const rest = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), tradeNo: duplicate, reason: '重复支付余款' });
    expect(rest.body.result.order).toMatchObject({ status: 'paid', refundedFen: 0, refundDue: false });
    expect(rest.body.result.refundable[1]).toMatchObject({ tradeNo: duplicate, refundedFen: 9900 });
    expect(refundedOnGateway(duplicate)).toBe(9900);
    expect(refundedOnGateway(order.gatewayTradeNo ?? detail.order.gatewayTradeNo)).toBe(0);
    expect(await revenue()).toBe(revenueBefore);
    const entries = await refundsOf(order.id);
    expect(entries.map((e: { after: { status: string; refund: { tradeNo: string } } }) => [e.after.status, e.after.refund.tradeNo])).toEqual([
      ['paid', duplicate],
      ['paid', duplicate],
    ]);
    expect(
      (await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), tradeNo: duplicate, reason: '再退' })).body.errorCode,
    ).toBe('ALREADY_REFUNDED');

    // the service itself, still from the original trade
    const service = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), reason: '服务退款' });
    expect(service.body.result.order).toMatchObject({ status: 'refunded', refundedFen: 9900, refundDue: false });
    expect(refundedOnGateway(detail.order.gatewayTradeNo)).toBe(9900);
    expect(await revenue()).toBe(revenueBefore - 9900);
    // a trade that is not this order's is refused
    const foreign = await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), tradeNo: 'NOT-THIS-ONE', reason: '别的交易' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.tradeNo).toBeDefined();
  });

  test('an unpaid order is not refunded; the refund needs a reason and a request number', async () => {
    const order = await newOrder();
    expect((await operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: newRequestNo(), reason: '未支付' })).body.errorCode).toBe('NOT_PAID');
    const paid = await paidOrder();
    const bad = await operator.post(`/api/v1/admin/orders/${paid.id}/refund`, { requestNo: 'x', reason: ' ' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['reason', 'requestNo']);
    expect((await operator.post(`/api/v1/admin/orders/nope/refund`, { requestNo: newRequestNo(), reason: '无此订单' })).status).toBe(404);
    expect(refundedOnGateway(paid.gatewayTradeNo!)).toBe(0);
  });
});

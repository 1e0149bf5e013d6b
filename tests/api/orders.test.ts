import type { FastifyInstance } from 'fastify';
import { newRsaKeyPair } from '../../server/src/lib/keys';
import { fenToYuan, signParams } from '../../server/src/modules/payment/signing';
import { client, createTestApp, otherUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
const fulfilled: string[] = [];
/**
 * Typesetting's payable, replaced for these tests: an item id is its size, which names its price
 * in fen, and after a dash a number telling items of one size apart (an item has one open order).
 */
const PRICES: Record<string, number> = { small: 1250, large: 9900 };
const priceOf = (itemId: string) => PRICES[itemId.split('-')[0]];
let items = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.orders.registerPayable('typeset', {
    async quote(itemId) {
      if (!priceOf(itemId)) throw Object.assign(new Error('no such item'), { statusCode: 404 });
      return { title: `测试商品 ${itemId}`, amountFen: priceOf(itemId) };
    },
    async fulfil(order) {
      fulfilled.push(order.id);
    },
  });
});
afterAll(() => t.close());

async function signedInClient(app: FastifyInstance) {
  const browser = client(app);
  await browser.login();
  return browser;
}

/** A notification as the sandbox gateway sends it, signed with its key unless told otherwise. */
function notification(orderId: string, amountFen: number, overrides: Record<string, string> = {}, key = t.config.sandbox.privateKey) {
  const params = {
    app_id: t.config.sandbox.appId,
    out_trade_no: orderId,
    trade_no: `SBX${orderId}`,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToYuan(amountFen),
    channel: 'alipay',
    ...overrides,
  };
  return signParams(params, key);
}

async function notify(params: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/notify/sandbox',
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.body;
}

/** An order of a new item of that size. */
async function newOrder(browser: Awaited<ReturnType<typeof signedInClient>>, size = 'small') {
  items += 1;
  const res = await browser.post('/api/v1/order', { kind: 'typeset', itemId: `${size}-${items}` });
  expect(res.status).toBe(200);
  return res.body.result as { id: string; amountFen: number; status: string; expiresAt: string; createdAt: string };
}

/** Moves an order's expiry into the past, as if its 30 minutes had gone by. */
async function pastItsExpiry(orderId: string) {
  await t.app.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', orderId)
    .execute();
}

describe('creating and reading orders', () => {
  test('the amount comes from the server, whatever the client sends', async () => {
    const browser = await signedInClient(t.app);
    const res = await browser.post('/api/v1/order', { kind: 'typeset', itemId: 'large', amountFen: 1 });
    expect(res.body.result).toMatchObject({ kind: 'typeset', itemId: 'large', amountFen: 9900, status: 'pending', title: '测试商品 large' });
    expect(res.body.result.id).toMatch(/^[\w-]{20,}$/);
    expect(Date.parse(res.body.result.expiresAt) - Date.parse(res.body.result.createdAt)).toBe(30 * 60 * 1000);
  });

  test('an unknown kind is refused', async () => {
    const res = await (await signedInClient(t.app)).post('/api/v1/order', { kind: 'nothing', itemId: 'x' });
    expect(res.status).toBe(422);
  });

  test('owner reads it; another user gets 403; a visitor 401; an unknown id 404', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result.id).toBe(order.id);
    const other = await otherUser(t.app);
    const denied = await other.get(`/api/v1/order/${order.id}`);
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain(order.id);
    expect((await client(t.app).get(`/api/v1/order/${order.id}`)).status).toBe(401);
    expect((await owner.get('/api/v1/order/no-such-order')).status).toBe(404);
  });

  test('cancel closes a pending order; a closed one cannot be cancelled again', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    const res = await owner.post(`/api/v1/order/${order.id}/cancel`);
    expect(res.body.result).toMatchObject({ status: 'closed', closeReason: 'cancelled' });
    expect((await owner.post(`/api/v1/order/${order.id}/cancel`)).status).toBe(409);
  });

  test('an order past 30 minutes reads as closed (expired)', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    await pastItsExpiry(order.id);
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result).toMatchObject({ status: 'closed', closeReason: 'expired' });
  });
});

describe('the list of one’s orders', () => {
  test('only the owner’s orders, newest first, paged; an overdue one is listed closed; a visitor gets 401', async () => {
    const other = await otherUser(t.app);
    const mine: string[] = [];
    // the other user's orders are never listed
    await other.post('/api/v1/order', { kind: 'typeset', itemId: 'small' });
    for (const itemId of ['small-a', 'large-listed', 'small-b']) {
      // apart in time: the list is ordered by creation, to the millisecond
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await other.post('/api/v1/order', { kind: 'typeset', itemId });
      mine.push(res.body.result.id);
    }
    const first = await other.get('/api/v1/order/list?current=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ total: 4, current: 1, pageSize: 2 });
    expect(first.body.result.list.map((o: { id: string }) => o.id)).toEqual([mine[2], mine[1]]);
    expect(first.body.result.list[1]).toMatchObject({ kind: 'typeset', itemId: 'large-listed', amountFen: 9900, status: 'pending' });

    const owner = await signedInClient(t.app);
    const listed = (await owner.get('/api/v1/order/list?pageSize=50')).body.result.list.map((o: { id: string }) => o.id);
    for (const id of mine) expect(listed).not.toContain(id);

    await pastItsExpiry(mine[2]);
    expect((await other.get('/api/v1/order/list?pageSize=1')).body.result.list[0]).toMatchObject({ id: mine[2], status: 'closed', closeReason: 'expired' });

    expect((await client(t.app).get('/api/v1/order/list')).status).toBe(401);
    expect((await other.get('/api/v1/order/list?pageSize=500')).status).toBe(422);
  });
});

describe('payment notifications', () => {
  test('a good signature pays the order and fulfils it once', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    expect(await notify(notification(order.id, order.amountFen))).toBe('success');
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result).toMatchObject({ status: 'paid', channel: 'alipay' });
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
  });

  test('a bad signature, a wrong app id, a wrong amount or an unknown order change nothing', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    const forged = notification(order.id, order.amountFen, {}, newRsaKeyPair().privateKey);
    expect(await notify(forged)).toBe('fail');
    const tampered = { ...notification(order.id, order.amountFen), total_amount: '0.01' };
    expect(await notify(tampered)).toBe('fail');
    expect(await notify(notification(order.id, order.amountFen, { app_id: 'someone-else' }))).toBe('fail');
    expect(await notify(notification(order.id, 1))).toBe('fail');
    expect(await notify(notification('no-such-order', 100))).toBe('fail');
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result.status).toBe('pending');
    expect(fulfilled).not.toContain(order.id);
  });

  test('a replay ×10 changes nothing after the first', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    const params = notification(order.id, order.amountFen);
    for (let i = 0; i < 10; i += 1) expect(await notify(params)).toBe('success');
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect(await t.app.db.selectFrom('payment_notifications').selectAll().where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  test('10 concurrent identical notifications: one transition, one fulfilment', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    const params = notification(order.id, order.amountFen);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(params)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result.status).toBe('paid');
  });

  test('a payment for a closed order is recorded for refund, not fulfilled', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    await owner.post(`/api/v1/order/${order.id}/cancel`);
    expect(await notify(notification(order.id, order.amountFen))).toBe('success');
    const row = await t.app.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'closed', refund_due: 1 });
    expect(fulfilled).not.toContain(order.id);
    // and its owner is told: the order page must not say nothing was charged
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result).toMatchObject({ status: 'closed', refundDue: true });
    expect((await owner.get('/api/v1/order/list')).body.result.list.find((o: { id: string }) => o.id === order.id)).toMatchObject({ refundDue: true });
  });
});

describe('the sandbox gateway', () => {
  async function payUrlFor(owner: Awaited<ReturnType<typeof signedInClient>>, orderId: string, channel = 'alipay') {
    const res = await owner.post(`/api/v1/order/${orderId}/pay`, { channel });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ gateway: 'sandbox', sandbox: true });
    return new URL(res.body.result.payUrl);
  }

  test('its page shows the amount and says 沙箱支付; 支付成功 pays the order through a signed notification', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner, 'large');
    const url = await payUrlFor(owner, order.id, 'wechat');
    const pagePath = `${url.pathname}${url.search}`;
    const shown = await t.app.inject({ method: 'GET', url: pagePath });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('沙箱支付');
    expect(shown.body).toContain('¥99.00');
    expect(shown.body).toContain('微信支付');

    const failed = await t.app.inject({
      method: 'POST',
      url: pagePath,
      payload: 'result=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(failed.body).toContain('支付失败');
    // the result is no dead end (on a phone the gateway opened in a tab of its own): a way back to the order's page
    expect(failed.body).toMatch(new RegExp(`<a class="back" href="/pay/${order.id}">返回订单页</a>`));
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result.status).toBe('pending');

    const paid = await t.app.inject({ method: 'POST', url: pagePath, payload: 'result=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(paid.body).toContain('支付成功');
    expect(paid.body).toMatch(new RegExp(`<a class="back" href="/pay/${order.id}">返回订单页</a>`));
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result).toMatchObject({ status: 'paid', channel: 'wechat' });
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);

    const again = await t.app.inject({ method: 'GET', url: pagePath });
    expect(again.body).toContain('已支付');
    expect(again.body).toContain(`href="/pay/${order.id}"`);
  });

  test('a page opened before the order closed, or before the other channel paid it, takes no money', async () => {
    const owner = await signedInClient(t.app);
    const pressPay = (url: URL) =>
      t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        payload: 'result=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const paymentsOf = async (orderId: string) =>
      (await t.app.db.selectFrom('payment_notifications').select('outcome').where('order_id', '=', orderId).execute()).length;

    // opened, then the order cancelled in the app: 支付成功 on the old page
    const cancelled = await newOrder(owner);
    const cancelledPage = await payUrlFor(owner, cancelled.id);
    await owner.post(`/api/v1/order/${cancelled.id}/cancel`);
    const late = await pressPay(cancelledPage);
    expect(late.body).toContain('没有扣款');
    expect(late.body).toContain('这笔订单已关闭，无需再付款');
    expect(await paymentsOf(cancelled.id)).toBe(0);
    expect((await owner.get(`/api/v1/order/${cancelled.id}`)).body.result).toMatchObject({ status: 'closed', refundDue: false });

    // both channels' pages opened, one paid: the other takes nothing
    const order = await newOrder(owner);
    const alipayPage = await payUrlFor(owner, order.id, 'alipay');
    const wechatPage = await payUrlFor(owner, order.id, 'wechat');
    expect((await pressPay(wechatPage)).body).toContain('支付成功');
    const second = await pressPay(alipayPage);
    expect(second.body).toContain('这笔订单已支付，无需再付款');
    expect(await paymentsOf(order.id)).toBe(1);
    expect((await owner.get(`/api/v1/order/${order.id}`)).body.result).toMatchObject({ status: 'paid', channel: 'wechat', refundDue: false });
  });

  test('a page address for another order, or with a forged token, is refused', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    const url = await payUrlFor(owner, order.id);
    const other = await newOrder(owner);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payment/sandbox/${other.id}${url.search}` });
    expect(res.statusCode).toBe(404);
    // not this order's page (the link may be forged): the list of the payer's own orders
    expect(res.body).toContain('<a class="back" href="/personal/order/list">查看我的订单</a>');
  });

  test('only the owner may start paying, and only a pending order', async () => {
    const owner = await signedInClient(t.app);
    const order = await newOrder(owner);
    expect((await (await otherUser(t.app)).post(`/api/v1/order/${order.id}/pay`, { channel: 'alipay' })).status).toBe(403);
    expect((await client(t.app).post(`/api/v1/order/${order.id}/pay`, { channel: 'alipay' })).status).toBe(401);
    expect((await owner.post(`/api/v1/order/${order.id}/pay`, { channel: 'cash' })).status).toBe(422);
    await owner.post(`/api/v1/order/${order.id}/cancel`);
    const closed = await owner.post(`/api/v1/order/${order.id}/pay`, { channel: 'alipay' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('订单已关闭，请重新下单');
  });
});

test('the expiry sweep closes every overdue pending order', async () => {
  const owner = await signedInClient(t.app);
  const order = await newOrder(owner);
  await pastItsExpiry(order.id);
  expect(await t.app.orders.expireOverdue()).toBeGreaterThanOrEqual(1);
  const row = await t.app.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'closed', close_reason: 'expired' });
});

/**
 * One item, paid once: ordering it again (even twice at once) answers its open order, a paid item
 * is not ordered again, a payment reaching another order of a paid item is kept for refund, and an
 * order whose item was deleted or replaced closes with its own reason.
 */
import { FIELDS } from '../fixtures/manuscripts';
import { PASTED_PAPER } from '../fixtures/pastedPaper';
import { multipart, payAsGateway, useSignedInApp } from './testApp';

const signedIn = useSignedInApp();

const REVIEW_FORM = { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text: PASTED_PAPER };

async function newReview() {
  const res = await signedIn.me().post('/api/v1/review', REVIEW_FORM);
  expect(res.status).toBe(200);
  return res.body.result as { review: { id: string }; orderId: string };
}

const orderOf = async (id: string) => (await signedIn.me().get(`/api/v1/order/${id}`)).body.result;

/** A finished typesetting without laying it out: its job is never run, its record is marked done. */
async function doneTypeset() {
  const body = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: 'a.txt', data: Buffer.from('第一章 绪论\n正文') });
  const res = await signedIn.me().call('POST', '/api/v1/typeset', body.payload, body.headers);
  expect(res.status).toBe(200);
  const { id } = res.body.result as { id: string };
  await signedIn.test().app.db.updateTable('typesets').set({ status: 'done', progress: 100 }).where('id', '=', id).execute();
  return id;
}

/** A second order of the same item, a copy of the order as it stands now. */
async function copyOf(orderId: string) {
  const { db } = signedIn.test().app;
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const copy = { ...row, id: `${row.id}b`, created_at: new Date(Date.parse(row.created_at) + 1).toISOString() };
  await db.insertInto('orders').values(copy).execute();
  return copy;
}

/**
 * Two requests at the same instant: the first two looks for an item's open orders are held until
 * both are made, so that neither request has made its order when the other looks (run one after
 * the other, a request on SQLite finishes before the next has read its body).
 */
function bothLookBeforeEitherOrders() {
  const executor = signedIn.test().app.db.getExecutor();
  const run = executor.executeQuery.bind(executor);
  const held: Array<() => void> = [];
  return jest.spyOn(executor, 'executeQuery').mockImplementation(async (query) => {
    if (held.length < 2 && /from "orders" where "kind" = .* and "item_id" = .* and "status" in/.test(query.sql)) {
      await new Promise<void>((resume) => {
        held.push(resume);
        if (held.length === 2) held.forEach((go) => go());
      });
    }
    return run(query);
  });
}

describe('ordering an item again', () => {
  test('a review with an open order: the same order, however often it is ordered', async () => {
    const { review, orderId } = await newReview();
    const again = await signedIn.me().post('/api/v1/order', { kind: 'review', itemId: review.id });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ id: orderId, status: 'pending' });
    expect((await signedIn.me().post('/api/v1/order', { kind: 'review', itemId: review.id })).body.result.id).toBe(orderId);
  });

  test('a typesetting ordered twice (付款并下载, back, again): one order; once paid, refused', async () => {
    const id = await doneTypeset();
    const first = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
    const second = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
    expect(second.id).toBe(first.id);
    expect(await payAsGateway(signedIn.test().app, first.id, first.amountFen)).toBe('paid');
    const paid = await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toMatch(/已经付款/);
  });

  test('two orders of one item at the same instant: both answer one order, one row is pending', async () => {
    const id = await doneTypeset();
    const met = bothLookBeforeEitherOrders();
    const order = () => signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id });
    const answers = await Promise.all([order(), order()]);
    met.mockRestore();
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(new Set(answers.map((res) => res.body.result.id)).size).toBe(1);
    const { db } = signedIn.test().app;
    const pending = await db.selectFrom('orders').select('id').where('item_id', '=', id).where('status', '=', 'pending').execute();
    expect(pending).toEqual([{ id: answers[0].body.result.id }]);
  });

  test('an expired order is not answered again: a new one is made', async () => {
    const { review, orderId } = await newReview();
    await signedIn
      .test()
      .app.db.updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', orderId)
      .execute();
    const next = (await signedIn.me().post('/api/v1/order', { kind: 'review', itemId: review.id })).body.result;
    expect(next.id).not.toBe(orderId);
    expect(next.status).toBe('pending');
  });
});

describe('an item paid through another order', () => {
  test('a payment reaching its other order, open again, is kept for refund, not taken twice', async () => {
    const { review, orderId } = await newReview();
    const { db } = signedIn.test().app;
    // the other order is open while the first is paid: a payment already under way as it closed
    expect(await payAsGateway(signedIn.test().app, orderId, (await orderOf(orderId)).amountFen)).toBe('paid');
    const copy = await copyOf(orderId);
    await db.updateTable('orders').set({ status: 'pending', paid_at: null, gateway: null, gateway_trade_no: null }).where('id', '=', copy.id).execute();
    expect(await payAsGateway(signedIn.test().app, copy.id, copy.amount_fen)).toBe('refund_due');
    const row = await db.selectFrom('orders').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'closed', close_reason: 'item_paid', refund_due: 1 });
    expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result.orderId).toBe(orderId);
    const start = await signedIn.me().post(`/api/v1/order/${copy.id}/pay`, { channel: 'alipay' });
    expect(start.status).toBe(409);
  });
});

describe('why an order closed', () => {
  test('deleting a typesetting closes its open order (deleted): it cannot be paid', async () => {
    const id = await doneTypeset();
    const order = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
    expect((await signedIn.me().call('DELETE', `/api/v1/typeset/${id}`)).status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'closed', closeReason: 'deleted' });
    expect((await signedIn.me().post(`/api/v1/order/${order.id}/pay`, { channel: 'alipay' })).status).toBe(409);
    expect(await payAsGateway(signedIn.test().app, order.id, order.amountFen)).toBe('refund_due');
  });

  test('deleting the paper of an unpaid review closes its order (deleted)', async () => {
    const { review, orderId } = await newReview();
    expect((await signedIn.me().call('DELETE', `/api/v1/review/${review.id}/paper`)).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'closed', closeReason: 'deleted' });
  });

  test('saving a changed review replaces its order (replaced); the user’s own cancel stays cancelled', async () => {
    const { review, orderId } = await newReview();
    const saved = await signedIn.me().put(`/api/v1/review/${review.id}`, { ...REVIEW_FORM, title: '县域中学课后服务研究（修改稿）' });
    expect(saved.status).toBe(200);
    expect(saved.body.result.orderId).not.toBe(orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: 'closed', closeReason: 'replaced' });
    expect(await orderOf(saved.body.result.orderId)).toMatchObject({ status: 'pending' });
    await signedIn.me().post(`/api/v1/order/${saved.body.result.orderId}/cancel`);
    expect(await orderOf(saved.body.result.orderId)).toMatchObject({ status: 'closed', closeReason: 'cancelled' });
  });
});

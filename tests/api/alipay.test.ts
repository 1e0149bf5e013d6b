/**
 * The Alipay adapter against locally generated key pairs (the real gateway is out of reach here):
 * its payment address is a request signed with the app's key; notifications signed with Alipay's
 * key are accepted, anything else is refused.
 */
import { createSign, createVerify } from 'crypto';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { RefundRefused } from '../../server/src/modules/payment/gateway';
import { alipayGateway } from '../../server/src/modules/payment/alipay';
import type { OrderRow } from '../../server/src/modules/order/repo';
import { newRsaKeyPair } from '../../server/src/lib/keys';
import { signParams } from '../../server/src/modules/payment/signing';
import { client, createTestApp } from './testApp';

const appKeys = newRsaKeyPair();
const alipayKeys = newRsaKeyPair();
const settings = {
  appId: '2021000000000001',
  privateKey: appKeys.privateKey,
  alipayPublicKey: alipayKeys.publicKey,
  gateway: 'https://openapi.alipay.com/gateway.do',
  notifyUrl: 'https://lunwen.example.cn/api/v1/payment/notify/alipay',
  returnUrl: 'https://lunwen.example.cn/pay/:orderId',
};
const gateway = alipayGateway(settings);

/** Whether a request to Alipay carries the app's signature: of every parameter but sign, sorted, k=v joined with &. */
function signedByApp(params: Record<string, string>) {
  const signed = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createVerify('RSA-SHA256').update(signed, 'utf8').verify(appKeys.publicKey, params.sign, 'base64');
}

const order = {
  id: 'Ord3rIdNotGuessable01',
  title: '本科毕业论文检测',
  amount_fen: 3600,
  expires_at: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
} as OrderRow;

test('the payment address is an alipay.trade.page.pay request signed with the app key (RSA2)', async () => {
  const url = new URL((await gateway.createPayment(order, 'alipay')).payUrl);
  expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
  const params = Object.fromEntries(url.searchParams);
  expect(params).toMatchObject({
    method: 'alipay.trade.page.pay',
    app_id: settings.appId,
    sign_type: 'RSA2',
    notify_url: settings.notifyUrl,
    return_url: `https://lunwen.example.cn/pay/${order.id}`,
  });
  expect(JSON.parse(params.biz_content)).toMatchObject({ out_trade_no: order.id, total_amount: '36.00', subject: '本科毕业论文检测' });
  expect(signedByApp(params)).toBe(true);
});

describe('notifications', () => {
  const notification = (overrides: Record<string, string> = {}, key = alipayKeys.privateKey) =>
    signParams(
      {
        app_id: settings.appId,
        out_trade_no: order.id,
        trade_no: '2026112122001400001',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '36.00',
        notify_time: '2026-11-21 10:00:00',
        ...overrides,
      },
      key,
    );

  test('signed by Alipay: read as a payment of the order', () => {
    expect(gateway.readNotification(notification())).toEqual({
      ok: true,
      payment: { gateway: 'alipay', tradeNo: '2026112122001400001', orderId: order.id, amountFen: 3600, channel: undefined },
    });
  });

  test.each([
    ['signed with another key', () => notification({}, newRsaKeyPair().privateKey), 'bad_signature'],
    ['tampered after signing', () => ({ ...notification(), total_amount: '0.01' }), 'bad_signature'],
    ['for another app', () => notification({ app_id: '2021000000009999' }), 'wrong_app'],
    ['a trade not paid', () => notification({ trade_status: 'WAIT_BUYER_PAY' }), 'not_paid'],
  ])('%s: refused (%s)', (_case, make, reason) => {
    expect(gateway.readNotification(make())).toEqual({ ok: false, reason });
  });
});

test('PAYMENT_GATEWAY=alipay makes it the active gateway and turns the sandbox off', async () => {
  const t = await createTestApp({
    paymentGateway: 'alipay',
    alipay: { appId: settings.appId, privateKey: settings.privateKey, alipayPublicKey: settings.alipayPublicKey, gateway: settings.gateway },
  });
  try {
    expect((await client(t.app).get('/api/v1/payment/gateway')).body.result).toEqual({ gateway: 'alipay', sandbox: false });
    const sandboxNotify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/notify/sandbox',
      payload: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sandboxNotify.statusCode).toBe(404);
  } finally {
    await t.close();
  }
});

describe('refunds: alipay.trade.refund against a stand-in for Alipay', () => {
  let server: Server;
  let answer: (request: Record<string, string>) => { body: object; key?: string };
  const requests: Array<Record<string, string>> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const params = { ...Object.fromEntries(new URL(req.url!, 'http://x').searchParams), ...Object.fromEntries(new URLSearchParams(raw)) };
        requests.push(params);
        const { body, key = alipayKeys.privateKey } = answer(params);
        // Alipay signs the JSON text of its answer's object with its own key
        const inner = JSON.stringify(body);
        const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(key, 'base64');
        res.setHeader('content-type', 'application/json');
        res.end(`{"alipay_trade_refund_response":${inner},"sign":"${sign}"}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const refunding = () => alipayGateway({ ...settings, gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do` });
  const request = { orderId: order.id, tradeNo: '2026112522001400001', requestNo: 'RFabc12345', amountFen: 1200, totalFen: 3600, reason: '服务未交付' };

  test('the request is signed with the app key and names the refund request number; the verified answer is read', async () => {
    answer = () => ({
      body: { code: '10000', msg: 'Success', trade_no: '2026112522001400001', out_trade_no: order.id, refund_fee: '12.00', fund_change: 'Y' },
    });
    await expect(refunding().refund(request)).resolves.toEqual({ refundNo: '2026112522001400001', refundedFen: 1200 });
    const sent = requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'alipay.trade.refund', app_id: settings.appId, sign_type: 'RSA2' });
    expect(JSON.parse(sent.biz_content)).toMatchObject({
      out_trade_no: order.id,
      out_request_no: 'RFabc12345',
      refund_amount: '12.00',
      refund_reason: '服务未交付',
    });
    expect(signedByApp(sent)).toBe(true);
  });

  test('an answer not signed by Alipay is not believed: the outcome stays unknown (not a refusal)', async () => {
    answer = () => ({ body: { code: '10000', msg: 'Success', refund_fee: '12.00' }, key: newRsaKeyPair().privateKey });
    const outcome = refunding().refund(request);
    await expect(outcome).rejects.toThrow();
    await expect(outcome).rejects.not.toBeInstanceOf(RefundRefused);
  });

  test('Alipay saying no is a refusal, with its reason', async () => {
    answer = () => ({ body: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' } });
    await expect(refunding().refund(request)).rejects.toEqual(new RefundRefused('退款金额超限'));
  });
});

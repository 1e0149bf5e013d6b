/**
 * The local sandbox gateway: a page served by our own server where a tester sees the amount and
 * chooses 支付成功 or 支付失败. Paying sends a notification signed with the sandbox's RSA key to
 * our notify endpoint, the way Alipay does, and resends it until the answer is `success`.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'crypto';
import { Type } from '@sinclair/typebox';
import { newId } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { isOverdue, type OrderRow, type OrderService } from '../order';
import type { Channel, PaymentGateway } from './gateway';
import { sandboxRefund, type SandboxLedger } from './sandboxRefunds';
import { allowInline } from '../../plugins/securityHeaders';
import { readNotification } from './notify';
import { fenToYuan, signParams, verifyParams, type Params } from './signing';
import { CHANNEL_NAMES } from '../../../../common/orderKind';
import { ORDER_STATE_NAMES } from '../../../../common/orderState';

export interface SandboxKeys {
  appId: string;
  privateKey: string;
  publicKey: string;
}

export const SANDBOX_NOTIFY_PATH = '/api/v1/payment/notify/sandbox';

/** The payment page's address carries a MAC, so nobody can forge a sandbox link for another order. */
function pageToken(keys: SandboxKeys, orderId: string, channel: string) {
  return createHmac('sha256', keys.privateKey).update(`${orderId}:${channel}`).digest('base64url');
}

export function sandboxGateway(keys: SandboxKeys, publicUrl: string, ledger: SandboxLedger = new Map()): PaymentGateway & { ledger: SandboxLedger } {
  return {
    ledger,
    refund: sandboxRefund(ledger),
    name: 'sandbox',
    sandbox: true,
    async createPayment(order, channel) {
      const query = new URLSearchParams({ channel, token: pageToken(keys, order.id, channel) });
      return { payUrl: `${publicUrl}/api/v1/payment/sandbox/${order.id}?${query}` };
    },
    readNotification: (params) => readNotification(params, { gateway: 'sandbox', appId: keys.appId, verify: (signed) => verifyParams(signed, keys.publicKey) }),
  };
}

/** The notification the sandbox sends for a payment of `order`. */
export function sandboxNotification(keys: SandboxKeys, order: OrderRow, channel: string): Params {
  return signParams(
    {
      app_id: keys.appId,
      out_trade_no: order.id,
      trade_no: `SBX${newId()}`,
      trade_status: 'TRADE_SUCCESS',
      total_amount: fenToYuan(order.amount_fen),
      channel,
      gmt_payment: new Date().toISOString(),
    },
    keys.privateKey,
  );
}

/** Resends until the endpoint answers `success`, waiting longer each time (as real gateways do). */
export async function deliverUntilAccepted(send: () => Promise<string>, delaysMs = [0, 1000, 3000, 10_000, 30_000, 60_000]) {
  for (const delay of delaysMs) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      if ((await send()).trim() === 'success') return true;
    } catch {
      // the endpoint was unreachable: try again later
    }
  }
  return false;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's one stylesheet: the policy allows it by its hash (no style attributes either). */
const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f5f5f5;margin:0;padding:24px 16px;color:#1f1f1f}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;text-align:center}h1{font-size:20px}
.tag{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:2px 8px;font-size:13px}
.amount{font-size:32px;font-weight:600;margin:16px 0 4px}button{font-size:16px;padding:10px 0;width:100%;border-radius:6px;border:1px solid #d9d9d9;margin-top:12px;cursor:pointer;background:#fff}
button.pay{background:#1677ff;border-color:#1677ff;color:#fff}p{color:rgba(0,0,0,.55)}
a.back{display:block;font-size:16px;padding:10px 0;border-radius:6px;margin-top:12px;background:#1677ff;color:#fff;text-decoration:none}`;

/**
 * The way back into the app from a result page: the gateway may have opened in a tab of its own (on
 * a phone it does), and the student must be able to go on. Relative: the page is served on the app's
 * origin (the pay link is built on PUBLIC_URL).
 */
const backLink = (href: string, text: string) => `<a class="back" href="${escapeHtml(href)}">${text}</a>`;
const toOrder = (orderId: string) => backLink(`/pay/${encodeURIComponent(orderId)}`, '返回订单页');

/** An order the sandbox takes money for: pending, and not past its time to pay (as a gateway's trade closes with it). */
const payable = (order: OrderRow) => order.status === 'pending' && !isOverdue(order, nowIso());
/** What a page says of an order it takes no money for, and the way back to it. */
const notPayable = (order: OrderRow) =>
  `<p>这笔订单${order.status === 'pending' ? '已超过支付时限' : order.status === 'closed' ? ORDER_STATE_NAMES.closed : ORDER_STATE_NAMES.paid}，无需再付款。</p>${toOrder(order.id)}`;

/** A sandbox page; `script`, when given, runs inline, allowed by its hash. */
function page(reply: FastifyReply, title: string, body: string, script?: string) {
  reply.type('text/html; charset=utf-8');
  allowInline(reply, 'style-src', STYLE);
  if (script) allowInline(reply, 'script-src', script);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
}

export const sandboxRoutes: FastifyPluginAsync<{
  keys: SandboxKeys;
  orders: Pick<OrderService, 'find'>;
  deliver: (params: Params) => Promise<string>;
}> = async (app: FastifyInstance, { keys, orders, deliver }) => {
  // the sandbox page's buttons are plain HTML forms, posted from the page itself
  await app.register(formbody);
  const params = Type.Object({ orderId: Type.String({ maxLength: 32 }) });
  const query = Type.Object({ channel: Type.Union([Type.Literal('alipay'), Type.Literal('wechat')]), token: Type.String({ maxLength: 64 }) });

  type PageRequest = FastifyRequest<{ Params: { orderId: string }; Querystring: { channel: Channel; token: string } }>;

  /** The order a page address is for, when its token is right; otherwise the 404 page is sent. */
  async function orderOfPage(request: PageRequest, reply: FastifyReply) {
    const { channel, token } = request.query;
    const { orderId } = request.params;
    const expected = Buffer.from(pageToken(keys, orderId, channel));
    const given = Buffer.from(token);
    const order = expected.length === given.length && timingSafeEqual(expected, given) ? await orders.find(orderId) : undefined;
    if (!order)
      reply
        .code(404)
        .send(page(reply, '沙箱支付', `<h1>支付链接无效</h1><p>请回到订单页重新发起支付。</p>${backLink('/personal/order/list', '查看我的订单')}`));
    return order && { order, channel, token };
  }

  app.get<{ Params: { orderId: string }; Querystring: { channel: Channel; token: string } }>(
    '/sandbox/:orderId',
    { schema: { hide: true, params, querystring: query } },
    async (request, reply) => {
      const found = await orderOfPage(request, reply);
      if (!found) return reply;
      const { order, channel, token } = found;
      const action = `/api/v1/payment/sandbox/${order.id}?${new URLSearchParams({ channel, token })}`;
      return page(
        reply,
        '沙箱支付',
        `<span class="tag">沙箱支付 · 测试环境，不会真实扣款</span>
<h1>${escapeHtml(CHANNEL_NAMES[channel])}</h1>
<p>${escapeHtml(order.title)}</p>
<div class="amount">¥${fenToYuan(order.amount_fen)}</div>
${
  payable(order)
    ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="result" value="pay"><button class="pay" type="submit">支付成功</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="result" value="fail"><button type="submit">支付失败</button></form>`
    : notPayable(order)
}`,
      );
    },
  );

  app.post<{ Params: { orderId: string }; Querystring: { channel: Channel; token: string }; Body: { result?: string } }>(
    '/sandbox/:orderId',
    { schema: { hide: true, params, querystring: query } },
    async (request, reply) => {
      const found = await orderOfPage(request, reply);
      if (!found) return reply;
      const { order, channel } = found;
      // a page opened before the order was paid or closed takes no money: the trade closed with it
      if (!payable(order)) return page(reply, '沙箱支付', `<span class="tag">沙箱支付</span><h1>没有扣款</h1>${notPayable(order)}`);
      if (request.body?.result !== 'pay') {
        // the order page listens on this channel (src/pages/Pay) and tells the payer what happened
        const notice = `try{new BroadcastChannel('zn-payment').postMessage({orderId:${JSON.stringify(order.id)},result:'fail'})}catch(e){}`;
        return page(reply, '沙箱支付', `<span class="tag">沙箱支付</span><h1>支付失败</h1><p>没有扣款。请回到订单页重新支付。</p>${toOrder(order.id)}`, notice);
      }
      const notification = sandboxNotification(keys, order, channel);
      // the gateway's side: keep telling our server until it says success (first try awaited)
      const first = await deliver(notification).catch(() => 'unreachable');
      if (first.trim() !== 'success') void deliverUntilAccepted(() => deliver(notification), [1000, 3000, 10_000, 30_000, 60_000]);
      return page(
        reply,
        '沙箱支付',
        `<span class="tag">沙箱支付</span><h1>支付成功</h1><p>已支付 ¥${fenToYuan(order.amount_fen)}。请回到订单页查看结果。</p>${toOrder(order.id)}`,
      );
    },
  );
};

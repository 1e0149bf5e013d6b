import { ShowType } from '../common/api';
import { ORDER_STATE_NAMES } from '../common/orderState';
import { priceOf } from '../common/price';
import type { Order } from '../src/features/order/api';
import { AppError } from '../server/src/lib/errors';
import { toPublicOrder, CreateOrderBody, OrderListQuery } from '../server/src/modules/order';
import { failure, ok, requireSession, withFault, type MockHandler, type MockRequest, type MockResponse } from './_lib/kit';
import { answer, mockServices, valid, validQuery } from './_lib/services';

/**
 * Orders for QA: opening /pay/<any id> shows a pending order of the signed-in user (created on
 * first sight); its sandbox link marks it paid. /pay/expired-… shows an expired one,
 * /pay/refunded-… one paid and refunded in full (已退款 in 订单记录).
 */
/** A mock order: the API's order plus its owner. */
type MockOrder = Order & { userId: string };

const orders = new Map<string, MockOrder>();
const publicOrder = ({ userId: _owner, ...order }: MockOrder) => order;

function ownOrder(req: MockRequest, res: MockResponse): MockOrder | undefined {
  const userId = requireSession(req, res);
  if (!userId) return undefined;
  const id = req.params.orderId;
  if (!orders.has(id)) {
    const now = Date.now();
    const expired = id.startsWith('expired');
    const refunded = id.startsWith('refunded');
    const price = priceOf(12_000, 300);
    orders.set(id, {
      id,
      userId,
      kind: 'review',
      itemId: `r_${id}`,
      title: '本科毕业论文检测 · 示例论文（12,000 字）',
      amountFen: price.totalFen,
      status: expired ? 'closed' : refunded ? 'refunded' : 'pending',
      closeReason: expired ? 'expired' : null,
      channel: null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(expired ? now - 1000 : now + 30 * 60 * 1000).toISOString(),
      paidAt: refunded ? new Date(now).toISOString() : null,
      closedAt: expired ? new Date(now).toISOString() : null,
      refundedAt: refunded ? new Date(now).toISOString() : null,
      refundedFen: refunded ? price.totalFen : 0,
      price,
    });
  }
  const order = orders.get(id)!;
  if (order.userId !== userId) {
    res.status(403).json(failure('这不是您的订单', 'FORBIDDEN'));
    return undefined;
  }
  return order;
}

/**
 * An order made through the check form lives with the real services (see _lib/services.ts): it is
 * answered from there; the error a service throws (403, 409) is the answer. Undefined: not theirs.
 */
async function realOrder(req: MockRequest, res: MockResponse, act: 'read' | 'cancel' = 'read') {
  const userId = requireSession(req, res);
  if (!userId) return 'answered' as const;
  const services = await mockServices();
  const user = await services.userRow(userId);
  try {
    const row = act === 'cancel' ? await services.orders.cancel(user, req.params.orderId) : await services.orders.getForOwner(user, req.params.orderId);
    return toPublicOrder(row);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    if (error instanceof AppError) res.status(error.statusCode).json(error.toBody());
    else res.status(500).json(failure('服务器开小差了，请稍后再试', 'INTERNAL'));
    return 'answered' as const;
  }
}

const handlers: Record<string, MockHandler> = {
  /** An order for a check or a typeset of the real services: their price, their fulfilment. */
  'POST /api/v1/order': async (req, res) => {
    const userId = requireSession(req, res);
    const body = userId && valid<{ kind: string; itemId: string }>(CreateOrderBody, req.body, res);
    if (!userId || !body) return;
    answer(res, async () => {
      const services = await mockServices();
      return toPublicOrder(await services.orders.create(await services.userRow(userId), body.kind, body.itemId));
    });
  },

  /**
   * One's orders: those of the real services (checks, typesets) and the QA orders opened at
   * /pay/<id>, newest first, paged as the API pages them.
   */
  'GET /api/v1/order/list': async (req, res) => {
    const userId = requireSession(req, res);
    const page = userId && validQuery<{ current: number; pageSize: number }>(OrderListQuery, req, res);
    if (!userId || !page) return;
    answer(res, async () => {
      const services = await mockServices();
      const real = await services.orders.list(await services.userRow(userId), { current: 1, pageSize: Number.MAX_SAFE_INTEGER });
      const qa = [...orders.values()].filter((o) => o.userId === userId).map(publicOrder);
      const all = [...real.list.map(toPublicOrder), ...qa].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const start = (page.current - 1) * page.pageSize;
      return { list: all.slice(start, start + page.pageSize), total: all.length, current: page.current, pageSize: page.pageSize };
    });
  },

  'GET /api/v1/payment/gateway': (_req, res) => res.status(200).json(ok({ gateway: 'sandbox', sandbox: true })),

  'GET /api/v1/order/:orderId': async (req, res) => {
    const real = await realOrder(req, res);
    if (real === 'answered') return;
    if (real) return res.status(200).json(ok(real));
    const order = ownOrder(req, res);
    if (order) res.status(200).json(ok(publicOrder(order)));
  },

  'POST /api/v1/order/:orderId/cancel': async (req, res) => {
    const real = await realOrder(req, res, 'cancel');
    if (real === 'answered') return;
    if (real) return res.status(200).json({ ...ok(real), message: `订单${ORDER_STATE_NAMES.closed}` });
    const order = ownOrder(req, res);
    if (!order) return;
    if (order.status !== 'pending') return res.status(409).json(failure('订单已关闭', 'ORDER_NOT_PENDING'));
    Object.assign(order, { status: 'closed', closeReason: 'cancelled', closedAt: new Date().toISOString() });
    res.status(200).json({ ...ok(publicOrder(order)), message: `订单${ORDER_STATE_NAMES.closed}` });
  },

  'POST /api/v1/order/:orderId/pay': async (req, res) => {
    const channel = req.body?.channel;
    if (channel !== 'alipay' && channel !== 'wechat') {
      return res.status(422).json(failure('请选择支付方式', 'VALIDATION', ShowType.ERROR_MESSAGE, { errors: { channel: '请选择支付方式' } }));
    }
    const real = await realOrder(req, res);
    if (real === 'answered') return;
    if (real) {
      if (real.status !== 'pending') return res.status(409).json(failure('订单已关闭，请重新下单', 'ORDER_NOT_PENDING'));
      return res.status(200).json(ok({ payUrl: `/api/v1/mock/pay/${real.id}`, gateway: 'sandbox', sandbox: true }));
    }
    const order = ownOrder(req, res);
    if (!order) return;
    if (order.status !== 'pending') return res.status(409).json(failure('订单已关闭，请重新下单', 'ORDER_NOT_PENDING'));
    order.channel = channel;
    res.status(200).json(ok({ payUrl: `/api/v1/mock/pay/${order.id}`, gateway: 'sandbox', sandbox: true }));
  },

  /** The mock's stand-in for the sandbox page: opening it pays the order. */
  'GET /api/v1/mock/pay/:orderId': async (req, res) => {
    if (await (await mockServices()).pay(req.params.orderId)) return res.status(200).json(ok({ paid: true }));
    const order = orders.get(req.params.orderId);
    if (order?.status === 'pending') Object.assign(order, { status: 'paid', paidAt: new Date().toISOString() });
    res.status(200).json(ok({ paid: Boolean(order) }));
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));

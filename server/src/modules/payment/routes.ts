import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requireUser, userOf } from '../../plugins/session';
import { AppError } from '../../lib/errors';
import { OrderParams } from '../order/schemas';
import type { OrderService } from '../order/service';
import { Ok } from '../shared/schemas';
import type { PaymentGateway } from './gateway';
import type { Params } from './signing';

/** Where gateways post their notifications, from their servers (no browser origin to check). */
export const PAYMENT_NOTIFY_PREFIX = '/api/v1/payment/notify/';

export const PayBody = Type.Object({
  channel: Type.Union([Type.Literal('alipay'), Type.Literal('wechat')], { errorMessage: '请选择支付方式' }),
});
export const GatewayInfo = Type.Object({ gateway: Type.String(), sandbox: Type.Boolean() });
export const PayReply = Ok(Type.Object({ payUrl: Type.String(), gateway: Type.String(), sandbox: Type.Boolean() }));

/**
 * Paying: the payment address of an order (its QR code) from the active gateway, and the gateways'
 * notifications (form-encoded, as Alipay sends them). A notification is answered in the plain
 * text gateways expect: `success` stops the resending; anything else makes it try again later.
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<{ orders: OrderService; active: PaymentGateway; gateways: PaymentGateway[] }> = async (
  app,
  { orders, active, gateways },
) => {
  /** Which gateway takes payments now: payment pages say 沙箱支付 plainly while it is the sandbox. */
  app.get('/v1/payment/gateway', { schema: { tags: ['payment'], response: { 200: Ok(GatewayInfo) } } }, async () => ({
    success: true as const,
    result: { gateway: active.name, sandbox: active.sandbox },
  }));

  app.post(
    '/v1/order/:orderId/pay',
    { preHandler: requireUser, schema: { tags: ['payment'], params: OrderParams, body: PayBody, response: { 200: PayReply } } },
    async (request) => {
      const order = await orders.getForOwner(userOf(request), request.params.orderId);
      if (order.status !== 'pending') throw new AppError(409, 'ORDER_NOT_PENDING', order.status === 'paid' ? '订单已支付' : '订单已关闭，请重新下单');
      const { payUrl } = await active.createPayment(order, request.body.channel);
      return { success: true as const, result: { payUrl, gateway: active.name, sandbox: active.sandbox } };
    },
  );

  // form bodies are taken here only: the rest of the API is JSON (a cross-site form cannot post it)
  await app.register(async (notify) => {
    await notify.register(formbody);
    for (const gateway of gateways) registerNotify(notify, gateway);
  });

  function registerNotify(notify: typeof app, gateway: PaymentGateway) {
    notify.post(`/v1/payment/notify/${gateway.name}`, { schema: { hide: true } }, async (request, reply) => {
      const reading = gateway.readNotification((request.body ?? {}) as Params);
      reply.type('text/plain');
      if (!reading.ok) {
        request.log.warn({ reason: reading.reason }, 'payment notification refused');
        // a trade that is not paid (yet) is acknowledged; a bad one is refused
        return reading.reason === 'not_paid' ? 'success' : 'fail';
      }
      const outcome = await orders.applyPayment(reading.payment);
      if (outcome === 'unknown_order' || outcome === 'amount_mismatch') {
        request.log.warn({ outcome, payment: reading.payment }, 'payment notification not applied');
        return 'fail';
      }
      return 'success';
    });
  }
};

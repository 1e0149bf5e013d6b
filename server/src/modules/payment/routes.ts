import type { FastifyPluginAsync } from 'fastify';
import type { OrderService } from '../order/service';
import { readNotification, type NotifyCheck } from './notify';
import type { Params } from './signing';

/**
 * Gateway notifications (form-encoded, as Alipay sends them). The answer is the plain text the
 * gateway expects: `success` stops its resending; anything else makes it try again later.
 */
export const paymentRoutes: FastifyPluginAsync<{ orders: OrderService; gateways: NotifyCheck[] }> = async (app, { orders, gateways }) => {
  for (const gateway of gateways) {
    app.post(`/v1/payment/notify/${gateway.gateway}`, { schema: { hide: true } }, async (request, reply) => {
      const reading = readNotification((request.body ?? {}) as Params, gateway);
      reply.type('text/plain');
      if (!reading.ok) {
        request.log.warn({ reason: reading.reason }, 'payment notification refused');
        // a refused notification is final: resending the same one cannot make it valid
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

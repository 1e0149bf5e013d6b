import formbody from '@fastify/formbody';
import { success } from '../../../../common/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PaymentGateway } from './gateway';
import { GatewayReply } from './schemas';
import type { PaymentService } from './service';
import type { Params } from './signing';

/** Where gateways post their notifications, from their servers (no browser origin to check). */
export const PAYMENT_NOTIFY_PREFIX = '/api/v1/payment/notify/';

/**
 * /v1/payment: which gateway is active, and the gateways' notifications (form-encoded, as Alipay
 * sends them), answered in the plain text gateways expect: `success` stops the resending; anything
 * else makes it try again later. Starting a payment is an order's URL (/v1/order/:orderId/pay).
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<{ service: PaymentService }> = async (app, { service }) => {
  app.get('/gateway', { schema: { tags: ['payment'], response: { 200: GatewayReply } } }, async () => success(service.gateway()));

  // form bodies are taken here only: the rest of the API is JSON (a cross-site form cannot post it)
  await app.register(async (notify) => {
    await notify.register(formbody);
    for (const gateway of service.gateways) registerNotify(notify, gateway);
  });

  function registerNotify(notify: typeof app, gateway: PaymentGateway) {
    notify.post(`/notify/${gateway.name}`, { schema: { hide: true } }, async (request, reply) => {
      const { answer, problem } = await service.notify(gateway, (request.body ?? {}) as Params);
      if (problem) request.log.warn(problem, 'reason' in problem ? 'payment notification refused' : 'payment notification not applied');
      return reply.type('text/plain').send(answer);
    });
  }
};

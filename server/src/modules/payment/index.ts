/**
 * Payments: /v1/payment — the active gateway, the gateways' notifications, and (while the sandbox
 * is the gateway) the sandbox's own payment page. With Alipay on, the sandbox is not served at all.
 */
import type { OrderService } from '../order';
import type { ApiModule } from '../shared/module';
import { paymentRoutes } from './routes';
import { sandboxRoutes, SANDBOX_NOTIFY_PATH } from './sandbox';
import type { PaymentService } from './service';

export { RefundRefused } from './gateway';
export { refundThrough } from './refund';
export { PAYMENT_NOTIFY_PREFIX } from './routes';
export { sandboxRefund } from './sandboxRefunds';
export { activeGateway, createPaymentService, type PaymentService } from './service';

export const paymentModule: ApiModule<{ payments: PaymentService; orders: OrderService }> = {
  prefix: '/v1/payment',
  plugin: async (app, { config, services }) => {
    await app.register(paymentRoutes, { service: services.payments });
    if (services.payments.gateway().sandbox) {
      await app.register(sandboxRoutes, {
        keys: config.sandbox,
        orders: services.orders,
        // the sandbox reaches our notify endpoint through the whole HTTP stack, in process
        deliver: async (params) =>
          (
            await app.inject({
              method: 'POST',
              url: SANDBOX_NOTIFY_PATH,
              payload: new URLSearchParams(params).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            })
          ).body,
      });
    }
  },
};

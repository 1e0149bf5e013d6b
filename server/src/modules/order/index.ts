/** Orders: /v1/order — create, read, cancel, and pay (the payment module makes the payment address). */
import type { ApiModule } from '../shared/module';
import { orderRoutes } from './routes';

export const orderModule: ApiModule = {
  prefix: '/v1/order',
  plugin: async (app, { services }) => {
    await app.register(orderRoutes, { service: services.orders, payments: services.payments });
  },
};

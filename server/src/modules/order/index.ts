/** Orders: /v1/order — create, read, cancel, and pay (the payment module makes the payment address). */
import type { PaymentService } from '../payment/service';
import type { ApiModule } from '../shared/module';
import { orderRoutes } from './routes';
import type { OrderService } from './service';

export { createOrderRepo, toPublicOrder, toPublicRefund, type OrderRepo, type OrderRow, type RefundRow } from './repo';
export { CreateOrderBody, Order, OrderListQuery, OrderParams } from './schemas';
export { createOrderService, type OrderService, type Payable, type VerifiedPayment } from './service';

export const orderModule: ApiModule<{ orders: OrderService; payments: PaymentService }> = {
  prefix: '/v1/order',
  plugin: async (app, { services }) => {
    await app.register(orderRoutes, { service: services.orders, payments: services.payments });
  },
};

/** Orders: /v1/order — create, read, cancel, and pay (the payment module makes the payment address). */
import type { ApiModule } from '../shared/module';
import { orderRoutes, type OrderPayments } from './routes';
import type { OrderService } from './service';

export { createOrderRepo, toPublicOrder, toPublicRefund, type OrderRepo, type OrderRow, type RefundRow } from './repo';
export { CreateOrderBody, Order, OrderListQuery, OrderParams } from './schemas';
export { isOverdue } from './stateMachine';
export { createOrderService, type OrderService, type Payable, type VerifiedPayment } from './service';

export const orderModule: ApiModule<{ orders: OrderService; payments: OrderPayments }> = {
  prefix: '/v1/order',
  plugin: async (app, { services }) => {
    await app.register(orderRoutes, { service: services.orders, payments: services.payments });
  },
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import type { Static } from '@sinclair/typebox';
import { signedIn, userOf } from '../../plugins/session';
import { ORDER_STATE_NAMES } from '../../../../common/orderState';
import { toPublicOrder } from './repo';
import type { UserRow } from '../user';
import { CreateOrderBody, OrderListQuery, OrderListReply, OrderParams, OrderReply, PayBody, PayReply } from './schemas';
import type { OrderService } from './service';

/** The payment service, by the one call these routes make: payment imports order, not the other way. */
export interface OrderPayments {
  pay(user: UserRow, orderId: string, channel: Static<typeof PayBody>['channel']): Promise<Static<typeof PayReply>['result']>;
}

/** /v1/order: an order, its cancellation, and paying it (through the payment module's service). */
export const orderRoutes: FastifyPluginAsyncTypebox<{ service: OrderService; payments: OrderPayments }> = async (app, { service, payments }) => {
  app.post('', { ...signedIn, schema: { tags: ['order'], body: CreateOrderBody, response: { 200: OrderReply } } }, async (request) =>
    success(toPublicOrder(await service.create(userOf(request), request.body.kind, request.body.itemId, request.body.quotedFen))),
  );

  app.get('/list', { ...signedIn, schema: { tags: ['order'], querystring: OrderListQuery, response: { 200: OrderListReply } } }, async (request) => {
    const page = await service.list(userOf(request), request.query);
    return success({ ...page, list: page.list.map(toPublicOrder) });
  });

  app.get('/:orderId', { ...signedIn, schema: { tags: ['order'], params: OrderParams, response: { 200: OrderReply } } }, async (request) =>
    success(toPublicOrder(await service.getForOwner(userOf(request), request.params.orderId))),
  );

  app.post('/:orderId/cancel', { ...signedIn, schema: { tags: ['order'], params: OrderParams, response: { 200: OrderReply } } }, async (request) =>
    success(toPublicOrder(await service.cancel(userOf(request), request.params.orderId)), `订单${ORDER_STATE_NAMES.closed}`),
  );

  app.post('/:orderId/pay', { ...signedIn, schema: { tags: ['order'], params: OrderParams, body: PayBody, response: { 200: PayReply } } }, async (request) =>
    success(await payments.pay(userOf(request), request.params.orderId, request.body.channel)),
  );
};

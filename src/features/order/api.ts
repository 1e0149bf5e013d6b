import { get, post, segment } from '@/utils/request';
import type { ApiResponse, CallOptions, Paged, PageQuery } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as schemas from '../../../server/src/modules/order/schemas';
import type * as payment from '../../../server/src/modules/payment/schemas';

// the API's own schemas: one definition of each shape for the server, the mock and the app
/** Money in integer fen, computed by the server. */
export type Order = Static<typeof schemas.Order>;
export type OrderStatus = Order['status'];
export type Channel = Static<typeof schemas.PayBody>['channel'];
type Payment = Static<typeof schemas.PayReply>['result'];

/** One page of the user's own orders, newest first. */
export const listOrders = (query: PageQuery, options?: CallOptions) => get<ApiResponse<Paged<Order>>>('/v1/order/list', { ...query }, options);

export const getOrder = (orderId: string) => get<ApiResponse<Order>>(`/v1/order/${segment(orderId)}`);

export const cancelOrder = (orderId: string) => post<ApiResponse<Order>>(`/v1/order/${segment(orderId)}/cancel`);

/** The gateway taking payments now (the sandbox is said plainly on the payment page). */
export const getGateway = () => get<ApiResponse<Static<typeof payment.GatewayInfo>>>('/v1/payment/gateway');

/** The payment address of the order on the active gateway (the QR code's content). */
export const startPayment = (orderId: string, channel: Channel) => post<ApiResponse<Payment>>(`/v1/order/${segment(orderId)}/pay`, { channel });

/**
 * An order for something payable (`review`, `typeset`): the server sets the price. With `quotedFen`
 * (the price the page showed), a new order at another price is refused (409 PRICE_CHANGED).
 */
export const createOrder = (kind: string, itemId: string, quotedFen?: number, options?: CallOptions) =>
  post<ApiResponse<Order>>('/v1/order', { kind, itemId, quotedFen }, undefined, options);

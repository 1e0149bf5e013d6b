import { get, post } from '@/utils/request';
import type { ApiResponse } from '@/utils/request';

export type OrderStatus = 'pending' | 'paid' | 'closed' | 'refunded';
export type Channel = 'alipay' | 'wechat';

export interface Order {
  id: string;
  kind: string;
  itemId: string;
  title: string;
  /** integer fen, computed by the server */
  amountFen: number;
  status: OrderStatus;
  closeReason: 'cancelled' | 'expired' | null;
  channel: string | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  closedAt: string | null;
  refundedAt: string | null;
}

export const getOrder = (orderId: string) => get<ApiResponse<Order>>(`/v1/order/${encodeURIComponent(orderId)}`);

export const cancelOrder = (orderId: string) => post<ApiResponse<Order>>(`/v1/order/${encodeURIComponent(orderId)}/cancel`);

/** The gateway taking payments now (the sandbox is said plainly on the payment page). */
export const getGateway = () => get<ApiResponse<{ gateway: string; sandbox: boolean }>>('/v1/payment/gateway');

/** The payment address of the order on the active gateway (the QR code's content). */
export const startPayment = (orderId: string, channel: Channel) =>
  post<ApiResponse<{ payUrl: string; gateway: string; sandbox: boolean }>>(`/v1/order/${encodeURIComponent(orderId)}/pay`, { channel });

/** An order for something payable (`check`, `typeset`): the server sets the price. */
export const createOrder = (kind: string, itemId: string) => post<ApiResponse<Order>>('/v1/order', { kind, itemId });

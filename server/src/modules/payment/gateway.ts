import type { OrderRow } from '../order';
import type { NotifyReading } from './notify';
import type { Params } from './signing';

export type Channel = 'alipay' | 'wechat';

/** A payment gateway as the order flow uses it. */
export interface PaymentGateway {
  name: string;
  /** Plainly marked on every payment page while it is the active gateway. */
  sandbox: boolean;
  /** Where the payer goes (and what the QR code holds) to pay this order. */
  createPayment(order: OrderRow, channel: Channel): Promise<{ payUrl: string }>;
  /** A notification's verified payment, or why it was refused. */
  readNotification(params: Params): NotifyReading;
  /**
   * Gives money of a paid trade back. The gateway refunds a request number once: asked again with
   * the same number (a replay, or a retry after the answer was lost) it answers the same refund.
   * Throws RefundRefused when the gateway says no; any other error leaves the outcome unknown.
   */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

export interface RefundRequest {
  orderId: string;
  /** the gateway's reference of the payment */
  tradeNo: string;
  requestNo: string;
  amountFen: number;
  /** what the trade was paid, in fen */
  totalFen: number;
  reason: string;
}

export interface RefundAnswer {
  /** the gateway's own reference of the refund, when it gives one */
  refundNo: string | null;
  /** all that the trade has had back on the gateway's side, in fen */
  refundedFen: number;
}

/** The gateway refused a refund: nothing was refunded, and the reason is its. */
export class RefundRefused extends Error {}

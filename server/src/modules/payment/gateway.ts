import type { OrderRow } from '../order/repo';
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
}

/**
 * Sending a refund to the gateway an order was paid through, apart from the gateways themselves
 * (the mock uses it without loading Alipay's SDK).
 */
import type { OrderRow, RefundRow } from '../order';
import { RefundRefused, type PaymentGateway } from './gateway';

/** RefundRefused: the gateway said no (or takes no refunds now); any other error: its answer never came. */
export async function refundThrough(gateways: Array<Pick<PaymentGateway, 'name' | 'refund'>>, order: OrderRow, refund: RefundRow) {
  const gateway = gateways.find((candidate) => candidate.name === refund.gateway);
  if (!gateway || !refund.trade_no) throw new RefundRefused('这笔订单的支付渠道已停用，无法原路退款');
  return gateway.refund({
    orderId: order.id,
    tradeNo: refund.trade_no,
    requestNo: refund.request_no,
    amountFen: refund.amount_fen,
    totalFen: order.amount_fen,
    reason: refund.reason,
  });
}

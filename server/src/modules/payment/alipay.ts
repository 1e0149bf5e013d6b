/**
 * Alipay web payment (电脑网站支付) on the official alipay-sdk: the payment address is a signed
 * `alipay.trade.page.pay` request; notifications are verified with Alipay's public key.
 */
import { AlipaySdk } from 'alipay-sdk';
import { RefundRefused, type Channel, type PaymentGateway } from './gateway';
import { readNotification } from './notify';
import { fenToYuan, yuanToFen, type Params } from './signing';
import { CHINA_TIME_ZONE } from '../../../../common/time';

export interface AlipaySettings {
  appId: string;
  /** the app's private key (PKCS#8 PEM) */
  privateKey: string;
  /** Alipay's public key (PEM), for notifications */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  returnUrl: string;
}

export function alipayGateway(settings: AlipaySettings): PaymentGateway {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    alipayPublicKey: settings.alipayPublicKey,
    keyType: 'PKCS8',
    gateway: settings.gateway,
  });
  return {
    name: 'alipay',
    sandbox: false,
    async createPayment(order, _channel: Channel) {
      const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: order.id,
          total_amount: fenToYuan(order.amount_fen),
          subject: order.title,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          // Alipay's own clock closes the trade when our order expires
          time_expire: new Date(order.expires_at).toLocaleString('sv-SE', { timeZone: CHINA_TIME_ZONE }),
        },
        notifyUrl: settings.notifyUrl,
        returnUrl: settings.returnUrl.replace(':orderId', order.id),
      });
      return { payUrl: String(payUrl) };
    },
    /**
     * alipay.trade.refund, signed with the app's key; the SDK verifies the answer's signature with
     * Alipay's key (a bad one throws: outcome unknown). Alipay refunds an out_request_no once and
     * answers a repeat with the same refund.
     */
    async refund(request) {
      const answer = await sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: {
            out_trade_no: request.orderId,
            trade_no: request.tradeNo,
            out_request_no: request.requestNo,
            refund_amount: fenToYuan(request.amountFen),
            refund_reason: request.reason,
          },
        },
        { validateSign: true },
      );
      if (answer.code !== '10000') throw new RefundRefused(String(answer.subMsg || answer.msg || '支付宝拒绝了退款'));
      return { refundNo: answer.tradeNo ? String(answer.tradeNo) : null, refundedFen: yuanToFen(String(answer.refundFee ?? '0')) };
    },
    readNotification: (params: Params) =>
      readNotification(params, { gateway: 'alipay', appId: settings.appId, verify: (signed) => sdk.checkNotifySign(signed) }),
  };
}

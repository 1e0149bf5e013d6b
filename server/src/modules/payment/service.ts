/**
 * Paying an order: the active gateway's payment address, and the gateways' notifications, read
 * (signature, app id, trade status) and handed to the order service, which applies them once.
 */
import { AppError } from '../../lib/errors';
import type { OrderRow, OrderService, RefundRow } from '../order';
import type { UserRow } from '../user';
import { alipayGateway, type AlipaySettings } from './alipay';
import type { Channel, PaymentGateway } from './gateway';
import { refundThrough } from './refund';
import { sandboxGateway, type SandboxKeys } from './sandbox';
import type { Params } from './signing';

export interface PaymentSettings {
  publicUrl: string;
  paymentGateway: 'sandbox' | 'alipay';
  sandbox: SandboxKeys;
  alipay?: Omit<AlipaySettings, 'notifyUrl' | 'returnUrl'>;
}

/** The gateway that takes payments: Alipay when configured and chosen, else the local sandbox. */
export function activeGateway(settings: PaymentSettings): PaymentGateway {
  if (settings.paymentGateway === 'alipay' && settings.alipay) {
    return alipayGateway({
      ...settings.alipay,
      notifyUrl: `${settings.publicUrl}/api/v1/payment/notify/alipay`,
      returnUrl: `${settings.publicUrl}/pay/:orderId`,
    });
  }
  return sandboxGateway(settings.sandbox, settings.publicUrl);
}

/** How a notification was taken: `success` stops the gateway's resending, `fail` asks for it again. */
export type NotifyAnswer = { answer: 'success' | 'fail'; problem?: Record<string, unknown> };

export function createPaymentService(deps: { orders: OrderService; active: PaymentGateway }) {
  const { orders, active } = deps;
  return {
    /** Which gateway takes payments now: payment pages say 沙箱支付 plainly while it is the sandbox. */
    gateway: () => ({ gateway: active.name, sandbox: active.sandbox }),

    /** Only the active gateway's notifications are taken (the sandbox's not at all once Alipay is on). */
    gateways: [active],

    /** The payment address (its QR code) of the user's own pending order. */
    async pay(user: UserRow, orderId: string, channel: Channel) {
      const order = await orders.getForOwner(user, orderId);
      if (order.status !== 'pending') throw new AppError(409, 'ORDER_NOT_PENDING', order.status === 'paid' ? '订单已支付' : '订单已关闭，请重新下单');
      const { payUrl } = await active.createPayment(order, channel);
      return { payUrl, gateway: active.name, sandbox: active.sandbox };
    },

    /**
     * Sends a refund to the gateway the order was paid through (RefundRefused: it said no; any
     * other error: its answer never came). Only the active gateway takes refunds.
     */
    refund: (order: OrderRow, refund: RefundRow) => refundThrough([active], order, refund),

    /** A gateway's notification: verified, then applied to its order exactly once. */
    async notify(gateway: PaymentGateway, params: Params): Promise<NotifyAnswer> {
      const reading = gateway.readNotification(params);
      if (!reading.ok) {
        // a trade that is not paid (yet) is acknowledged; a bad one is refused
        return { answer: reading.reason === 'not_paid' ? 'success' : 'fail', problem: { reason: reading.reason } };
      }
      const outcome = await orders.applyPayment(reading.payment);
      if (outcome === 'unknown_order' || outcome === 'amount_mismatch') return { answer: 'fail', problem: { outcome, payment: reading.payment } };
      return { answer: 'success' };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

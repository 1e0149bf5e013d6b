/**
 * Reads a gateway's payment notification: trusts nothing but a verified signature, then checks
 * the app id and the trade status before handing the payment to the order service.
 */
import type { VerifiedPayment } from '../order';
import { yuanToFen, type Params } from './signing';

export interface NotifyCheck {
  gateway: string;
  appId: string;
  /** the gateway's own signature check (RSA2 over the sorted parameters) */
  verify: (params: Params) => boolean;
}

export type NotifyReading = { ok: true; payment: VerifiedPayment } | { ok: false; reason: 'bad_signature' | 'wrong_app' | 'not_paid' | 'bad_amount' };

const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export function readNotification(params: Params, check: NotifyCheck): NotifyReading {
  if (!check.verify(params)) return { ok: false, reason: 'bad_signature' };
  if (params.app_id !== check.appId) return { ok: false, reason: 'wrong_app' };
  if (!PAID_STATUSES.has(params.trade_status)) return { ok: false, reason: 'not_paid' };
  const amountFen = yuanToFen(params.total_amount ?? '');
  if (!Number.isInteger(amountFen)) return { ok: false, reason: 'bad_amount' };
  return {
    ok: true,
    payment: { gateway: check.gateway, tradeNo: params.trade_no, orderId: params.out_trade_no, amountFen, channel: params.channel || undefined },
  };
}

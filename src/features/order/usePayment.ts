/** What the payment page watches besides the order: the clock, and the sandbox gateway's failures. */
import { useEffect, useState } from 'react';
import { useTimeLeft } from '@/hooks/useTimeLeft';

/** The channel the sandbox gateway's page reports a failed payment on (server/src/modules/payment/sandbox.ts). */
const PAYMENT_CHANNEL = 'zn-payment';

/** Tells when the sandbox gateway (opened in another tab) reports this order's payment failed. */
export function usePaymentFailure(orderId: string) {
  const [failedAt, setFailedAt] = useState<number>();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(PAYMENT_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ orderId?: string; result?: string }>) => {
      if (event.data?.orderId === orderId && event.data.result === 'fail') setFailedAt(Date.now());
    };
    return () => channel.close();
  }, [orderId]);
  return { failed: failedAt !== undefined, clear: () => setFailedAt(undefined) };
}

/** Minutes and seconds until `iso`, ticking; 0 when past. */
export function useCountdown(iso: string | undefined) {
  const left = useTimeLeft(iso ? Date.parse(iso) : undefined);
  const seconds = Math.ceil(left / 1000);
  return { left, text: `${Math.floor(seconds / 60)} 分 ${String(seconds % 60).padStart(2, '0')} 秒` };
}

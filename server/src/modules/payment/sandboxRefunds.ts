/**
 * The sandbox gateway's own side of refunds: what it refunded, by request number. It lives as long
 * as the process (a test gateway: a restart forgets it, and a pending refund retried after one is
 * paid again in sandbox money only). Apart from sandbox.ts so that the mock can refund too.
 */
import { newId } from '../../lib/ids';
import { RefundRefused, type PaymentGateway } from './gateway';

export type SandboxLedger = Map<string, { tradeNo: string; amountFen: number; refundNo: string }>;

/** All that a trade has had back in the sandbox, in fen. */
export const refundedInSandbox = (ledger: SandboxLedger, tradeNo: string) =>
  [...ledger.values()].filter((entry) => entry.tradeNo === tradeNo).reduce((sum, entry) => sum + entry.amountFen, 0);

/** The sandbox's refund call: a request number refunds once; never more than the trade was paid. */
export function sandboxRefund(ledger: SandboxLedger): PaymentGateway['refund'] {
  return async (request) => {
    const done = ledger.get(request.requestNo);
    if (done) return { refundNo: done.refundNo, refundedFen: refundedInSandbox(ledger, request.tradeNo) };
    if (refundedInSandbox(ledger, request.tradeNo) + request.amountFen > request.totalFen) throw new RefundRefused('退款金额超过交易可退金额');
    const refundNo = `SBXR${newId()}`;
    ledger.set(request.requestNo, { tradeNo: request.tradeNo, amountFen: request.amountFen, refundNo });
    return { refundNo, refundedFen: refundedInSandbox(ledger, request.tradeNo) };
  };
}

import { failure, success } from '../common/api';
import { mockApp } from './_lib/door';
import { FAULTS, faultCookie, type Fault, type MockRequest, type MockResponse } from './_lib/kit';

/** The mock's own routes, for QA; every other /api call goes to the real server (mock/server.ts). */
export default {
  /**
   * QA's fault switch (mock server only). `/api/v1/mock/fault?type=403` makes every API call of
   * this browser answer 403 (also 401, 404, 500, or `network` for no answer at all) until
   * `/api/v1/mock/fault?type=off`. The switch lives in a cookie that expires after ten minutes.
   */
  'GET /api/v1/mock/fault': (req: MockRequest, res: MockResponse) => {
    const type = String(req.query.type ?? '');
    if (type === 'off') {
      res.setHeader('Set-Cookie', faultCookie(''));
      res.status(200).json(success({ fault: null }));
      return;
    }
    if (!FAULTS.includes(type as Fault)) {
      res.status(422).json(failure(`type 只能是 ${FAULTS.join('、')} 或 off`, 'VALIDATION'));
      return;
    }
    res.setHeader('Set-Cookie', faultCookie(type as Fault));
    res.status(200).json(success({ fault: type }));
  },

  /**
   * A shortcut past the sandbox's payment page: pays an order as the sandbox's notification would,
   * and its review or typesetting is done before the answer.
   */
  'GET /api/v1/mock/pay/:orderId': async (req: MockRequest, res: MockResponse) => {
    const app = await mockApp();
    const order = await app.orders.find(req.params.orderId);
    if (order?.status === 'pending') {
      await app.orders.applyPayment({ gateway: 'sandbox', tradeNo: `MOCK${order.id}`, orderId: order.id, amountFen: order.amount_fen });
      await app.jobs.drain();
    }
    res.status(200).json(success({ paid: Boolean(order) }));
  },
};

import { failure, FAULTS, faultCookie, ok, type Fault, type MockRequest, type MockResponse } from './_lib/kit';

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
      res.status(200).json(ok({ fault: null }));
      return;
    }
    if (!FAULTS.includes(type as Fault)) {
      res.status(422).json(failure(`type 只能是 ${FAULTS.join('、')} 或 off`, 'VALIDATION'));
      return;
    }
    res.setHeader('Set-Cookie', faultCookie(type as Fault));
    res.status(200).json(ok({ fault: type }));
  },
};

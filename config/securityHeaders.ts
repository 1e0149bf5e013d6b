/**
 * The development server (and so the mock server) sends the site's Content-Security-Policy and
 * framing rules too, so the app is developed and tried under the policy it is served with.
 */
import type { IApi } from 'umi';
import { policyHeader } from '../common/contentSecurityPolicy';

export default (api: IApi) => {
  const policy = policyHeader(false);
  api.addBeforeMiddlewares(() => [
    (_request, response, next) => {
      response.setHeader('content-security-policy', policy);
      response.setHeader('x-frame-options', 'DENY');
      response.setHeader('x-content-type-options', 'nosniff');
      next();
    },
  ]);
};

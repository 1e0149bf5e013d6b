/**
 * The runtime config of Umi's request plugin (src/app.tsx exports it as `request`). It lives apart
 * from the request functions so that app.tsx does not import a module that imports `umi`.
 */
import { API_PREFIX } from '@/constants';
import type { RequestConfig } from 'umi';
import { BizError, handleRequestError, isNoResponse, notifyNoResponse, type ErrorBody } from './errorHandler';
import type { CallOptions } from './request';

export const requestConfig: RequestConfig = {
  baseURL: API_PREFIX,
  withCredentials: true,
  timeout: 60_000,
  errorConfig: {
    // the request plugin calls this for any body with success === false
    errorThrower(body: ErrorBody) {
      throw new BizError(body);
    },
    errorHandler(error: unknown, opts: CallOptions) {
      // a call that handles its own failures still gets the network notice: no answer is never its news alone
      if (opts?.skipErrorHandler) {
        if (isNoResponse(error)) notifyNoResponse();
        throw error;
      }
      handleRequestError(error, { refusalShownByPage: opts?.refusalShownByPage });
    },
  },
};

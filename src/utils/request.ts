/**
 * The request layer (docs/spec.md §7). Every page talks to the server through its feature's API
 * functions (`src/features/<name>/api.ts`), and those through these functions. The `/api` prefix, credentials and error handling are set
 * once in the runtime request config (src/utils/requestConfig.ts, used by src/app.tsx).
 */
import type { Static } from '@sinclair/typebox';
import { request } from 'umi';
import type { SuccessEnvelope } from '../../common/api';
import type * as shared from '../../server/src/modules/shared/schemas';
import { flattenParams, type QueryObject } from './query';

/**
 * A successful answer of our API. Failures (`success: false`, HTTP errors) never resolve: the
 * request layer throws them (BizError, or the HTTP error carrying the envelope).
 */
export type ApiResponse<T> = SuccessEnvelope<T>;

/** An id as one segment of an API path, escaped so that no id can reach another path. */
export const segment = (id: string) => encodeURIComponent(id);

/** One page of a list (the API's `Page`), of rows of type T. */
export type Paged<T> = Omit<Static<ReturnType<typeof shared.Page>>, 'list'> & { list: T[] };
/** `?current=&pageSize=` of every paged list; both optional (the API's defaults apply). */
export type PageQuery = { [K in keyof typeof shared.PageQuery]?: Static<(typeof shared.PageQuery)[K]> };

export interface CallOptions {
  /** Handle failures yourself: no redirect, no message. */
  skipErrorHandler?: boolean;
  /**
   * The page says a refusal's message in its own text (LoadError): it is not said again as a toast.
   * Everything else is handled as usual: login, /403, /404, the network notice.
   */
  refusalShownByPage?: boolean;
  /** Upload progress, for long uploads. */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  signal?: AbortSignal;
  timeout?: number;
}

export function get<T>(url: string, params?: QueryObject, options: CallOptions = {}) {
  return request<T>(url, { method: 'GET', params: flattenParams(params), ...options });
}

export function post<T>(url: string, data?: unknown, params?: QueryObject, options: CallOptions = {}) {
  return request<T>(url, { method: 'POST', data, params: flattenParams(params), ...options });
}

export function put<T>(url: string, data?: unknown, params?: QueryObject, options: CallOptions = {}) {
  return request<T>(url, { method: 'PUT', data, params: flattenParams(params), ...options });
}

/** `delete` is a reserved word, hence `del`. */
export function del<T>(url: string, data?: unknown, params?: QueryObject, options: CallOptions = {}) {
  return request<T>(url, { method: 'DELETE', data, params: flattenParams(params), ...options });
}

/** A form-encoded post (`application/x-www-form-urlencoded`), or multipart when given FormData. */
export function postForm<T>(url: string, data: Record<string, string | number | boolean> | FormData, options: CallOptions = {}) {
  const body = data instanceof FormData ? data : new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return request<T>(url, { method: 'POST', data: body, ...options });
}

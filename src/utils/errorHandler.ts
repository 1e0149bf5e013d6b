import { FORBIDDEN_PATH, NOT_FOUND_PATH, STYLE_PREFIX } from '@/constants';
import { history } from 'umi';
import { message, notification } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { createElement } from 'react';
import { ShowType, type ErrorEnvelope } from '../../common/api';
import { navigation } from './navigation';
import { buildLoginUrl, isLoginPath } from './redirect';
import { noteSessionEnded } from './sessionEnd';

/** The request layer's error-handling levels (docs/spec.md §8); a response may name one in `showType`. */
export { ShowType };

/**
 * The API's error envelope (common/api), as the app may meet it: anything but `success` may be
 * missing (a proxy's or a gateway's answer is not ours).
 */
export type ErrorBody = Partial<ErrorEnvelope> & { success: false };

/** Generic Chinese texts for the HTTP statuses of docs/spec.md §8, exactly these fourteen. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: '服务器成功返回了请求的数据。',
  201: '新建或修改数据成功。',
  202: '请求已进入后台排队，稍后处理。',
  204: '数据已删除。',
  400: '请求有错误，服务器没有新建或修改数据。',
  401: '尚未登录，或登录已失效。',
  404: '请求的记录不存在，服务器没有进行操作。',
  406: '请求的格式无法提供。',
  410: '请求的资源已被永久删除，不会再有。',
  422: '提交的数据未通过校验。',
  500: '服务器发生错误，请稍后再试。',
  502: '网关错误。',
  503: '服务暂时不可用，服务器过载或正在维护。',
  504: '网关超时。',
};

export const NETWORK_ERROR_TITLE = '网络异常';
export const NETWORK_ERROR_DESCRIPTION = '您的网络发生异常，无法连接服务器';

/** A `success: false` answer, thrown by the request layer so that callers and this handler see it. */
export class BizError extends Error {
  readonly body: ErrorBody;
  readonly status: number;
  constructor(body: ErrorBody, status = 200) {
    super(body.message || STATUS_TEXT[status] || '请求失败');
    this.name = 'BizError';
    this.body = body;
    this.status = status;
  }
}

/** The parts of an axios error this handler reads. */
export interface HttpErrorLike {
  response?: { status: number; statusText?: string; data?: unknown };
  request?: unknown;
  config?: { url?: string };
  message?: string;
}

const isOnLoginPage = () => isLoginPath(history.location.pathname);

/** The error envelope a failed call carries: thrown as a BizError, or the body of an HTTP error. */
export function bodyOfError(error: unknown): ErrorBody | undefined {
  if (error instanceof BizError) return error.body;
  const data = (error as HttpErrorLike | undefined)?.response?.data;
  if (data && typeof data === 'object' && (data as ErrorBody).success === false) return data as ErrorBody;
  return undefined;
}

/** A 401 answer: the user is not logged in (docs/spec.md §6), as against a call that failed. */
export function isNotLoggedIn(error: unknown): boolean {
  const status = error instanceof BizError ? error.status : (error as HttpErrorLike | undefined)?.response?.status;
  return status === 401;
}

/**
 * A call that got no answer at all: offline, refused, cut off or timed out. Browsers report such a
 * failure as status 0 (an XMLHttpRequest that never got a response), so a "response" without a
 * status counts as none.
 */
export function isNoResponse(error: unknown): boolean {
  if (!error || typeof error !== 'object' || error instanceof BizError) return false;
  const { response, request } = error as HttpErrorLike;
  if (response) return !response.status;
  return Boolean(request);
}

/**
 * The reason the server gave for refusing a call (a 4xx, or a `success: false` answer, with a
 * message), or undefined when there is none: no answer, a 5xx, a proxy's page. A refusal is not a
 * fault to retry: the page says what the server said.
 */
export function refusalOf(error: unknown): string | undefined {
  const status = error instanceof BizError ? error.status : (error as HttpErrorLike | undefined)?.response?.status;
  if (status === undefined || status >= 500) return undefined;
  return bodyOfError(error)?.message || undefined;
}

/** The server's words when a price changed since the page showed it (409 PRICE_CHANGED: nothing was ordered), else undefined. */
export function priceChangeOf(error: unknown): string | undefined {
  const body = bodyOfError(error);
  return body?.errorCode === 'PRICE_CHANGED' ? body.message || undefined : undefined;
}

/** A notice's close control, named in the site's language (the notification library names it "Close"). */
const closable = () => ({ closeIcon: createElement(CloseOutlined, { className: `${STYLE_PREFIX}-notification-notice-close-icon` }), 'aria-label': '关闭' });

/** The 网络异常 notice (docs/spec.md §8): one on screen however many calls fail together. */
export function notifyNoResponse() {
  notification.error({ key: 'network-error', message: NETWORK_ERROR_TITLE, description: NETWORK_ERROR_DESCRIPTION, closable: closable() });
}

function sendToLogin() {
  noteSessionEnded();
  navigation.replaceLocation(buildLoginUrl(navigation.currentHref()));
}

/** Shows a business error at the level it asks for (default: an error message). */
export function showError(body: ErrorBody, fallbackText: string) {
  const text = body.message || fallbackText;
  switch (body.showType ?? ShowType.ERROR_MESSAGE) {
    case ShowType.SILENT:
      break;
    case ShowType.WARN_MESSAGE:
      message.warning(text);
      break;
    case ShowType.NOTIFICATION:
      notification.error({ message: fallbackText, description: text, closable: closable() });
      break;
    case ShowType.REDIRECT:
      if (!isOnLoginPage()) sendToLogin();
      break;
    case ShowType.ERROR_MESSAGE:
    default:
      message.error(text);
  }
}

/**
 * What the app does when a request fails (docs/spec.md §8): 401 → login (not on the login page),
 * 403 → /403 (not on the login page), 404 → /404, no response → the network notification, other
 * statuses only logged. A refusal our API explains in its envelope (a 4xx with a message, e.g. a
 * 429 that says how long to wait) is shown as the server words it, at the level it names; a 5xx is
 * the server's fault, not the user's news, and is only logged. A page that says the refusal in its
 * own text (`refusalShownByPage`) gets no toast repeating it; a level that moves the user on still runs.
 */
export function handleRequestError(error: unknown, { refusalShownByPage = false }: { refusalShownByPage?: boolean } = {}): void {
  const show = (body: ErrorBody, fallbackText: string) => {
    if (refusalShownByPage && refusalOf(error) && body.showType !== ShowType.REDIRECT) return;
    showError(body, fallbackText);
  };
  if (error instanceof BizError) {
    show(error.body, STATUS_TEXT[error.status] || '请求失败');
    return;
  }
  if (isNoResponse(error)) {
    notifyNoResponse();
    return;
  }
  const { response, config } = (error ?? {}) as HttpErrorLike;
  if (response) {
    const { status } = response;
    if (status === 401) {
      if (!isOnLoginPage()) sendToLogin();
      return;
    }
    if (status === 403) {
      // where it was refused, so that the 403 page can say what (the back office: a role taken back)
      if (!isOnLoginPage()) history.replace(FORBIDDEN_PATH, { refusedAt: history.location.pathname });
      return;
    }
    if (status === 404) {
      history.replace(NOT_FOUND_PATH);
      return;
    }
    const text = STATUS_TEXT[status] || response.statusText || '请求失败';
    console.error(`请求错误 ${status} ${config?.url ?? ''}：${text}`);
    const body = bodyOfError(error);
    if (status < 500 && body?.message) show(body, text);
    return;
  }
  console.error(error);
}

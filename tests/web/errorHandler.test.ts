import { FORBIDDEN_PATH, NOT_FOUND_PATH } from '@/constants';
import { BizError, handleRequestError, NETWORK_ERROR_DESCRIPTION, NETWORK_ERROR_TITLE, refusalOf, ShowType, STATUS_TEXT } from '@/utils/errorHandler';
import { navigation } from '@/utils/navigation';
import { createHistory } from '@@/core/history';
import { message, notification } from 'antd';

const history = createHistory({ type: 'memory' });
const httpError = (status: number, data?: unknown) => ({
  message: `Request failed with status code ${status}`,
  response: { status, data },
  request: {},
  config: { url: '/v1/x' },
});

let replaceLocation: jest.SpyInstance;
let logged: jest.SpyInstance;
beforeEach(() => {
  history.replace('/personal/home/basic-info?tab=1');
  jest.spyOn(navigation, 'currentHref').mockReturnValue('http://localhost:8000/personal/home/basic-info?tab=1');
  replaceLocation = jest.spyOn(navigation, 'replaceLocation').mockImplementation(() => {});
  logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(notification, 'error').mockImplementation(() => {});
  jest.spyOn(message, 'error').mockImplementation(() => undefined as never);
  jest.spyOn(message, 'warning').mockImplementation(() => undefined as never);
});
afterEach(() => jest.restoreAllMocks());

describe('HTTP statuses (docs/spec.md §8)', () => {
  test('401 outside the login page replaces the location with the login URL and the full address', () => {
    handleRequestError(httpError(401));
    expect(replaceLocation).toHaveBeenCalledWith(`/user/login?redirect=${encodeURIComponent('http://localhost:8000/personal/home/basic-info?tab=1')}`);
  });

  // the router shows the login page at each of these addresses
  test.each(['/user/login', '/user/login/', '/User/Login'])('401 on the login page (%s) does nothing', (at) => {
    history.replace(at);
    handleRequestError(httpError(401));
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(history.location.pathname).toBe(at);
  });

  test('403 outside the login page goes to /403', () => {
    handleRequestError(httpError(403));
    expect(history.location.pathname).toBe(FORBIDDEN_PATH);
  });

  test('403 on the login page stays', () => {
    history.replace('/user/login');
    handleRequestError(httpError(403));
    expect(history.location.pathname).toBe('/user/login');
  });

  test.each(['/personal/home/basic-info', '/user/login'])('404 goes to /404 (from %s)', (from) => {
    history.replace(from);
    handleRequestError(httpError(404));
    expect(history.location.pathname).toBe(NOT_FOUND_PATH);
  });

  test.each([400, 406, 410, 422, 500, 502, 503, 504])('%i is only logged, with its Chinese text', (status) => {
    handleRequestError(httpError(status));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(STATUS_TEXT[status]));
    expect(history.location.pathname).toBe('/personal/home/basic-info');
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(notification.error).not.toHaveBeenCalled();
    expect(message.error).not.toHaveBeenCalled();
  });

  test('no response at all shows the network notification', () => {
    handleRequestError({ message: 'Network Error', request: {} });
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: NETWORK_ERROR_TITLE, description: NETWORK_ERROR_DESCRIPTION }));
    expect(NETWORK_ERROR_TITLE).toBe('网络异常');
    expect(NETWORK_ERROR_DESCRIPTION).toBe('您的网络发生异常，无法连接服务器');
  });
});

describe('no answer, and what a status shows (issue 13)', () => {
  test('a browser failure reported as status 0 is no answer: the network notice, nothing logged as a status', () => {
    handleRequestError({ message: 'Network Error', response: { status: 0 }, request: {} });
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: NETWORK_ERROR_TITLE, description: NETWORK_ERROR_DESCRIPTION }));
    expect(logged).not.toHaveBeenCalledWith(expect.stringContaining('请求错误 0'));
  });

  test('many calls failing together give one notice (one key)', () => {
    handleRequestError({ message: 'Network Error', request: {} });
    handleRequestError({ message: 'timeout', request: {} });
    const keys = (notification.error as jest.Mock).mock.calls.map(([args]) => args.key);
    expect(new Set(keys)).toEqual(new Set(['network-error']));
  });

  test('a call that handles its own failures still gets the network notice', () => {
    const { requestConfig } = jest.requireActual('@/utils/requestConfig') as typeof import('@/utils/requestConfig');
    const error = { message: 'Network Error', request: {} } as never;
    expect(() => requestConfig.errorConfig!.errorHandler!(error, { skipErrorHandler: true } as never)).toThrow();
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: NETWORK_ERROR_TITLE }));
  });

  test('a raw 500 is only logged, even with our envelope and a show level', () => {
    handleRequestError(httpError(500, { success: false, message: '服务器开小差了，请稍后再试', showType: ShowType.ERROR_MESSAGE }));
    expect(message.error).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(STATUS_TEXT[500]));
  });

  test('a 429 shows the server message as it comes (it says how long to wait)', () => {
    handleRequestError(httpError(429, { success: false, message: '尝试次数过多，请 5 分钟后再试', showType: ShowType.ERROR_MESSAGE }));
    expect(message.error).toHaveBeenCalledWith('尝试次数过多，请 5 分钟后再试');
  });
});

describe('a refusal the server explained, as against a fault (what a failed load shows)', () => {
  test.each([
    ['a 409 with a message', httpError(409, { success: false, message: '检测尚未完成，报告还不能查看' }), '检测尚未完成，报告还不能查看'],
    ['a 422 with a message', httpError(422, { success: false, message: '搜索内容不能超过 120 个字' }), '搜索内容不能超过 120 个字'],
    ['a success: false answer', new BizError({ success: false, message: '订单已关闭' }), '订单已关闭'],
    ['a 500 with a message', httpError(500, { success: false, message: '服务器开小差了，请稍后再试' }), undefined],
    ['a 4xx without our envelope', httpError(400, '<html>Bad Request</html>'), undefined],
    ['no answer', { message: 'Network Error', request: {} }, undefined],
    ['status 0', { message: 'Network Error', response: { status: 0 }, request: {} }, undefined],
  ])('%s', (_case, error, expected) => {
    expect(refusalOf(error)).toBe(expected);
  });

  test('a page that says the refusal itself gets no toast; 404, redirects and no answer are handled as ever', () => {
    const shown = { refusalShownByPage: true };
    handleRequestError(httpError(409, { success: false, message: '检测尚未完成，报告还不能查看' }), shown);
    handleRequestError(new BizError({ success: false, message: '订单已关闭', showType: ShowType.NOTIFICATION }), shown);
    expect(message.error).not.toHaveBeenCalled();
    expect(notification.error).not.toHaveBeenCalled();
    handleRequestError(new BizError({ success: false, message: '请先登录', showType: ShowType.REDIRECT }), shown);
    expect(replaceLocation).toHaveBeenCalled();
    handleRequestError({ message: 'Network Error', request: {} }, shown);
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: NETWORK_ERROR_TITLE }));
    handleRequestError(httpError(404, { success: false, message: '检测记录不存在' }), shown);
    expect(history.location.pathname).toBe(NOT_FOUND_PATH);
  });
});

test('the status table covers exactly the statuses of docs/spec.md §8, in Chinese', () => {
  expect(Object.keys(STATUS_TEXT).map(Number)).toEqual([200, 201, 202, 204, 400, 401, 404, 406, 410, 422, 500, 502, 503, 504]);
  for (const text of Object.values(STATUS_TEXT)) expect(text).toMatch(/[\u4e00-\u9fa5]/);
});

describe('the handling levels named by showType', () => {
  const body = (showType: ShowType) => ({ success: false as const, message: '余额不足', showType });

  test('silent shows nothing', () => {
    handleRequestError(new BizError(body(ShowType.SILENT)));
    expect(message.error).not.toHaveBeenCalled();
    expect(message.warning).not.toHaveBeenCalled();
    expect(notification.error).not.toHaveBeenCalled();
  });

  test('warning message', () => {
    handleRequestError(new BizError(body(ShowType.WARN_MESSAGE)));
    expect(message.warning).toHaveBeenCalledWith('余额不足');
  });

  test('error message, also the default', () => {
    handleRequestError(new BizError(body(ShowType.ERROR_MESSAGE)));
    handleRequestError(new BizError({ success: false, message: '余额不足' }));
    expect(message.error).toHaveBeenCalledTimes(2);
    expect(message.error).toHaveBeenCalledWith('余额不足');
  });

  test('notification', () => {
    handleRequestError(new BizError(body(ShowType.NOTIFICATION)));
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '余额不足' }));
  });

  test('redirect sends the user to log in', () => {
    handleRequestError(new BizError(body(ShowType.REDIRECT)));
    expect(replaceLocation).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/login\?redirect=/));
  });

  test('an HTTP error whose body names a level is shown at that level', () => {
    handleRequestError(httpError(422, body(ShowType.WARN_MESSAGE)));
    expect(message.warning).toHaveBeenCalledWith('余额不足');
    expect(logged).toHaveBeenCalled();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../mock/_lib/users';
import { getCurrentUser } from '@/features/account/api';
import { NETWORK_ERROR_TITLE, STATUS_TEXT } from '@/utils/errorHandler';
import { navigation } from '@/utils/navigation';
import { axios, server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => {
  server.reset();
  jest.restoreAllMocks();
});

async function submitLogin(email: string, password: string) {
  // fireEvent rather than userEvent: typing key by key into the whole app is slow in jsdom
  fireEvent.change(await screen.findByLabelText('邮箱', {}, { timeout: 10_000 }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByText(/^登\s*录$/, { selector: 'button span' }).closest('button')!);
}

/** The form's alert, not a notice's (a role query over the whole app is slow in jsdom). */
const loginAlert = () =>
  waitFor(() => expect(document.querySelector('form [role="alert"]')).not.toBeNull(), { timeout: 10_000 }).then(() =>
    document.querySelector('form [role="alert"]')!,
  );

const loginAt = (redirect?: string) => `/user/login${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`;

describe('login', () => {
  test('a wrong password shows the server message on the form and stays', async () => {
    const { history } = await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, 'wrong-password1');
    expect(await loginAlert()).toHaveTextContent('邮箱或密码错误');
    expect(history.location.pathname).toBe('/user/login');
  });

  // a proxy or gateway in front of the API answers in its own words (a page, or nothing)
  test.each([
    [401, '<html><body>401 Authorization Required</body></html>', STATUS_TEXT[401]],
    [403, '<html><body>403 Forbidden</body></html>', '登录失败，请稍后再试'],
    [500, '', STATUS_TEXT[500]],
    [502, '<html><body>502 Bad Gateway</body></html>', STATUS_TEXT[502]],
    [504, '', STATUS_TEXT[504]],
  ])('an HTTP %i answered without our envelope shows an error on the form and stays (SPEC §4)', async (status, body, shown) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'POST /api/v1/actionLogin': (_req, res) => res.status(status).json(body) });
    const { history } = await renderApp(loginAt('/personal/home/basic-info'));
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    expect(await loginAlert()).toHaveTextContent(shown);
    expect(history.location.pathname).toBe('/user/login');
    // the button is ready for another attempt
    expect(screen.getByText(/^登\s*录$/, { selector: 'button span' }).closest('button')).not.toHaveClass('ant-btn-loading');
  });

  test('a refusal without a message says the one text a failed login has', async () => {
    server.use({ 'POST /api/v1/actionLogin': (_req, res) => res.json({ success: false }) });
    await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    expect(await loginAlert()).toHaveTextContent('登录失败，请稍后再试');
  });

  test('an HTTP error with our envelope shows the server message on the form', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use({ 'POST /api/v1/actionLogin': (_req, res) => res.status(503).json({ success: false, message: '系统维护中，请稍后登录' }) });
    await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    expect(await loginAlert()).toHaveTextContent('系统维护中，请稍后登录');
  });

  test('no answer at all shows the network notification, and the form says so too', async () => {
    server.use({ 'POST /api/v1/actionLogin': (_req, res) => res.socket!.destroy() });
    const { history } = await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    expect(await loginAlert()).toHaveTextContent(NETWORK_ERROR_TITLE);
    expect(await screen.findByText('您的网络发生异常，无法连接服务器')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/user/login');
  });

  test('a 404 from the login call goes to /404 (SPEC §2)', async () => {
    server.use({ 'POST /api/v1/actionLogin': (_req, res) => res.status(404).json('<html>Not Found</html>') });
    const { history } = await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    await waitFor(() => expect(history.location.pathname).toBe('/404'), { timeout: 10_000 });
  });

  test('the form checks its fields before sending', async () => {
    await renderApp(loginAt());
    await submitLogin('not-an-email', 'x');
    expect(await screen.findByText('邮箱格式不正确')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/v1/actionLogin')).toBe(false);
  });

  test('an e-mail pasted with spaces at either end signs in as the e-mail', async () => {
    const { history } = await renderApp(loginAt());
    await submitLogin(` ${DEMO_EMAIL} `, DEMO_PASSWORD);
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/v1/actionLogin')).toBeDefined(), { timeout: 10_000 });
    expect(server.requests.find((r) => r.path === '/api/v1/actionLogin')!.body).toMatchObject({ email: DEMO_EMAIL });
    await waitFor(() => expect(history.location.pathname).not.toBe('/user/login'), { timeout: 10_000 });
  });

  test('the form object is posted unchanged', async () => {
    const { history } = await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/v1/actionLogin')).toBeDefined());
    expect(server.requests.find((r) => r.path === '/api/v1/actionLogin')!.body).toEqual({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    // the sign-in ends here, not in the next test: the real server answers after the request is seen
    await waitFor(() => expect(history.location.pathname).not.toBe('/user/login'), { timeout: 10_000 });
  });

  test.each([
    ['a 500', (res: { status(code: number): { json(body: unknown): void } }) => res.status(500).json({ success: false, message: '服务器开小差了' })],
    ['no answer', (res: { socket?: { destroy(): void } | null }) => res.socket!.destroy()],
  ])('success still redirects when the user fetch after it fails with %s (SPEC §4)', async (_case, fail) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { history } = await renderApp(loginAt('/personal/home/basic-info'));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('登录'), { timeout: 10_000 });
    server.use({ 'GET /api/v1/user/getCurrent': (_req, res) => fail(res as never) });
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    await waitFor(() => expect(history.location.pathname).toBe('/personal/home/basic-info'), { timeout: 10_000 });
    // signed in but not loaded: the page offers a retry rather than the login page again
    expect(await screen.findByText('账号信息加载失败', {}, { timeout: 10_000 })).toBeInTheDocument();
    server.reset();
    await signInAsDemo();
    fireEvent.click(screen.getByText('重新加载').closest('button')!);
    expect(await screen.findByText('基本信息', { selector: 'h1' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  test.each([
    ['a same-origin path', '/personal/home/basic-info', '/personal/home/basic-info'],
    ['a same-origin full URL', 'http://localhost/review/info?from=home', '/review/info'],
    ['the hash form', 'http://localhost/#/personal/review/list', '/personal/review/list'],
    ['another origin', 'https://other.example/personal', '/'],
    ['no target', undefined, '/'],
    ['a bare query, the login page again', '?x=1', '/'],
    ['blanks, the login page again', '   ', '/'],
    ['the login page itself', '/user/login?redirect=%2Fpay%2Fo1', '/'],
  ])('success with %s goes to %s', async (_case, redirect, expected) => {
    const { history } = await renderApp(loginAt(redirect));
    await submitLogin(DEMO_EMAIL, DEMO_PASSWORD);
    await waitFor(() => expect(history.location.pathname).toBe(expected), { timeout: 10_000 });
    // the header now shows the user's menu
    expect(await screen.findByLabelText('用户菜单：演示同学', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the register page', () => {
  test('tells a signed-in user who they are, as login does, with the way home', async () => {
    await signInAsDemo();
    await renderApp('/user/register');
    const notice = await screen.findByText(/您已登录为 演示同学/, {}, { timeout: 10_000 });
    expect(within(notice).getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  test('says nothing of it to a visitor', async () => {
    await renderApp('/user/register');
    await screen.findByText('注册后即可查重、排版，并在个人中心查看记录', {}, { timeout: 10_000 });
    expect(screen.queryByText(/您已登录为/)).not.toBeInTheDocument();
  });
});

describe('the login page', () => {
  test('tells a signed-in user who they are', async () => {
    await signInAsDemo();
    await renderApp(loginAt());
    expect(await screen.findByText(/您已登录为 演示同学/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('says so when a signed-in session ended on the way (a 401), with the e-mail filled in, and only once', async () => {
    const replaceLocation = jest.spyOn(navigation, 'replaceLocation').mockImplementation(() => {});
    await signInAsDemo();
    server.use({ 'GET /api/v1/order/list': (_req, res) => res.status(401).json({ success: false, message: '请先登录' }) });
    const { history } = await renderApp('/personal/order/list');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/login\?redirect=/)), { timeout: 10_000 });
    // the login page the replacement loads
    act(() => history.push(loginAt('http://localhost/personal/order/list')));
    expect(await screen.findByText('登录已失效，请重新登录', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('邮箱')).toHaveValue(DEMO_EMAIL);
    act(() => history.push('/user/register'));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('注册'));
    act(() => history.push(loginAt()));
    await screen.findByLabelText('邮箱', {}, { timeout: 10_000 });
    expect(screen.queryByText('登录已失效，请重新登录')).toBeNull();
  });

  test('says nothing of an ended session to a visitor sent to log in', async () => {
    const { history } = await renderApp('/personal/order/list');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    await screen.findByLabelText('邮箱', {}, { timeout: 10_000 });
    expect(screen.queryByText('登录已失效，请重新登录')).toBeNull();
    expect(screen.getByLabelText('邮箱')).toHaveValue('');
  });

  test('forgets a refused attempt once the user leaves the page', async () => {
    const { history } = await renderApp(loginAt());
    await submitLogin(DEMO_EMAIL, 'wrong-password1');
    await loginAlert();
    act(() => history.push('/user/register'));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('注册'));
    act(() => history.push('/user/login'));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('登录'));
    expect(screen.queryByText('邮箱或密码错误')).toBeNull();
  });
});

describe('visitors and the initial state', () => {
  test('a visitor stays on a public page, sees 登录 / 注册, and nothing redirects', async () => {
    const { history } = await renderApp('/home');
    expect(await screen.findByText('登录', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/^注\s*册$/)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/home');
  });

  test('on a phone a visitor finds 查重 and 排版 behind the 打开菜单 button', async () => {
    // the test DOM matches no media query: antd's breakpoints see a phone
    const { history } = await renderApp('/home');
    fireEvent.click(await screen.findByLabelText('打开菜单', {}, { timeout: 10_000 }));
    // by its label, not by role: a role query walks the whole home page, long now that its lists are
    // the server's demo content, and its retries ran past the test's minute
    const nav = await screen.findByLabelText('主菜单', {}, { timeout: 10_000 });
    expect(within(nav).getByRole('link', { name: '论文排版' })).toHaveAttribute('href', '/typeset');
    fireEvent.click(within(nav).getByRole('link', { name: '论文查重' }));
    await waitFor(() => expect(history.location.pathname).toBe('/review/home'), { timeout: 10_000 });
  });

  test('a loading state shows until the current user has loaded', async () => {
    let answer: () => void = () => {};
    server.use({
      'GET /api/v1/user/getCurrent': (_req, res) => {
        answer = () => res.status(200).json({ success: true, result: null });
      },
    });
    await renderApp('/');
    expect(await screen.findByText('加载中…', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.querySelector('h1')).toBeNull();
    act(() => answer());
    await waitFor(() => expect(document.querySelector('h1')).not.toBeNull(), { timeout: 10_000 });
  });

  describe('the current-user call follows the common rules on every page (SPEC §2, §8)', () => {
    const answering = (status: number) => ({
      'GET /api/v1/user/getCurrent': (_req: unknown, res: { status(code: number): { json(body: unknown): void } }) =>
        res.status(status).json({ success: false, message: '请求被拒绝' }),
    });
    let replaceLocation: jest.SpyInstance;
    beforeEach(() => {
      // jsdom cannot replace the document: the replacement asked for is what the user would see
      replaceLocation = jest.spyOn(navigation, 'replaceLocation').mockImplementation(() => {});
    });

    test('a 401 on a public page replaces the location with login, carrying the full address', async () => {
      server.use(answering(401) as never);
      await renderApp('/review/home/s2?tab=price');
      await waitFor(
        () => expect(replaceLocation).toHaveBeenCalledWith(`/user/login?redirect=${encodeURIComponent('http://localhost/review/home/s2?tab=price')}`),
        {
          timeout: 10_000,
        },
      );
      expect(replaceLocation).toHaveBeenCalledTimes(1);
    });

    test('a 401 on the login page leaves the visitor there, with no loop', async () => {
      server.use(answering(401) as never);
      const { history } = await renderApp(loginAt('/personal/home/basic-info'));
      await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('登录'), { timeout: 10_000 });
      expect(replaceLocation).not.toHaveBeenCalled();
      expect(history.location.pathname).toBe('/user/login');
      expect(server.requests.filter((r) => r.path === '/api/v1/user/getCurrent')).toHaveLength(1);
    });

    test('a 403 on a public page goes to /403', async () => {
      server.use(answering(403) as never);
      const { history } = await renderApp('/home');
      await waitFor(() => expect(history.location.pathname).toBe('/403'), { timeout: 10_000 });
      expect(replaceLocation).not.toHaveBeenCalled();
    });

    test('a 403 on the login page stays there', async () => {
      server.use(answering(403) as never);
      const { history } = await renderApp(loginAt());
      await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('登录'), { timeout: 10_000 });
      expect(history.location.pathname).toBe('/user/login');
    });

    test('a 404 goes to /404', async () => {
      server.use(answering(404) as never);
      const { history } = await renderApp('/review/home');
      await waitFor(() => expect(history.location.pathname).toBe('/404'), { timeout: 10_000 });
    });

    test('a 500 keeps a visitor on a public page, only logged', async () => {
      const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
      server.use(answering(500) as never);
      const { history } = await renderApp('/review/home');
      await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('选择查重系统'), { timeout: 10_000 });
      expect(history.location.pathname).toBe('/review/home');
      expect(replaceLocation).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalled();
    });
  });

  test('no answer at all shows the network notification', async () => {
    server.use({ 'GET /api/v1/user/getCurrent': (_req, res) => res.socket!.destroy() });
    await renderApp('/');
    expect(await screen.findByText('网络异常', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('您的网络发生异常，无法连接服务器')).toBeInTheDocument();
    // its close control is named in the site's language
    expect(screen.getByLabelText('关闭')).toHaveClass(/notification-notice-close/);
  });
});

describe('a fault is not a logout', () => {
  const failing500 = {
    'GET /api/v1/user/getCurrent': (_req: unknown, res: { status(code: number): { json(body: unknown): void } }) =>
      res.status(500).json({ success: false, message: '服务器开小差了，请稍后再试', errorCode: 'INTERNAL', showType: 2 }),
  };
  const loadFailure = () => screen.findByText('账号信息加载失败', {}, { timeout: 10_000 });

  test('a reload of a signed-in page while getCurrent answers 500 shows an error with a retry, not the login page', async () => {
    await signInAsDemo();
    server.use(failing500 as never);
    const { history } = await renderApp('/personal/review/list');
    expect(await loadFailure()).toBeInTheDocument();
    expect(history.location.pathname).toBe('/personal/review/list');
    // the header does not say the user is a visitor either
    const header = within(screen.getByRole('banner'));
    expect(header.queryByText(/登\s*录/)).toBeNull();
    expect(header.getByText('加载账号')).toBeInTheDocument();
    // the fault passes: 重新加载 loads the page the user was on
    server.reset();
    await signInAsDemo();
    fireEvent.click(screen.getByText('重新加载').closest('button')!);
    expect(await screen.findByText('查重记录', { selector: 'h1' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/personal/review/list');
    expect(header.getByRole('button', { name: /用户菜单/ })).toBeInTheDocument();
  });

  test.each(['500', 'network'])('the mock server’s fault mode %s keeps the user on the page', async (type) => {
    await signInAsDemo();
    await axios.get('/api/v1/mock/fault', { params: { type }, adapter: server.adapter });
    const { history } = await renderApp('/personal/review/list');
    expect(await loadFailure()).toBeInTheDocument();
    expect(screen.getByText('重新加载')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/personal/review/list');
  });

  test('a 401 is "not logged in": a guarded page goes to login with the full address (SPEC §2)', async () => {
    const replaceLocation = jest.spyOn(navigation, 'replaceLocation').mockImplementation(() => {});
    server.use({ 'GET /api/v1/user/getCurrent': (_req, res) => res.status(401).json({ success: false, message: '请先登录' }) });
    const { history } = await renderApp('/personal/review/list?page=2');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('http://localhost/personal/review/list?page=2');
    expect(replaceLocation).toHaveBeenCalledWith(`/user/login?redirect=${encodeURIComponent('http://localhost/personal/review/list?page=2')}`);
  });
});

describe('logout', () => {
  async function logOutFrom(path: string) {
    await signInAsDemo();
    const view = await renderApp(path);
    const menu = await screen.findByLabelText('用户菜单：演示同学', {}, { timeout: 10_000 });
    fireEvent.click(menu);
    fireEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/v1/actionLogin/logout')).toBe(true));
    return view;
  }

  test('goes to the login page carrying the full address, and the user is cleared', async () => {
    const { history } = await logOutFrom('/review/home/s2?tab=price');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'));
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('http://localhost/review/home/s2?tab=price');
    expect(server.cookies.has('zn_session')).toBe(false);
  });

  test.each([403, 404])('answered %i, still carries the address the user was on', async (status) => {
    server.use({ 'POST /api/v1/actionLogin/logout': (_req, res) => res.status(status).json({ success: false, message: '拒绝' }) });
    const { history } = await logOutFrom('/review/home/s2?tab=price');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'));
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('http://localhost/review/home/s2?tab=price');
  });

  test('stays when the address already carries a redirect parameter', async () => {
    const { history } = await logOutFrom('/home?redirect=%2Fpay%2Fo1');
    await screen.findByText('登录');
    expect(history.location.pathname).toBe('/home');
  });
});

describe('the QA fault switch of the mock server', () => {
  test.each([
    ['403', '/403'],
    ['404', '/404'],
  ])('type=%s makes the next call fail and the app goes to %s', async (type, page) => {
    await signInAsDemo();
    const view = await renderApp('/personal/home/basic-info');
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('基本信息'));
    await axios.get('/api/v1/mock/fault', { params: { type }, adapter: server.adapter });
    await act(() => getCurrentUser().catch(() => undefined));
    await waitFor(() => expect(view.history.location.pathname).toBe(page));
  });

  test('type=network makes calls go unanswered', async () => {
    await renderApp('/');
    await axios.get('/api/v1/mock/fault', { params: { type: 'network' }, adapter: server.adapter });
    await act(() => getCurrentUser().catch(() => undefined));
    await act(() => getCurrentUser().catch(() => undefined));
    // however many calls failed, one notice
    expect(await screen.findByText('网络异常', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('type=off ends it, and an unknown type is refused', async () => {
    await axios.get('/api/v1/mock/fault', { params: { type: '500' }, adapter: server.adapter });
    await expect(axios.get('/api/v1/user/getCurrent', { adapter: server.adapter })).rejects.toMatchObject({ response: { status: 500 } });
    await axios.get('/api/v1/mock/fault', { params: { type: 'off' }, adapter: server.adapter });
    await expect(axios.get('/api/v1/user/getCurrent', { adapter: server.adapter })).resolves.toMatchObject({ status: 200 });
    await expect(axios.get('/api/v1/mock/fault', { params: { type: 'boom' }, adapter: server.adapter })).rejects.toMatchObject({ response: { status: 422 } });
  });
});

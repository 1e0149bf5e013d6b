import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import type { MockHandler } from '../../mock/_lib/kit';
import { DEMO_CODE } from '../../mock/_lib/users';
import { CODE_RESEND_SECONDS } from '../../common/fieldRules';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

/** The server failing, as a 500 in the error envelope. */
const failing: MockHandler = (_req, res) => res.status(500).json({ success: false, message: '服务器开小差了，请稍后再试', errorCode: 'INTERNAL', showType: 2 });

afterEach(() => server.reset());

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Clicks the button with this text (a heading may carry the same words). */
const click = (name: RegExp) =>
  fireEvent.click(
    screen
      .getAllByText(name)
      .map((el) => el.closest('button'))
      .find(Boolean)!,
  );
const heading = (text: string) => waitFor(() => expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toContain(text), { timeout: 10_000 });

/** Signs in and submits 修改密码 with an old password that is not the account's. */
async function modifyPasswordWithAWrongOldOne() {
  await signInAsDemo();
  await renderApp('/personal/security/modify-password');
  await heading('修改密码');
  type('原密码', 'NotMine123');
  type('新密码', 'Better2026');
  type('确认新密码', 'Better2026');
  click(/^修改密码$/);
}

/** Fills the register form with `code` and submits it. */
async function fillRegister(code: string, email = 'new.student@example.edu.cn') {
  await heading('注册');
  type('邮箱', email);
  click(/获取验证码/);
  await screen.findByText(/秒后重新获取/);
  type('邮箱验证码', code);
  type('密码', 'Thesis2026');
  type('确认密码', 'Thesis2026');
  type('昵称', '新同学');
  fireEvent.click(screen.getByRole('checkbox'));
  click(/^注\s*册$/);
}

describe('register', () => {
  test('with the mailed code, goes to login with the e-mail filled in', async () => {
    const { history } = await renderApp('/user/register');
    await fillRegister(DEMO_CODE);
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    expect(new URLSearchParams(history.location.search).get('email')).toBe('new.student@example.edu.cn');
    expect(server.requests.find((r) => r.path === '/api/v1/user/register')!.body).toMatchObject({ agreement: true, nickname: '新同学' });
  });

  test('a code typed with a space goes through as its six digits', async () => {
    const { history } = await renderApp('/user/register');
    // another address: the mock keeps the accounts registered by earlier tests
    await fillRegister(`${DEMO_CODE.slice(0, 3)} ${DEMO_CODE.slice(3)}`, 'spaced.code@example.edu.cn');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    expect(server.requests.find((r) => r.path === '/api/v1/user/register')!.body).toMatchObject({ code: DEMO_CODE });
  });

  test('an e-mail pasted with spaces at either end registers as the e-mail', async () => {
    const { history } = await renderApp('/user/register');
    await fillRegister(DEMO_CODE, '  pasted.mail@example.edu.cn ');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    expect(server.requests.find((r) => r.path === '/api/v1/user/register')!.body).toMatchObject({ email: 'pasted.mail@example.edu.cn' });
  });

  test('editing the e-mail after a code was sent resets the countdown (the code was for the old address)', async () => {
    await renderApp('/user/register');
    await heading('注册');
    // an address of its own: the server lets one address have a code a minute
    type('邮箱', 'countdown.reset@example.edu.cn');
    click(/获取验证码/);
    await screen.findByText(/秒后重新获取/);
    type('邮箱', 'countdown.reset@example.edu');
    expect(await screen.findByText('获取验证码')).toBeInTheDocument();
    expect(screen.queryByText(/秒后重新获取/)).not.toBeInTheDocument();
  });

  test('the wait before another code goes on after the page is reloaded, for the same address', async () => {
    const first = await renderApp('/user/register');
    await heading('注册');
    type('邮箱', 'reload.wait@example.edu.cn');
    click(/获取验证码/);
    await screen.findByText(/秒后重新获取/);
    first.unmount();

    // reloaded: the same tab, the page afresh
    await renderApp('/user/register');
    await heading('注册');
    type('邮箱', 'reload.wait@example.edu.cn');
    const waiting = await screen.findByText(/^\d+ 秒后重新获取$/);
    expect(Number(waiting.textContent!.split(' ')[0])).toBeLessThanOrEqual(CODE_RESEND_SECONDS);
    expect(waiting.closest('button')).toBeDisabled();
    // another address has its own first code at once
    type('邮箱', 'reload.other@example.edu.cn');
    expect((await screen.findByText('获取验证码')).closest('button')).toBeEnabled();
    expect(server.requests.filter((r) => r.path === '/api/v1/user/sendCode')).toHaveLength(1);
  });

  test('a wrong code is shown beside the code field', async () => {
    const { history } = await renderApp('/user/register');
    await fillRegister('000000', 'wrong.code@example.edu.cn');
    expect(await screen.findByText('验证码不正确或已过期，请核对邮件中最新的验证码，或稍后重新获取')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/user/register');
  });

  test('the form refuses a weak password and an unaccepted agreement before sending', async () => {
    await renderApp('/user/register');
    await heading('注册');
    // Every other field valid: only the password and the agreement may hold the form back. Each
    // field that turns red costs jsdom a full style computation over antd's sheets (hundreds of
    // ms on a loaded machine), hence the longer wait; a browser shows them at once.
    type('邮箱', 'a@b.cn');
    type('邮箱验证码', DEMO_CODE);
    type('密码', 'short1');
    type('确认密码', 'short1');
    type('昵称', '新同学');
    click(/^注\s*册$/);
    expect((await screen.findAllByText('密码至少 8 位，需同时包含字母和数字', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(await screen.findByText('请阅读并同意用户协议')).toBeInTheDocument();
    expect(screen.queryByText('请输入验证码')).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/v1/user/register')).toBe(false);
  });

  test('a password both too short and without a digit is refused in one message, not one per rule it breaks', async () => {
    await renderApp('/user/register');
    await heading('注册');
    type('密码', 'short');
    click(/^注\s*册$/);
    // the agreement's message comes in the same pass: by then every message of the pass shows
    expect(await screen.findByText('请阅读并同意用户协议', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByText('密码至少 8 位，需同时包含字母和数字')).toHaveLength(1);
  });
});

describe('personal centre', () => {
  test('basic information is saved and shown in the header', async () => {
    await signInAsDemo();
    await renderApp('/personal/home/basic-info');
    await heading('基本信息');
    expect(screen.getByText('demo@zhinenglunwen.cn')).toBeInTheDocument();
    type('昵称', '论文达人');
    type('学校', '华东示范大学');
    click(/^保\s*存$/);
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/v1/user/basicInfo')).toBe(true));
    expect(server.requests.find((r) => r.path === '/api/v1/user/basicInfo')!.body).toMatchObject({ nickname: '论文达人', school: '华东示范大学' });
    expect(await screen.findByLabelText('用户菜单：论文达人', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('the school field asks for the full name, with no made-up school as an example', async () => {
    await signInAsDemo();
    await renderApp('/personal/home/basic-info');
    await heading('基本信息');
    expect(screen.getByLabelText('学校')).toHaveAttribute('placeholder', '请输入学校全称');
  });

  test('the page opens with no field focused: a phone does not raise its keyboard over what the student came to read', async () => {
    await signInAsDemo();
    await renderApp('/personal/home/basic-info');
    await heading('基本信息');
    expect(screen.getByLabelText('昵称')).not.toHaveValue('');
    expect(document.activeElement?.tagName).not.toBe('INPUT');
  });

  test('a field the server refuses is marked beside the field', async () => {
    server.use({
      'PUT /api/v1/user/basicInfo': (_req, res) =>
        res
          .status(422)
          .json({ success: false, message: '学校名称最多 80 个字符', errorCode: 'VALIDATION', showType: 2, errors: { school: '学校名称最多 80 个字符' } }),
    });
    await signInAsDemo();
    await renderApp('/personal/home/basic-info');
    await heading('基本信息');
    click(/^保\s*存$/);
    expect(await screen.findByText('学校名称最多 80 个字符')).toBeInTheDocument();
  });

  describe('a save that fails says so, with the reason', () => {
    // a success toast of an earlier test must not count for this one
    beforeEach(() => act(() => message.destroy()));
    async function saveBasicInfo() {
      await signInAsDemo();
      await renderApp('/personal/home/basic-info');
      await heading('基本信息');
      type('昵称', '论文达人');
      click(/^保\s*存$/);
    }

    test('the server answers 500', async () => {
      server.use({
        'PUT /api/v1/user/basicInfo': failing,
      });
      await saveBasicInfo();
      expect(await screen.findByText('保存失败：服务器开小差了，请稍后再试', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText('基本信息已保存')).not.toBeInTheDocument();
      // what was typed stays, to be saved again
      expect((screen.getByLabelText('昵称') as HTMLInputElement).value).toBe('论文达人');
    });

    test('no answer at all', async () => {
      server.use({ 'PUT /api/v1/user/basicInfo': (_req, res) => res.socket?.destroy() });
      await saveBasicInfo();
      expect(await screen.findByText('保存失败：网络异常，无法连接服务器', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText('基本信息已保存')).not.toBeInTheDocument();
    });

    test('modify password, the server answers 500', async () => {
      server.use({
        'POST /api/v1/user/modifyPassword': failing,
      });
      await modifyPasswordWithAWrongOldOne();
      expect(await screen.findByText('修改失败：服务器开小差了，请稍后再试', {}, { timeout: 10_000 })).toBeInTheDocument();
    });
  });

  test('modify password: a wrong old password is shown on its field', async () => {
    await modifyPasswordWithAWrongOldOne();
    expect(await screen.findByText('原密码不正确')).toBeInTheDocument();
  });

  test('reset password in the personal centre uses the account’s own e-mail', async () => {
    await signInAsDemo();
    await renderApp('/personal/security/reset-password');
    await heading('重置密码');
    const email = screen.getByLabelText('注册邮箱') as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('demo@zhinenglunwen.cn'));
    expect(email).toBeDisabled();
  });
});

describe('a visitor sent to login on the way somewhere keeps the way through register and reset password', () => {
  const target = 'http://localhost/review/info?systemId=graduate';
  const redirectOf = (search: string) => new URLSearchParams(search).get('redirect');
  const link = (name: string) => screen.getByText(name).closest('a')!;

  /** From login with the target, through `name` to `path` (titled `title`): the redirect is carried there and on its `back` link. */
  async function follow(name: string, path: string, title: string, back: string) {
    const { history } = await renderApp(`/user/login?redirect=${encodeURIComponent(target)}`);
    await heading('登录');
    fireEvent.click(link(name));
    await waitFor(() => expect(history.location.pathname).toBe(path));
    expect(redirectOf(history.location.search)).toBe(target);
    await heading(title);
    expect(redirectOf(link(back).getAttribute('href')!.split('?')[1] ?? '')).toBe(target);
    return history;
  }

  test('注册账号 carries the redirect; after registering, login goes on to the target', async () => {
    const history = await follow('注册账号', '/user/register', '注册', '直接登录');
    await fillRegister(DEMO_CODE, 'on.the.way@example.edu.cn');
    await waitFor(() => expect(history.location.pathname).toBe('/user/login'), { timeout: 10_000 });
    expect(new URLSearchParams(history.location.search).get('email')).toBe('on.the.way@example.edu.cn');
    expect(redirectOf(history.location.search)).toBe(target);

    await heading('登录');
    type('密码', 'Thesis2026');
    fireEvent.click(screen.getByText(/^登\s*录$/, { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(`${history.location.pathname}${history.location.search}`).toBe('/review/info?systemId=graduate'), { timeout: 10_000 });
  });

  test('忘记密码 carries the redirect, and so does the way back to login', async () => {
    await follow('忘记密码', '/user/reset-password', '重置密码', '返回登录');
  });

  test('a target on another origin is not carried along (login would not honour it, SPEC §2)', async () => {
    await renderApp(`/user/login?redirect=${encodeURIComponent('https://other.example/x')}`);
    await heading('登录');
    expect(link('注册账号')).toHaveAttribute('href', '/user/register');
  });
});

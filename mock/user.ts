import { ShowType } from '../common/api';
import { endAllSessions, failure, ok, requireSession, sessionUserId, withFault, type MockHandler, type MockRequest, type MockResponse } from './_lib/kit';
import { DEMO_CODE, findUserById, newUser, publicUser, users } from './_lib/users';
import { AppError } from '../server/src/lib/errors';
import { checkNewPassword } from '../server/src/modules/auth';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{8,64}$/;
const NICKNAME = (v: unknown) => typeof v === 'string' && v.trim().length >= 2 && v.length <= 20;

/** 422 with field messages, worded as the real API words them. */
function invalid(res: MockResponse, errors: Record<string, string>) {
  res.status(422).json(failure(Object.values(errors)[0], 'VALIDATION', ShowType.ERROR_MESSAGE, { errors }));
}

function check(body: Record<string, unknown>, rules: Record<string, [boolean, string]>) {
  const errors: Record<string, string> = {};
  for (const [field, [valid, message]] of Object.entries(rules)) if (!valid) errors[field] = message;
  return Object.keys(errors).length ? errors : undefined;
}

const passwordMessage = '密码至少 8 位，需同时包含字母和数字';

/** The server's own password policy (common passwords, the e-mail): its field errors, if any. */
function policyErrors(password: string, email: string, field = 'password') {
  try {
    checkNewPassword(password, email, field);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.errors;
    throw error;
  }
}
const codeMessage = '验证码是 6 位数字';

/** The signed-in user, or a 401 answer. */
const signedIn = (req: MockRequest, res: MockResponse) => findUserById(requireSession(req, res));

const handlers: Record<string, MockHandler> = {
  /** The signed-in user, or null for a visitor (never 401: visitors use public pages). */
  'GET /api/v1/user/getCurrent': (req, res) => {
    const user = findUserById(sessionUserId(req));
    res.status(200).json(ok(user ? publicUser(user) : null));
  },

  /** The mock mails nothing: every code it "sends" is 123456 (docs/development.md, "QA: the mock server"). */
  'POST /api/v1/user/sendCode': (req, res) => {
    const { email, purpose } = req.body ?? {};
    const errors = check(req.body ?? {}, {
      email: [EMAIL.test(String(email ?? '')), '请输入正确的邮箱地址'],
      purpose: [purpose === 'register' || purpose === 'reset', '用途只能是注册或重置密码'],
    });
    if (errors) return invalid(res, errors);
    res.status(200).json({ ...ok(null), message: '验证码已发送，请查收邮件（10 分钟内有效）' });
  },

  'POST /api/v1/user/register': (req, res) => {
    const body = req.body ?? {};
    const errors = check(body, {
      email: [EMAIL.test(String(body.email ?? '')), '请输入正确的邮箱地址'],
      code: [/^\d{6}$/.test(String(body.code ?? '')), codeMessage],
      password: [PASSWORD.test(String(body.password ?? '')), passwordMessage],
      nickname: [NICKNAME(body.nickname), '昵称需为 2–20 个字符'],
      agreement: [body.agreement === true, '请阅读并同意用户协议'],
    });
    const refused = errors ?? policyErrors(String(body.password), String(body.email));
    if (refused) return invalid(res, refused);
    if (body.code !== DEMO_CODE) return invalid(res, { code: '验证码不正确或已过期，请重新获取' });
    const email = String(body.email).trim().toLowerCase();
    if (users.some((u) => u.email === email)) return invalid(res, { email: '该邮箱已注册，请直接登录' });
    const user = newUser({
      id: `u_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      email,
      password: body.password,
      nickname: String(body.nickname).trim(),
      role: 'user',
      createdAt: new Date().toISOString(),
    });
    users.push(user);
    res.status(200).json({ ...ok(publicUser(user)), message: '注册成功，请登录' });
  },

  'POST /api/v1/user/resetPassword': (req, res) => {
    const body = req.body ?? {};
    const errors = check(body, {
      email: [EMAIL.test(String(body.email ?? '')), '请输入正确的邮箱地址'],
      code: [/^\d{6}$/.test(String(body.code ?? '')), codeMessage],
      password: [PASSWORD.test(String(body.password ?? '')), passwordMessage],
    });
    const refused = errors ?? policyErrors(String(body.password), String(body.email));
    if (refused) return invalid(res, refused);
    const user = users.find((u) => u.email === String(body.email).trim().toLowerCase());
    if (!user || body.code !== DEMO_CODE) return invalid(res, { code: '验证码不正确或已过期，请重新获取' });
    user.password = body.password;
    endAllSessions(user.id);
    res.status(200).json({ ...ok(null), message: '密码已重置，请用新密码登录' });
  },

  'POST /api/v1/user/modifyPassword': (req, res) => {
    const user = signedIn(req, res);
    if (!user) return;
    const { oldPassword, newPassword } = req.body ?? {};
    if (!PASSWORD.test(String(newPassword ?? ''))) return invalid(res, { newPassword: passwordMessage });
    if (oldPassword !== user.password) return invalid(res, { oldPassword: '原密码不正确' });
    if (oldPassword === newPassword) return invalid(res, { newPassword: '新密码不能与原密码相同' });
    const refused = policyErrors(String(newPassword), user.email, 'newPassword');
    if (refused) return invalid(res, refused);
    user.password = newPassword;
    endAllSessions(user.id, req);
    res.status(200).json({ ...ok(null), message: '密码已修改，其他设备上的登录已退出' });
  },

  'PUT /api/v1/user/basicInfo': (req, res) => {
    const user = signedIn(req, res);
    if (!user) return;
    const body = req.body ?? {};
    const errors = check(body, {
      nickname: [NICKNAME(body.nickname), '昵称需为 2–20 个字符'],
      phone: [!body.phone || /^1[3-9]\d{9}$/.test(body.phone), '请输入 11 位手机号'],
    });
    if (errors) return invalid(res, errors);
    const blank = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    Object.assign(user, {
      nickname: String(body.nickname).trim(),
      realName: blank(body.realName),
      school: blank(body.school),
      major: blank(body.major),
      degree: blank(body.degree),
      phone: blank(body.phone),
    });
    res.status(200).json({ ...ok(publicUser(user)), message: '基本信息已保存' });
  },

  /** Any image "uploads": the mock keeps a placeholder avatar address. */
  'POST /api/v1/user/avatar': (req, res) => {
    const user = signedIn(req, res);
    if (!user) return;
    user.avatar = '/api/v1/user/avatar/mock-avatar.png';
    res.status(200).json({ ...ok(publicUser(user)), message: '头像已更新' });
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));

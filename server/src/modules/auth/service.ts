/**
 * Accounts: login and sessions, verification codes by mail, registration, password reset and
 * change. Login failures never tell whether an account exists.
 */
import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '../../../../common/fieldRules';
import { ACCOUNT_DISABLED_MESSAGE } from '../../../../common/api';
import { invalidField, RetryLater } from '../../lib/errors';
import { newCode, newId, newToken, sha256 } from '../../lib/ids';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/password';
import { isoIn, waitText } from '../../lib/time';
import { SESSION_TTL_MS } from '../../plugins/session';
import type { UserTable as UserRow } from '../../db/types';
import type { MailService } from '../mail';
import { POLICIES, type Throttle } from '../throttle';
import { checkNewPassword } from './passwordPolicy';
import type { AuthRepo } from './repo';

export const CODE_TTL_MS = CODE_TTL_MINUTES * 60 * 1000;
const CODE_RESEND_MS = CODE_RESEND_SECONDS * 1000;
const CODE_MAX_ATTEMPTS = 5;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * What auth asks of the accounts, answered by the user service (the user module owns the users
 * table and serves registration through this service, so auth does not import it).
 */
export interface Accounts {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: string): Promise<UserRow | undefined>;
  create(row: Omit<UserRow, 'created_at' | 'updated_at' | 'role' | 'disabled_at'>): Promise<void>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
}

/** A code that is wrong, spent or out of date; the button to get another may still be counting down, so the mail comes first. */
const WRONG_CODE = '验证码不正确或已过期，请核对邮件中最新的验证码，或稍后重新获取';

/** Checks a mailed code; it is spent on success, and a few wrong tries spend it too. */
async function consumeCode(auth: AuthRepo, email: string, purpose: 'register' | 'reset', code: string) {
  const row = await auth.latestCode(email, purpose);
  const wrong = () => invalidField('code', WRONG_CODE);
  if (!row || row.used_at || row.expires_at <= new Date().toISOString() || row.attempts >= CODE_MAX_ATTEMPTS) throw wrong();
  if (row.code_hash !== sha256(`${email}:${code}`)) {
    await auth.countAttempt(row.id);
    throw wrong();
  }
  if (!(await auth.useCode(row.id))) throw wrong();
}

/**
 * The mail a code request sends: the code, or a note for an address that cannot use one (an
 * existing account to register, an unknown one to reset). Every request mails, so neither the
 * time the answer takes nor a mail server's failure tells whether the account exists.
 */
function codeMail(email: string, purpose: 'register' | 'reset', code: string, exists: boolean) {
  if (purpose === 'register' && exists) {
    return {
      to: email,
      subject: '【智能论文】该邮箱已注册',
      text: '有人（可能是您）用这个邮箱注册智能论文账号，但它已经注册过了。请直接登录；忘记密码可在登录页选择“忘记密码”重置。',
    };
  }
  if (purpose === 'reset' && !exists) {
    return {
      to: email,
      subject: '【智能论文】该邮箱没有注册账号',
      text: '有人（可能是您）用这个邮箱申请重置智能论文的密码，但没有账号使用这个邮箱。如果您用其他邮箱注册过，请用那个邮箱重置；也可以用这个邮箱注册新账号。如果不是您本人操作，请忽略这封邮件。',
    };
  }
  const action = purpose === 'register' ? '注册账号' : '重置密码';
  return {
    to: email,
    subject: `【智能论文】${action}验证码 ${code}`,
    text: `您正在${action}，验证码：${code}，10 分钟内有效。如果不是您本人操作，请忽略这封邮件。`,
  };
}

/** A new account's row: only what registration asks; the profile is filled in later. */
export const newAccount = (id: string, email: string, passwordHash: string, nickname: string) => ({
  id,
  email,
  password_hash: passwordHash,
  nickname: nickname.trim(),
  real_name: null,
  school: null,
  major: null,
  degree: null,
  phone: null,
  avatar: null,
});

/** A browser the account signed in from before: the device cookie names the account and the browser. */
export interface KnownDevice {
  userId: string;
  id: string;
}

/**
 * What a login attempt spends: a browser the account signed in from before has a budget of its
 * own (strangers who lock the account, or the address it shares with a campus, do not lock its
 * owner out); any other spends the address's and the account's. A success gives it back.
 */
function loginBudget(throttle: Throttle, known: KnownDevice | undefined, account: string, address: string) {
  return {
    async spend() {
      if (known) return throttle.attempt(POLICIES.loginPerDevice, known.id);
      await throttle.attempt(POLICIES.loginPerAddress, address);
      await throttle.attempt(POLICIES.loginPerAccount, account);
    },
    async release() {
      if (known) return throttle.clear(POLICIES.loginPerDevice, known.id);
      await throttle.refund(POLICIES.loginPerAddress, address);
      await throttle.clear(POLICIES.loginPerAccount, account);
    },
  };
}

export function createAuthService(deps: { auth: AuthRepo; users: Accounts; mail: MailService; throttle: Throttle }) {
  const { auth, users, mail, throttle } = deps;

  async function startSession(userId: string) {
    const token = newToken();
    await auth.insertSession(sha256(token), userId, isoIn(SESSION_TTL_MS));
    return token;
  }

  return {
    /** The user for a session cookie's token, if the session is live. */
    userForToken: (token: string) => auth.findSessionUser(sha256(token)),

    /**
     * A new session for valid credentials (the old one, if any, ends: rotation), else null.
     * Attempts are limited per account (whatever address they come from) and per address; a
     * success releases the account and does not count against the address. Unknown e-mails are
     * limited alike, so a refusal tells nothing about which accounts exist.
     */
    async login(
      email: string,
      password: string,
      address: string,
      { previousToken, device }: { previousToken?: string; device?: KnownDevice } = {},
    ): Promise<{ user: UserRow; token: string; device: KnownDevice } | 'disabled' | null> {
      const account = normalizeEmail(email);
      const user = await users.findByEmail(account);
      const known = user && device?.userId === user.id ? device : undefined;
      const budget = loginBudget(throttle, known, account, address);
      await budget.spend();
      const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstNothing(password);
      if (!user || !valid) return null;
      // said only to whoever knows the password
      if (user.disabled_at) return 'disabled';
      await budget.release();
      if (previousToken) await auth.deleteSession(sha256(previousToken));
      return { user, token: await startSession(user.id), device: known ?? { userId: user.id, id: newId() } };
    },

    /** Ends every session of an account (the back office disabled it). */
    endSessions: (userId: string) => auth.deleteUserSessions(userId),

    async logout(token: string | undefined) {
      if (token) await auth.deleteSession(sha256(token));
    },

    /**
     * Mails a code. For an e-mail that cannot use one (registering an existing account, resetting
     * an unknown one) it answers the same, so the answer reveals nothing about accounts.
     */
    async sendCode(rawEmail: string, purpose: 'register' | 'reset', address: string) {
      const email = normalizeEmail(rawEmail);
      await throttle.attempt(POLICIES.codePerAddress, address);
      const last = await auth.latestCode(email, purpose);
      const wait = last ? Date.parse(last.created_at) + CODE_RESEND_MS - Date.now() : 0;
      if (wait > 0) {
        throw new RetryLater(Math.ceil(wait / 1000), 'CODE_TOO_SOON', `验证码发送太频繁，请 ${waitText(wait)}后再试`);
      }
      await throttle.attempt(POLICIES.codePerRecipient, email);
      const existing = await users.findByEmail(email);
      const code = newCode();
      // a row even when no code is mailed, so the resend limit cannot tell the cases apart either
      await auth.insertCode({ email, purpose, code_hash: sha256(`${email}:${code}`), expires_at: isoIn(CODE_TTL_MS) });
      await mail.send(codeMail(email, purpose, code, Boolean(existing)));
    },

    async register(input: { email: string; code: string; password: string; nickname: string }, address: string) {
      const email = normalizeEmail(input.email);
      await throttle.attempt(POLICIES.registerPerAddress, address);
      checkNewPassword(input.password, email);
      await consumeCode(auth, email, 'register', input.code);
      if (await users.findByEmail(email)) throw invalidField('email', '该邮箱已注册，请直接登录');
      const id = newId();
      await users.create(newAccount(id, email, await hashPassword(input.password), input.nickname));
      return (await users.findById(id))!;
    },

    /** Sets a new password by mailed code; every session of the account ends. */
    async resetPassword(input: { email: string; code: string; password: string }, address: string) {
      const email = normalizeEmail(input.email);
      await throttle.attempt(POLICIES.resetPerAddress, address);
      checkNewPassword(input.password, email);
      await consumeCode(auth, email, 'reset', input.code);
      const user = await users.findByEmail(email);
      if (!user) throw invalidField('code', WRONG_CODE);
      // a new password would not let a disabled account in: it is told now, the mailbox proved
      if (user.disabled_at) throw invalidField('email', ACCOUNT_DISABLED_MESSAGE);
      await users.setPasswordHash(user.id, await hashPassword(input.password));
      await auth.deleteUserSessions(user.id);
      // the owner proved the mailbox: an account locked by someone's guessing is released
      await throttle.clear(POLICIES.loginPerAccount, email);
      await throttle.refund(POLICIES.resetPerAddress, address);
    },

    /** Changes the password of a signed-in user; their other sessions end, this one stays. */
    async modifyPassword(user: UserRow, token: string, oldPassword: string, newPassword: string) {
      await throttle.attempt(POLICIES.modifyPerAccount, user.id);
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw invalidField('oldPassword', '原密码不正确');
      await throttle.clear(POLICIES.modifyPerAccount, user.id);
      if (oldPassword === newPassword) throw invalidField('newPassword', '新密码不能与原密码相同');
      checkNewPassword(newPassword, user.email, 'newPassword');
      await users.setPasswordHash(user.id, await hashPassword(newPassword));
      await auth.deleteUserSessions(user.id, sha256(token));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Throttling of guessable routes (login, codes, registration, reset, report verification), kept in
 * the database so that every server process shares it. An attempt is counted before it is judged,
 * so a burst of parallel guesses cannot slip through, and a success can be refunded or cleared.
 * The caller picks the keys: an account, a recipient, a client address (request.ip, which honours
 * X-Forwarded-For only from the proxies TRUST_PROXY names).
 */
import { RetryLater } from '../../lib/errors';
import { waitText } from '../../lib/time';
import type { ThrottleRepo } from './repo';

export interface ThrottlePolicy {
  /** the counter's name, the first part of its keys */
  name: string;
  /** attempts allowed in one window */
  max: number;
  windowMs: number;
  /** what was tried too often, for the message: 登录, 发送验证码 … */
  action: string;
}

const MINUTE = 60_000;

/** The limits, per key. Failed logins are limited per account whatever address they come from, except from a browser the account signed in from before (per device). */
export const POLICIES = {
  loginPerAccount: { name: 'loginPerAccount', max: 10, windowMs: 15 * MINUTE, action: '该账号登录失败' },
  // a browser the account signed in from before (its device cookie) guesses on a budget of its own
  loginPerDevice: { name: 'loginPerDevice', max: 10, windowMs: 15 * MINUTE, action: '该账号登录失败' },
  // a campus or a mobile carrier puts thousands behind one address: a budget for many people
  loginPerAddress: { name: 'loginPerAddress', max: 100, windowMs: 15 * MINUTE, action: '登录失败' },
  codePerRecipient: { name: 'codePerRecipient', max: 5, windowMs: 60 * MINUTE, action: '该邮箱获取验证码' },
  codePerAddress: { name: 'codePerAddress', max: 30, windowMs: 60 * MINUTE, action: '获取验证码' },
  registerPerAddress: { name: 'registerPerAddress', max: 30, windowMs: 15 * MINUTE, action: '注册' },
  resetPerAddress: { name: 'resetPerAddress', max: 30, windowMs: 15 * MINUTE, action: '重置密码' },
  modifyPerAccount: { name: 'modifyPerAccount', max: 10, windowMs: 15 * MINUTE, action: '原密码输入错误' },
  verifyPerAddress: { name: 'verifyPerAddress', max: 30, windowMs: MINUTE, action: '查询报告' },
} satisfies Record<string, ThrottlePolicy>;

export class TooManyAttempts extends RetryLater {
  constructor(retryAfterSeconds: number, policy: ThrottlePolicy) {
    super(retryAfterSeconds, 'TOO_MANY_ATTEMPTS', `${policy.action}次数过多，请 ${waitText(retryAfterSeconds * 1000)}后再试`);
  }
}

export function createThrottle(repo: ThrottleRepo, clock: () => Date = () => new Date()) {
  const keyOf = (policy: ThrottlePolicy, subject: string) => `${policy.name}:${subject}`;
  return {
    /** Counts an attempt; throws TooManyAttempts (429, with the wait) past the policy's budget. */
    async attempt(policy: ThrottlePolicy, subject: string) {
      const now = clock();
      const { hits, window_started_at } = await repo.hit(keyOf(policy, subject), now, policy.windowMs);
      if (hits > policy.max) {
        const retryMs = Date.parse(window_started_at) + policy.windowMs - now.getTime();
        throw new TooManyAttempts(Math.max(1, Math.ceil(retryMs / 1000)), policy);
      }
    },
    /** The attempt succeeded and should not count against the budget. */
    refund: (policy: ThrottlePolicy, subject: string) => repo.refund(keyOf(policy, subject)),
    /** Starts the key afresh (a successful login or password reset releases the account). */
    clear: (policy: ThrottlePolicy, subject: string) => repo.clear(keyOf(policy, subject)),
    /** Forgets windows that ended long ago. */
    purge: () => repo.deleteOlderThan(new Date(clock().getTime() - 24 * 3600_000).toISOString()),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

/**
 * The mock's accounts: the documented demo account (seeded by the server's own seed) and an admin,
 * made here through the server's API and `npm run admin`'s grant, so that every page of the back office
 * can be tried. Registration and reset codes are not mailed: the mock takes DEMO_CODE for the
 * code the server put in its outbox (see door.ts).
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNT } from '../../common/demoAccount';
import { grantRole } from '../../server/src/cli/grantRole';

export const DEMO_EMAIL = DEMO_ACCOUNT.email;
export const DEMO_PASSWORD = DEMO_ACCOUNT.password;
/** The mock's admin account (the mock only: a real site makes its admins with `npm run admin`). */
export const MOCK_ADMIN_EMAIL = 'admin@zhinenglunwen.cn';
export const MOCK_ADMIN_PASSWORD = 'Admin1234';
export const MOCK_ADMIN_NICKNAME = '运营管理员';
/** The mock mails nothing; every verification code it accepts is this one. */
export const DEMO_CODE = '123456';

/** The server's latest code for `email` and `purpose` (its outbox, EXPOSE_OUTBOX), a new one mailed first. */
export async function mailedCode(app: FastifyInstance, email: string, purpose: 'register' | 'reset') {
  // asked again within a minute, the server keeps the code it sent (429): the outbox has it
  await app.inject({ method: 'POST', url: '/api/v1/user/sendCode', payload: { email, purpose } });
  const outbox = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}` });
  const mails = (outbox.json().result ?? []) as Array<{ subject: string; body: string }>;
  const action = purpose === 'register' ? '注册账号' : '重置密码';
  const mail = mails.find((m) => m.subject.includes(action));
  return /验证码：(\d{6})/.exec(mail?.body ?? '')?.[1];
}

/** The admin account: registered as anyone registers, then granted its role as `npm run admin` grants it. */
export async function seedMockAccounts(app: FastifyInstance) {
  const code = await mailedCode(app, MOCK_ADMIN_EMAIL, 'register');
  const payload = { email: MOCK_ADMIN_EMAIL, code, password: MOCK_ADMIN_PASSWORD, nickname: MOCK_ADMIN_NICKNAME, agreement: true };
  const registered = await app.inject({ method: 'POST', url: '/api/v1/user/register', payload });
  if (registered.json().success !== true) throw new Error(`the mock's admin account: ${registered.body}`);
  await grantRole(app.db, app.storage, MOCK_ADMIN_EMAIL, 'admin');
}

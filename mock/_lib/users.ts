/** The mock server's accounts, including the documented demo account. */
import { DEMO_ACCOUNT, DEMO_PROFILE } from '../../common/demoAccount';
import type { CurrentUser } from '../../src/features/account/api';

/** A mock account: the API's user plus the password the real server would keep hashed, and when the back office disabled it. */
export type MockUser = CurrentUser & { password: string; disabledAt?: string | null };

export const DEMO_EMAIL = DEMO_ACCOUNT.email;
export const DEMO_PASSWORD = DEMO_ACCOUNT.password;
/** The mock's admin account (the mock only: a real site makes its admins with `npm run admin`). */
export const MOCK_ADMIN_EMAIL = 'admin@zhinenglunwen.cn';
export const MOCK_ADMIN_PASSWORD = 'Admin1234';
/** The mock mails nothing; every verification code it accepts is this one. */
export const DEMO_CODE = '123456';

/** An account as registration makes it: the profile 基本信息 fills in later is empty. */
export function newUser(fields: Pick<MockUser, 'id' | 'email' | 'password' | 'nickname' | 'role' | 'createdAt'>): MockUser {
  return { avatar: null, realName: null, school: null, major: null, degree: null, phone: null, ...fields };
}

export const users: MockUser[] = [
  {
    id: 'u_demo_7Hc2kQ9xLm',
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    nickname: DEMO_ACCOUNT.nickname,
    avatar: null,
    ...DEMO_PROFILE,
    phone: null,
    role: 'user',
    createdAt: '2026-09-01T08:00:00.000Z',
  },
  // the mock's back office (mock/admin.ts): an admin, so every page of it can be tried
  newUser({
    id: 'u_admin_3Fq8wZ1pRt',
    email: MOCK_ADMIN_EMAIL,
    password: MOCK_ADMIN_PASSWORD,
    nickname: '运营管理员',
    role: 'admin',
    createdAt: '2026-09-01T08:00:00.000Z',
  }),
];

/** A user as the API shows them: never the password. */
export function publicUser(user: MockUser) {
  const { password: _password, disabledAt: _disabled, ...rest } = user;
  return rest;
}

export const findUserById = (id: string | undefined) => users.find((user) => user.id === id);

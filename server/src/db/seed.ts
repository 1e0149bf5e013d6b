/**
 * Demo content, seeded on first run only (an empty users table): the demo account documented in
 * the README. Later capabilities add their own demo data here.
 */
import { DEMO_ACCOUNT } from '../../../common/demoAccount';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { createUserRepo } from '../modules/user/repo';
import type { Db } from './index';

export { DEMO_ACCOUNT };

export async function seedDemoContent(db: Db) {
  const users = createUserRepo(db);
  if (await users.findByEmail(DEMO_ACCOUNT.email)) return;
  await users.insert({
    id: newId(),
    email: DEMO_ACCOUNT.email,
    password_hash: await hashPassword(DEMO_ACCOUNT.password),
    nickname: DEMO_ACCOUNT.nickname,
    real_name: '林晓',
    school: '示例大学',
    major: '计算机科学与技术',
    degree: '本科',
    phone: null,
    avatar: null,
  });
}

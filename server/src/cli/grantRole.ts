/**
 * Granting a role as the command line does (`npm run admin`): the user service's grant, written to
 * the audit log as the command line's. Also how the mock makes its admin account.
 */
import type { Role } from '../../../common/roles';
import type { Db } from '../db';
import type { Storage } from '../lib/storage';
import { createAuditRepo, createAuditService } from '../modules/audit';
import { createUserRepo, createUserService } from '../modules/user';

export async function grantRole(db: Db, storage: Storage, email: string, role: Role) {
  const users = createUserService({ users: createUserRepo(db), storage });
  const audit = createAuditService(createAuditRepo(db));
  const { before, after } = await users.grantRole(email, role);
  await audit.record({
    actor: 'command line',
    action: 'user.role',
    target: { type: 'user', id: after.id },
    before: { email: before.email, role: before.role },
    after: { email: after.email, role: after.role },
  });
  return { before, after };
}

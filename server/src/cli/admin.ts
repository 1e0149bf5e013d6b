/**
 * `npm run admin -- grant <e-mail> <role>`: makes an existing account a user, an operator or an
 * admin (common/roles.ts). The only way to a role: the web never grants one, so the first admin
 * is made here. Each grant is written to the audit log as the command line's. It uses the same
 * settings as the server (DATABASE_URL, DATA_DIR).
 */
import { isRole, ROLES } from '../../../common/roles';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { AppError } from '../lib/errors';
import { localStorage } from '../lib/storage';
import { grantRole } from './grantRole';

const USAGE = `用法：npm run admin -- grant <邮箱> <${ROLES.join('|')}>`;

async function main(args: string[]) {
  const [command, email, role] = args;
  if (command !== 'grant' || !email || !role || args.length !== 3) {
    console.error(USAGE);
    return 2;
  }
  if (!isRole(role)) {
    console.error(`没有这个角色：${role}（可选 ${ROLES.join('、')}）`);
    return 2;
  }
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const { before, after } = await grantRole(db, localStorage(`${config.dataDir}/files`), email, role);
    console.log(`${after.email} 的角色：${before.role} → ${after.role}`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

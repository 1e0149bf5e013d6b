/**
 * Accounts for the back office's browser tests, against the real server: a new student registered
 * through the API (with the code from the local outbox), and staff granted their role on the
 * command line (`npm run admin -- grant`), as the README says.
 */
import { spawnSync } from 'child_process';
import type { Role } from '../../common/roles';

export const base = () => process.env.E2E_REAL_URL!;
const PASSWORD = 'Thesis2026';

/** A state-changing call as the site's own page makes it (the API refuses other origins). */
export const postJson = (path: string, body: object) =>
  fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: JSON.stringify(body) });

/** A new account through the API, with the code from the local outbox. */
export async function register(nickname: string) {
  const email = `${nickname}${Date.now()}@example.edu.cn`;
  await postJson('/api/v1/user/sendCode', { email, purpose: 'register' });
  const outbox = (await (await fetch(`${base()}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { result: Array<{ body: string }> };
  const code = /验证码：(\d{6})/.exec(outbox.result[0].body)![1];
  const res = await postJson('/api/v1/user/register', { email, code, password: PASSWORD, nickname, agreement: true });
  if (!res.ok) throw new Error(await res.text());
  return { email, password: PASSWORD, nickname };
}

/** A new account granted `role` with `npm run admin -- grant` on the real server's folder. */
export async function staff(role: Exclude<Role, 'user'> = 'operator') {
  const account = await register(role);
  const grant = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'server/src/cli/admin.ts', 'grant', account.email, role], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
    encoding: 'utf8',
  });
  if (grant.status !== 0) throw new Error(grant.stdout + grant.stderr);
  return account;
}

/**
 * The data folder holds the database and every paper uploaded: only the server's own user may read
 * it, whether the server made it or found it made before (by an older version, or by hand).
 */
import { chmodSync, readdirSync, statSync, writeFileSync } from 'fs';
import { join } from 'path';
import { client, createTestApp, multipart } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** SQLite's file, when the database is one (CI runs the suite on PostgreSQL too). */
const sqliteFile = () => (t.config.databaseUrl.startsWith('sqlite:') ? t.config.databaseUrl.slice('sqlite:'.length) : undefined);

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every folder under `root`, itself included. */
function foldersUnder(root: string): string[] {
  return [root, ...readdirSync(root, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? foldersUnder(join(root, entry.name)) : []))];
}

async function uploadPaper() {
  const browser = client(t.app);
  await browser.login();
  const body = multipart({}, { name: '论文.txt', data: Buffer.from('一篇短论文的正文，只有几句话。'.repeat(20)) });
  const res = await browser.call('POST', '/api/v1/review/paper', body.payload, body.headers);
  expect(res.status).toBe(200);
}

test('the database and the folders of uploaded papers are its owner’s only', async () => {
  await uploadPaper();
  const dataDir = t.config.dataDir;
  const file = sqliteFile();
  if (file) expect(modeOf(file)).toBe(0o600);
  const folders = foldersUnder(dataDir);
  expect(folders.some((folder) => folder.includes('papers'))).toBe(true);
  for (const folder of folders) expect([folder, modeOf(folder)]).toEqual([folder, 0o700]);
});

test('a data folder that others could read is closed to them when the server starts', async () => {
  const dataDir = t.config.dataDir;
  for (const folder of foldersUnder(dataDir)) chmodSync(folder, 0o755);
  const file = sqliteFile();
  if (file) chmodSync(file, 0o644);
  writeFileSync(join(dataDir, 'notes.txt'), '', { mode: 0o644 });
  await t.restart();
  expect(modeOf(dataDir)).toBe(0o700);
  if (file) expect(modeOf(file)).toBe(0o600);
});

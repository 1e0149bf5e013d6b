import { mkdirSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { freePort, startProcess } from './appServer';

/** What the real server printed during the run: CI shows its end when a browser test fails. */
export const REAL_SERVER_LOG = join('test-results', 'e2e-real-server.log');

/**
 * Jest global setup: the Umi mock server (for the app shell's tests) and the real product as
 * `npm start` runs it, on a fresh database (for the end-to-end account tests), side by side.
 */
export default async function setup() {
  const [mockPort, realPort] = [await freePort(), await freePort()];
  const mockUrl = `http://localhost:${mockPort}`;
  const realUrl = `http://localhost:${realPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'zn-e2e-'));
  mkdirSync('test-results', { recursive: true });
  const [mock, real] = await Promise.all([
    startProcess('node', ['node_modules/umi/bin/umi.js', 'dev'], { MOCK: '1', PORT: String(mockPort), BROWSER: 'none' }, mockUrl),
    // orders expire after a minute here, so that a browser test can watch one expire
    startProcess(
      'node',
      ['scripts/start.js'],
      { PORT: String(realPort), DATA_DIR: dataDir, EXPOSE_OUTBOX: '1', PUBLIC_URL: realUrl, ORDER_TTL_SECONDS: '60' },
      realUrl,
      REAL_SERVER_LOG,
    ),
  ]);
  process.env.E2E_MOCK_URL = mockUrl;
  process.env.E2E_REAL_URL = realUrl;
  // the real server's folder: the back-office test grants a role with `npm run admin` on it
  process.env.E2E_DATA_DIR = dataDir;
  (globalThis as any).__e2eServers = [mock, real];
}

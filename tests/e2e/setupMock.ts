import { freePort, startProcess } from './appServer';

/** Jest global setup: the Umi mock server on a free port, shared by the shell's browser tests. */
export default async function setup() {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = await startProcess(
    'node',
    ['node_modules/umi/bin/umi.js', 'dev'],
    { MOCK: '1', PORT: String(port), BROWSER: 'none', UMI_DEV_SERVER_COMPRESS: 'none' },
    baseUrl,
  );
  process.env.E2E_MOCK_URL = baseUrl;
  (globalThis as any).__mockServer = child;
}

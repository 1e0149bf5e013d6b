/**
 * Starts a server for the browser tests and waits until its API answers: the Umi mock server
 * (`umi dev` with MOCK=1) or, later, the real server. Used by the e2e global setup.
 */
import { spawn, type ChildProcess } from 'child_process';
import { createWriteStream } from 'fs';
import { createServer } from 'net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForApi(baseUrl: string, timeoutMs: number, child: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/user/getCurrent`);
      if (res.headers.get('content-type')?.includes('json')) {
        // the dev server answers the API before the first bundle is built: wait for the page too
        const page = await fetch(`${baseUrl}/`);
        if (/\/dist\/umi[.\w]*\.js/.test(await page.text())) return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${baseUrl} did not answer within ${timeoutMs} ms`);
}

/**
 * `logFile`: everything the process prints is also written there, so that a failed test can be
 * read beside what the server said at the time (CI prints its end when the browser tests fail).
 */
export async function startProcess(command: string, args: string[], env: Record<string, string>, baseUrl: string, logFile?: string) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = logFile ? createWriteStream(logFile) : undefined;
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      output = (output + chunk).slice(-4000);
      log?.write(chunk);
    });
  }
  try {
    await waitForApi(baseUrl, 300_000, child);
  } catch (error) {
    stopProcess(child);
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return child;
}

export function stopProcess(child: ChildProcess | undefined) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the whole group: umi dev forks workers
    } catch {
      // already gone
    }
  }
}

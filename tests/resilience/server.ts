/**
 * The API server as a real process for the resilience tests: started as `npm start` starts it (no
 * built app needed), stopped by signal, restarted on the same data. SQLite in a temporary folder,
 * or a new PostgreSQL database when TEST_DATABASE_URL says so.
 */
import { spawn, type ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { freePort } from '../e2e/appServer';

async function freshDatabase(dataDir: string) {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin || !/^postgres/.test(admin)) return { url: `sqlite:${join(dataDir, 'app.db')}`, drop: async () => {} };
  const name = `zn_resilience_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new Client({ connectionString: admin });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** everything the process printed */
  output: () => string;
}

export async function serverFixture(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'zn-resilience-'));
  const database = await freshDatabase(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let current: RunningServer | undefined;

  const workers: ChildProcess[] = [];

  /** One process (tsx as a loader, not its CLI, which would run the program in a child of its own). */
  function launch(entry: string, own: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        WEB_ROOT: join(dataDir, 'no-app'),
        EXPOSE_OUTBOX: '1',
        LOG_LEVEL: 'warn',
        ...env,
        ...own,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return { child, output: () => output };
  }

  async function start(): Promise<RunningServer> {
    const { child, output } = launch('server/src/main.ts');
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
      if (Date.now() > deadline) throw new Error(`server did not answer:\n${output()}`);
      try {
        if ((await fetch(`${url}/api/v1/user/getCurrent`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    current = { url, child, output };
    return current;
  }

  /** A `npm run worker` process on the same database; `own`: settings of its own beside the server's. */
  function startWorker(own: Record<string, string> = {}) {
    const worker = launch('server/src/worker.ts', own);
    workers.push(worker.child);
    return worker;
  }

  /** Sends the signal and waits for the exit: its code and how long it took. */
  async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
    const server = current!;
    current = undefined;
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill(signal);
    const code = await exited;
    return { code, ms: Date.now() - started };
  }

  return {
    url,
    dataDir,
    start,
    stop,
    startWorker,
    /** The server's resident memory now, in bytes (Linux). */
    rss() {
      const status = readFileSync(`/proc/${current!.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    secrets: () => JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')),
    async close() {
      for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
      if (current) await stop('SIGKILL');
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's session against a running server: cookies kept, JSON in and out. */
export function httpClient(baseUrl: string) {
  // by name, as a browser keeps them: login sets the session and the device cookie
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    // FormData and strings go as they are (their content type from the caller); anything else as JSON
    const raw = body instanceof FormData || typeof body === 'string';
    const cookie = cookieHeader();
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
      redirect: 'manual',
    });
    const set = res.headers.getSetCookie();
    for (const line of set) {
      const [pair] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, pair.slice(name.length + 1));
    }
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text, headers: res.headers };
  }
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
    login: (email = 'demo@zhinenglunwen.cn', password = 'Demo1234') => call('POST', '/api/v1/actionLogin', { email, password }),
    hasSession: () => jar.has('zn_session'),
    /** the Cookie header this browser sends */
    cookie: cookieHeader,
  };
}

/** A new student of their own, registered as a student registers (the code from the local outbox), and signed in. */
export async function newStudent(baseUrl: string, nickname: string) {
  const browser = httpClient(baseUrl);
  const email = `${nickname}-${Date.now()}@example.edu.cn`;
  await browser.post('/api/v1/user/sendCode', { email, purpose: 'register' });
  const outbox = await browser.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = /验证码：(\d{6})/.exec(outbox.body.result[0].body)![1];
  const registered = await browser.post('/api/v1/user/register', { email, code, password: 'Thesis2026', nickname, agreement: true });
  if (registered.status !== 200) throw new Error(`not registered: ${registered.text}`);
  if (!browser.hasSession()) await browser.login(email, 'Thesis2026');
  return browser;
}

/** A browser signed in as the demo student. */
export async function signedIn(baseUrl: string) {
  const browser = httpClient(baseUrl);
  await browser.login();
  return browser;
}

/** Milliseconds, the q-quantile of a list of timings. */
export function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * A paid check, paid as a user pays: the order's sandbox payment page, then 支付成功 on it (the
 * sandbox then notifies the server, signed, exactly as a gateway does).
 */
export async function paidCheck(browser: ReturnType<typeof httpClient>, baseUrl: string, text: string) {
  const created = await browser.post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text });
  if (created.status !== 200) throw new Error(`check not created: ${created.text}`);
  const { review, orderId } = created.body.result;
  const pay = await browser.post(`/api/v1/order/${orderId}/pay`, { channel: 'alipay' });
  const payUrl = new URL(pay.body.result.payUrl, baseUrl);
  const paid = await fetch(payUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl }, body: 'result=pay' });
  if (!(await paid.text()).includes('支付成功')) throw new Error('sandbox payment failed');
  return { reviewId: review.id as string, orderId: orderId as string };
}

/** `count` paid checks of one student, handed in one after another; the i-th with `paper(i)` as its text. */
export async function paidChecks(browser: ReturnType<typeof httpClient>, baseUrl: string, count: number, paper: (i: number) => string) {
  const checks: { reviewId: string; orderId: string }[] = [];
  for (let i = 0; i < count; i += 1) checks.push(await paidCheck(browser, baseUrl, paper(i)));
  return checks;
}

/** One running server for a whole test file: started before its tests, removed after them. */
export function useServer(env: Record<string, string> = {}) {
  let fixture: Awaited<ReturnType<typeof serverFixture>>;
  beforeAll(async () => {
    fixture = await serverFixture(env);
    await fixture.start();
  });
  afterAll(() => fixture.close());
  return { server: () => fixture, url: () => fixture.url };
}

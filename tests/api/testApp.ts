/**
 * A fresh server and database for a test file: SQLite in a temporary folder, or a new PostgreSQL
 * database when TEST_DATABASE_URL is a postgres URL (CI runs the suite both ways).
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { buildApp, type BuildOptions } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { seedDemoContent } from '../../server/src/seed';
import { randomBytes } from 'crypto';
import { Migrator } from 'kysely';
import { createDb, type Db } from '../../server/src/db';
import { migrations } from '../../server/src/db/migrations';
import { REVIEW_SYSTEMS } from '../../server/src/modules/review';

/**
 * A database of a test file's own that nothing has migrated yet, for tests of migrations: `db`,
 * its `url` and its `dataDir` are set before the file's tests run and removed after them.
 */
/**
 * The offered review systems as a table made before 0019_catalogue_enabled holds them (typed as
 * today's rows, which old databases are written through).
 */
export const reviewSystemsBeforeSale = () => REVIEW_SYSTEMS.map(({ enabled: _enabled, ...row }) => row) as typeof REVIEW_SYSTEMS;

export function useUnmigratedDatabase(prefix: string) {
  const fresh = {} as { db: Db; url: string; dataDir: string; migrator: () => Migrator };
  let drop = async () => {};
  beforeAll(async () => {
    fresh.dataDir = mkdtempSync(join(tmpdir(), prefix));
    const database = await freshDatabaseUrl(fresh.dataDir);
    drop = database.drop;
    fresh.url = database.url;
    fresh.db = createDb(database.url);
    fresh.migrator = () => new Migrator({ db: fresh.db, provider: { getMigrations: async () => migrations } });
  });
  afterAll(async () => {
    await fresh.db.destroy();
    await drop();
    rmSync(fresh.dataDir, { recursive: true, force: true });
  });
  return fresh;
}

export async function freshDatabaseUrl(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin || !/^postgres/.test(admin)) return { url: `sqlite:${join(dataDir, 'test.db')}`, drop: async () => {} };
  const name = `zn_test_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `build.onRoute` is told of the routes of every app built, the first and any restart's. */
export async function createTestApp(overrides: Partial<Config> = {}, build: Pick<BuildOptions, 'onRoute'> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'zn-api-'));
  const database = await freshDatabaseUrl(dataDir);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      databaseUrl: database.url,
      sessionSecret: randomBytes(32).toString('hex'),
      webRoot: undefined,
      logLevel: 'silent',
      exposeOutbox: true,
      ...overrides,
    },
  );
  const app = await buildApp(config, build);
  await seedDemoContent(app.db, app.storage);
  const handle = {
    app,
    config,
    /** A clean shutdown, then a new server on the same database and data folder (a restart). */
    async restart() {
      await handle.app.close();
      handle.app = await buildApp(config, build);
      return handle.app;
    },
    async close() {
      await handle.app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** A cookie jar for one client of the API. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    store(setCookie: string | string[] | undefined) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair.split('=');
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value.join('='));
      }
    },
    get: (name: string) => cookies.get(name),
  };
}

import type { FastifyInstance } from 'fastify';

/** One browser's view of the API: requests carry and keep its cookies. */
export function client(app: FastifyInstance) {
  const jar = cookieJar();
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, payload, headers: { cookie: jar.header(), ...headers } });
    jar.store(res.headers['set-cookie']);
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: json && res.body ? res.json() : undefined, headers: res.headers, raw: res };
  };
  return {
    jar,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    put: (url: string, payload?: object) => call('PUT', url, payload),
    call,
    login: (email = 'demo@zhinenglunwen.cn', password = 'Demo1234') => call('POST', '/api/v1/actionLogin', { email, password }),
  };
}

/** The latest code mailed to an address, read from the outbox. */
export async function codeFromOutbox(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  const match = /验证码：(\d{6})/.exec(res.json().result[0]?.body ?? '');
  if (!match) throw new Error(`no code mailed to ${to}`);
  return match[1];
}

/** A second, freshly registered user, signed in. */
export async function otherUser(app: FastifyInstance) {
  const email = `other${Math.random().toString(36).slice(2, 8)}@example.cn`;
  const browser = client(app);
  await browser.post('/api/v1/user/sendCode', { email, purpose: 'register' });
  await browser.post('/api/v1/user/register', { email, code: await codeFromOutbox(app, email), password: 'Other1234', nickname: '别人', agreement: true });
  await browser.login(email, 'Other1234');
  return browser;
}

/** A multipart/form-data body: text fields, then one file (or several) under `file`. */
export function multipart(fields: Record<string, string>, file: { name: string; data: Buffer } | { name: string; data: Buffer }[]) {
  const boundary = '----zn-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const files = [file]
    .flat()
    .flatMap(({ name, data }) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([...parts, ...files, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload: payload as unknown as object, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Pays an order the way a verified notification of the sandbox gateway does; answers the order's new state. */
export const payAsGateway = (app: FastifyInstance, orderId: string, amountFen: number) =>
  app.orders.applyPayment({ gateway: 'sandbox', tradeNo: `T${orderId}`, orderId, amountFen });

/**
 * The browser-side defences every answer carries (server/src/plugins/securityHeaders.ts): the
 * site's policy, no framing, no sniffing, a referrer policy; `stored: false` for what no cache may keep.
 */
export function expectBrowserDefences(headers: Record<string, unknown>, { stored = true } = {}) {
  const policy = String(headers['content-security-policy'] ?? '');
  expect(policy).toMatch(/(^|; )default-src 'self'(;|$)/);
  expect(policy).toMatch(/(^|; )script-src 'self'( 'sha256-[^']+')?(;|$)/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  if (!stored) expect(headers['cache-control']).toBe('no-store');
}

/**
 * A test file's server with the demo user signed in: made before the file's tests, closed after.
 * The getters answer the current ones.
 */
export function useSignedInApp(overrides: Partial<Config> = {}) {
  let handle: Awaited<ReturnType<typeof createTestApp>>;
  let browser: ReturnType<typeof client>;
  beforeAll(async () => {
    handle = await createTestApp(overrides);
    browser = client(handle.app);
    await browser.login();
  });
  afterAll(() => handle.close());
  return { test: () => handle, me: () => browser };
}

/** `npm run admin -- <args>` as an operator runs it, against the test's database. */
export function runAdminCommand(config: Config, args: string[]) {
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'server/src/cli/admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: config.databaseUrl, DATA_DIR: config.dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, output: run.stdout + run.stderr };
}

/** A newly registered account made `role` on the command line, signed in. */
export async function staffUser(t: { app: FastifyInstance; config: Config }, role: 'operator' | 'admin') {
  const browser = await otherUser(t.app);
  const { email } = (await browser.get('/api/v1/user/getCurrent')).body.result;
  const grant = runAdminCommand(t.config, ['grant', email, role]);
  if (grant.code !== 0) throw new Error(grant.output);
  return Object.assign(browser, { email: email as string });
}

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { availableParallelism, tmpdir } from 'os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'zlib';
import { join } from 'path';
import { loadConfig } from '../../server/src/config';
import { createTestApp } from './testApp';

describe('serving the built app', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'zn-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>论文网一站式服务平台【智能论文】</title><script src="/dist/umi.abc123.js"></script>');
  writeFileSync(join(webRoot, 'umi.abc123.js'), 'console.log(1)');
  // the compressed copies `umi build` writes beside each asset (.umirc.ts)
  writeFileSync(join(webRoot, 'umi.abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(webRoot, 'umi.abc123.js.gz'), gzipSync('console.log(1)'));
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ webRoot });
  });
  afterAll(() => t.close());

  test('assets under /dist/ with long cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dist/umi.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test.each([
    ['br', 'gzip, deflate, br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip, deflate', (body: Buffer) => gunzipSync(body)],
  ] as const)('the %s copy made at build time to a browser that accepts it, cached as long', async (encoding, accept, decode) => {
    const res = await t.app.inject({ method: 'GET', url: '/dist/umi.abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe('console.log(1)');
  });

  // the last: a link to an article cut short inside a Chinese character (not valid percent-encoding)
  test.each(['/', '/review/home/3', '/personal/home/basic-info', '/no/such/page', '/article/detail/%E7%9D'])(
    '%s falls back to index.html, not cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('论文网一站式服务平台【智能论文】');
    },
  );

  test('an unknown /api path answers 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  test("an /api path cut short inside a character answers the API's 404, not the framework's English", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/article/%E7%9D' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  test('a missing asset is 404, not the page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dist/missing.js' })).statusCode).toBe(404);
  });

  test('the OpenAPI description is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/v1/user/getCurrent', '/api/v1/actionLogin', '/api/v1/actionLogin/logout']));
  });
});

describe('settings', () => {
  test('LibreOffice engines for typesetting: one per core by default, 0 for none (started per conversion); nonsense is refused', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zn-cfg-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).typesetEngines).toBe(availableParallelism());
      expect(loadConfig({ DATA_DIR: dataDir, TYPESET_ENGINES: '3' }).typesetEngines).toBe(3);
      expect(loadConfig({ DATA_DIR: dataDir, TYPESET_ENGINES: '0' }).typesetEngines).toBe(0);
      for (const wrong of ['two', '-1', '1.5', '33']) expect(() => loadConfig({ DATA_DIR: dataDir, TYPESET_ENGINES: wrong })).toThrow(/TYPESET_ENGINES/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('shards: one of one by default; a process holds all, some or none of them; a part waits 30 minutes; nonsense is refused', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zn-cfg-'));
    const waitMs = 30 * 60_000;
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).shards).toEqual({ count: 1, held: [0], waitMs });
      expect(loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: '3' }).shards).toEqual({ count: 3, held: [0, 1, 2], waitMs });
      expect(loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: '3', CORPUS_SHARDS_HELD: '2, 0' }).shards).toEqual({ count: 3, held: [0, 2], waitMs });
      expect(loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: '2', CORPUS_SHARDS_HELD: 'none' }).shards).toEqual({ count: 2, held: [], waitMs });
      expect(loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: '2', CORPUS_SHARD_WAIT_MINUTES: '5' }).shards).toEqual({
        count: 2,
        held: [0, 1],
        waitMs: 5 * 60_000,
      });
      expect(() => loadConfig({ DATA_DIR: dataDir, CORPUS_SHARD_WAIT_MINUTES: 'soon' })).toThrow(/CORPUS_SHARD_WAIT_MINUTES/);
      expect(() => loadConfig({ DATA_DIR: dataDir, CORPUS_SHARD_WAIT_MINUTES: '0' })).toThrow(/CORPUS_SHARD_WAIT_MINUTES/);
      expect(() => loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: '2', CORPUS_SHARDS_HELD: '2' })).toThrow(/CORPUS_SHARDS_HELD/);
      expect(() => loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: '0' })).toThrow(/CORPUS_SHARDS/);
      expect(() => loadConfig({ DATA_DIR: dataDir, CORPUS_SHARDS: 'two' })).toThrow(/CORPUS_SHARDS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('defaults: port 8000, SQLite under data/, a generated secret kept for the owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zn-cfg-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBe(`sqlite:${join(dataDir, 'app.db')}`);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
    expect(JSON.parse(readFileSync(file, 'utf8')).sessionSecret).toBe(config.sessionSecret);
  });

  test('the environment wins', () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'zn-cfg-')),
      PORT: '9000',
      SESSION_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://a.cn',
    });
    expect(config).toMatchObject({
      port: 9000,
      sessionSecret: 'x'.repeat(40),
      databaseUrl: 'postgres://u@h/db',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://a.cn',
    });
  });

  test.each(['secret', 'changeme', 'short'])('production refuses a weak session secret (%s)', (secret) => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'zn-cfg-')), SESSION_SECRET: secret })).toThrow(/SESSION_SECRET/);
  });

  test('the outbox API is never on in production', () => {
    const env = { NODE_ENV: 'production', EXPOSE_OUTBOX: '1', SESSION_SECRET: 'y'.repeat(40), PAYMENT_GATEWAY: 'sandbox' };
    expect(loadConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'zn-cfg-')) }).exposeOutbox).toBe(false);
  });

  test('production does not fall back to the sandbox gateway, where anyone can mark an order paid: the gateway is named', () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 'y'.repeat(40) };
    expect(() => loadConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'zn-cfg-')) })).toThrow(/PAYMENT_GATEWAY must be named/);
    expect(loadConfig({ ...env, PAYMENT_GATEWAY: 'sandbox', DATA_DIR: mkdtempSync(join(tmpdir(), 'zn-cfg-')) }).paymentGateway).toBe('sandbox');
  });
});

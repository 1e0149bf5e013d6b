/**
 * Every setting of the server, read from the environment once, with safe defaults. Secrets that
 * are not given are generated on first start and kept under the data folder, readable by the
 * owner only, so `npm start` never needs one set by hand.
 */
import { randomBytes } from 'crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'fs';
import { availableParallelism } from 'os';
import { join, resolve } from 'path';
import { newRsaKeyPair } from './lib/keys';
import { ownerOnlyFolder } from './lib/ownerOnly';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** Public address of the site; an https address makes the session cookie Secure. */
  publicUrl: string;
  dataDir: string;
  /** `sqlite:<file>` (default, under dataDir) or a postgres:// URL. */
  databaseUrl: string;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where the built app is (index.html and the /dist/ assets); absent in API-only tests. */
  webRoot?: string;
  /** The outbox API for local testing (never in production). */
  exposeOutbox: boolean;
  /**
   * Which proxies may name the client's address in X-Forwarded-For (Fastify's trustProxy: a hop
   * count, or addresses and CIDR ranges); false by default, so no client can choose its own address.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Whether the web server also runs reviews and typesetting (RUN_JOBS=0: `npm run worker` does). */
  runJobs: boolean;
  /**
   * The library's index in shards (CORPUS_SHARDS, 1 by default: one index of the whole library),
   * and which of them this process holds and runs reviews on (CORPUS_SHARDS_HELD: `0,2`, or `none`
   * for a process that only splits and merges reviews; all by default), and how long a shard's part
   * of a review may wait for a process that holds it before the review is given up and refunded
   * (CORPUS_SHARD_WAIT_MINUTES, 30).
   */
  shards: { count: number; held: number[]; waitMs: number };
  /**
   * LibreOffice engines this process keeps running for typesetting, and so typesetting jobs it runs
   * at once (TYPESET_ENGINES, one per core by default); 0 starts LibreOffice for each conversion.
   */
  typesetEngines: number;
  /** The local sandbox gateway's app id and RSA key pair (its notifications are signed with it). */
  sandbox: { appId: string; privateKey: string; publicKey: string };
  /** How long an order waits for its payment before it closes (30 minutes). */
  orderTtlMs: number;
  /**
   * How long a running job's lock lasts without renewal (a minute): a process killed mid-job leaves
   * it locked that long, then another process (or this one, restarted) takes it up.
   */
  jobLockMs: number;
  /** `sandbox` (default) or `alipay`: which gateway takes payments. */
  paymentGateway: 'sandbox' | 'alipay';
  /** Alipay's settings, when given (ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY). */
  alipay?: { appId: string; privateKey: string; alipayPublicKey: string; gateway: string };
}

const WEAK_SECRETS = new Set(['secret', 'changeme', 'change-me', 'session-secret', 'dev', 'test']);

/** A secret from the environment, or one generated once and kept in dataDir/secrets.json. */
function secretFor(name: string, dataDir: string, fromEnv: string | undefined, generate = () => randomBytes(32).toString('base64url')): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[name]) {
    secrets[name] = generate();
    ownerOnlyFolder(dataDir);
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets[name];
}

/** How long a shard's part of a review waits for a process that holds the shard, unless configured. */
const SHARD_WAIT_MINUTES = 30;

/** TYPESET_ENGINES (see Config.typesetEngines). */
export function parseTypesetEngines(value: string | undefined): number {
  if (value === undefined || value === '') return availableParallelism();
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 32) throw new Error('TYPESET_ENGINES must be a whole number from 0 to 32.');
  return n;
}

/** CORPUS_SHARDS, CORPUS_SHARDS_HELD and CORPUS_SHARD_WAIT_MINUTES (see Config.shards). */
export function parseShards(count: string | undefined, held: string | undefined, waitMinutes?: string): Config['shards'] {
  const n = Number(count?.trim() || 1);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error('CORPUS_SHARDS must be a whole number from 1 to 64.');
  const wait = Number(waitMinutes?.trim() || SHARD_WAIT_MINUTES);
  if (!(wait > 0)) throw new Error('CORPUS_SHARD_WAIT_MINUTES must be a number of minutes above 0.');
  const all = Array.from({ length: n }, (_, i) => i);
  const text = held?.trim();
  const list = !text ? all : text === 'none' ? [] : text.split(',').map((part) => Number(part.trim()));
  if (list.some((i) => !all.includes(i))) throw new Error(`CORPUS_SHARDS_HELD names shards from 0 to ${n - 1}, separated by commas, or none.`);
  return { count: n, held: [...new Set(list)].sort((a, b) => a - b), waitMs: wait * 60_000 };
}

/** TRUST_PROXY: empty (trust none), a hop count such as `1`, or `127.0.0.1,10.0.0.0/8`. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim();
  if (!text || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') throw new Error("TRUST_PROXY=true would let any client name its own address: give the proxies' addresses or a hop count.");
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 8000);
  const sessionSecret = overrides.sessionSecret ?? secretFor('sessionSecret', dataDir, env.SESSION_SECRET);
  if (production && (sessionSecret.length < 32 || WEAK_SECRETS.has(sessionSecret.toLowerCase()))) {
    throw new Error('SESSION_SECRET is too weak for production: use at least 32 random characters.');
  }
  // the sandbox lets anyone mark an order paid: a site that serves students says which gateway it means
  if (production && !env.PAYMENT_GATEWAY) {
    throw new Error('In production PAYMENT_GATEWAY must be named: alipay takes real payments; sandbox lets anyone mark an order paid (a trial site only).');
  }
  if (env.PAYMENT_GATEWAY === 'alipay' && !(env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY)) {
    throw new Error('PAYMENT_GATEWAY=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY.');
  }
  const sandboxKeys = JSON.parse(
    secretFor('sandboxKeys', dataDir, env.SANDBOX_KEYS, () => JSON.stringify({ appId: `sandbox-${randomBytes(6).toString('hex')}`, ...newRsaKeyPair() })),
  );
  const config: Config = {
    production,
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${join(dataDir, 'app.db')}`,
    sessionSecret,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? '智能论文 <no-reply@zhinenglunwen.cn>',
    webRoot: resolve(env.WEB_ROOT ?? 'dist'),
    exposeOutbox: !production && env.EXPOSE_OUTBOX === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    runJobs: env.RUN_JOBS !== '0',
    shards: parseShards(env.CORPUS_SHARDS, env.CORPUS_SHARDS_HELD, env.CORPUS_SHARD_WAIT_MINUTES),
    typesetEngines: parseTypesetEngines(env.TYPESET_ENGINES),
    sandbox: sandboxKeys,
    orderTtlMs: Number(env.ORDER_TTL_SECONDS || 30 * 60) * 1000,
    jobLockMs: Number(env.JOB_LOCK_SECONDS || 60) * 1000,
    paymentGateway: env.PAYMENT_GATEWAY === 'alipay' ? 'alipay' : 'sandbox',
    alipay:
      env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
        ? {
            appId: env.ALIPAY_APP_ID,
            privateKey: env.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
            gateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
          }
        : undefined,
    ...overrides,
  };
  return config;
}

/**
 * The mock's door onto the real server: `buildApp()` over an in-memory SQLite database seeded with
 * the demo content of `npm start` (files in a temporary folder), built once per process, and every
 * /api call answered by `app.inject` with the call's method, address, headers and body, its answer
 * copied back as it is. So the mock has the server's routes, rules, sessions and answers, and no
 * copy of them. What is the mock's own: paid work runs before the answer (no background wait), and
 * the codes it "mails" are DEMO_CODE (users.ts).
 */
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { internal } from '../../server/src/lib/errors';
import { seedDemoContent } from '../../server/src/seed';
import { kept, type MockRequest, type MockResponse, type UploadedFile } from './kit';
import { DEMO_CODE, mailedCode, seedMockAccounts } from './users';

async function build(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zn-mock-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  // PUBLIC_URL or http://localhost:PORT, as for the server: the same-origin rule and the sandbox's links use it
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', SMTP_URL: '', PAYMENT_GATEWAY: 'sandbox' },
    {
      dataDir,
      databaseUrl: 'sqlite::memory:',
      sessionSecret: randomBytes(32).toString('hex'),
      webRoot: undefined,
      logLevel: process.env.MOCK_LOG_LEVEL ?? 'warn',
      exposeOutbox: true,
      // one LibreOffice for typeset previews and sample pages is plenty for one tester
      typesetEngines: 1,
    },
  );
  const app = await buildApp(config);
  await seedDemoContent(app.db, app.storage);
  await seedMockAccounts(app);
  return app;
}

/** The mock's app, built at the first call and kept (see `kept`). */
export const mockApp = () => (kept.__znMockApp ??= build());

/** Headers that belong to one connection, not to the request or answer carried. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** A multipart/form-data body: text fields, then the files (the server reads fields before the file). */
export function multipartBody(fields: Record<string, unknown>, files: UploadedFile[]) {
  const boundary = `----zn-mock-${randomBytes(12).toString('hex')}`;
  const quoted = (text: string) => text.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
  const parts: Buffer[] = Object.entries(fields).flatMap(([name, value]) =>
    [value].flat().map((one) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${String(one)}\r\n`)),
  );
  for (const file of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.fieldname)}"; filename="${quoted(file.originalname)}"\r\nContent-Type: ${file.mimetype || 'application/octet-stream'}\r\n\r\n`;
    parts.push(Buffer.from(head, 'utf8'), file.buffer, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body Umi's mock server parsed, written again as the content type it came in. */
function bodyOf(req: MockRequest, contentType: string): { payload?: InjectOptions['payload']; contentType?: string } {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  if (/^multipart\/form-data/i.test(contentType)) return multipartBody(req.body ?? {}, req.files ?? []);
  if (req.body === undefined) return {};
  if (/urlencoded/i.test(contentType)) return { payload: new URLSearchParams(req.body).toString(), contentType };
  if (/json/i.test(contentType) || typeof req.body === 'object') return { payload: JSON.stringify(req.body), contentType: contentType || 'application/json' };
  return { payload: String(req.body), contentType };
}

/** The inject call for a request as Umi's mock server hands it over. */
async function injectOf(app: FastifyInstance, req: MockRequest): Promise<InjectOptions> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  const { payload, contentType } = bodyOf(req, String(headers['content-type'] ?? ''));
  if (contentType) headers['content-type'] = contentType;
  // a body the server's parser would wait for: none came
  if (payload === undefined) delete headers['content-type'];
  const url = req.originalUrl ?? req.url ?? `${req.path}${new URLSearchParams(req.query).size ? `?${new URLSearchParams(req.query)}` : ''}`;
  return { method: req.method as InjectOptions['method'], url, headers, payload: await withMailedCode(app, req, payload) };
}

/** DEMO_CODE in a registration or a reset stands for the code the server mailed (to its outbox). */
async function withMailedCode(app: FastifyInstance, req: MockRequest, payload: InjectOptions['payload']) {
  const purpose = ({ '/api/v1/user/register': 'register', '/api/v1/user/resetPassword': 'reset' } as const)[req.path];
  if (!purpose || req.body?.code !== DEMO_CODE || typeof req.body.email !== 'string') return payload;
  const code = await mailedCode(app, req.body.email, purpose);
  return code ? JSON.stringify({ ...req.body, code }) : payload;
}

/** Answers a request of Umi's mock server (or the page tests' stand-in for it) from the real server. */
export async function forward(req: MockRequest, res: MockResponse) {
  try {
    const app = await mockApp();
    const answer = await app.inject(await injectOf(app, req));
    // paid reviews and uploaded manuscripts are done before the answer: QA sees them at once
    if (req.method !== 'GET') await app.jobs.drain();
    res.status(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, typeof value === 'number' ? String(value) : value);
    }
    res.end(answer.rawPayload);
  } catch (error) {
    console.error(error);
    res.status(500).json(internal().toBody());
  }
}

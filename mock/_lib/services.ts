/**
 * Reading, checks and their orders in the mock answer from the server's own services over an
 * in-memory SQLite database seeded with the same demo content as `npm start`, so QA sees exactly
 * what users will (lists, search ranking, prices, reports) without running the API server. Only
 * accounts stay the mock's own (mock/user.ts): a mock user gets a row here on first use.
 */
import { ShowType } from '../../common/api';
import { Value } from '@sinclair/typebox/value';
import type { TObject } from '@sinclair/typebox';
import { createDb, migrateToLatest } from '../../server/src/db';
import { seedDemoContent } from '../../server/src/seed';
import { AppError } from '../../server/src/lib/errors';
import type { Storage } from '../../server/src/lib/storage';
import { createArticleRepo, createArticleService } from '../../server/src/modules/article';
import { createDocumentRepo, createDocumentService } from '../../server/src/modules/document';
import { createSearchService } from '../../server/src/modules/search';
import { createJobRunner } from '../../server/src/jobs/runner';
import { createOrderRepo, createOrderService } from '../../server/src/modules/order';
import { createCorpusShards, createReviewRepo, createReviewService } from '../../server/src/modules/review';
import { parseShards } from '../../server/src/config';
import {
  createAdminArticles,
  createAdminCatalogue,
  createAdminJobs,
  createAdminOverview,
  createAdminLibrary,
  createAdminService,
  createAdminUserDetail,
} from '../../server/src/modules/admin';
import { createAuditRepo, createAuditService } from '../../server/src/modules/audit';
import { refundThrough, sandboxRefund } from '../../server/src/modules/payment';
import { createUserRepo, createUserService } from '../../server/src/modules/user';
import type { FastifyBaseLogger } from 'fastify';
import { createTypesetRepo, createTypesetService } from '../../server/src/modules/typeset';
import { Readable } from 'stream';
import { randomUUID } from 'crypto';
import { readFile, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join } from 'path';
import { endAllSessions, failure, ok, type MockRequest, type MockResponse } from './kit';
import { findUserById } from './users';

/** Files kept in memory: manuscripts and typeset documents live as long as the mock does. */
function memoryStorage(): Storage {
  const files = new Map<string, Buffer>();
  return {
    put: async (key, data) => void files.set(key, data),
    get: (key) => (files.has(key) ? Readable.from([files.get(key)!]) : undefined),
    remove: async (key) => void files.delete(key),
    incomingPath: () => join(tmpdir(), `zn-mock-upload-${randomUUID()}`),
    adopt: async (key, path) => void files.set(key, await readFile(path)),
    // the mock's incoming files are temporary files it removes itself
    sweepIncoming: async () => 0,
  };
}

/** An uploaded file as the server receives it (on disk) for the service's call, removed afterwards. */
export async function withReceived<T>(data: Buffer, work: (path: string) => Promise<T>): Promise<T> {
  const path = (await mockServices()).files.incomingPath();
  await writeFile(path, data);
  try {
    return await work(path);
  } finally {
    await rm(path, { force: true });
  }
}

async function start() {
  const files = memoryStorage();
  const db = createDb('sqlite::memory:');
  await migrateToLatest(db);
  await seedDemoContent(db, files);
  const articles = createArticleService(createArticleRepo(db));
  const documents = createDocumentService(createDocumentRepo(db), files);
  const orders = createOrderService(createOrderRepo(db), 30 * 60 * 1000);
  const jobs = createJobRunner(db);
  const reviews = createReviewService({
    repo: createReviewRepo(db),
    orders,
    jobs,
    shards: createCorpusShards(documents, parseShards(undefined, undefined)),
    documents,
    storage: files,
  });
  orders.registerPayable('review', reviews.payable);
  for (const [kind, handler] of reviews.jobs) jobs.register(kind, handler);
  const typesets = createTypesetService({ repo: createTypesetRepo(db), jobs, storage: files });
  orders.registerPayable('typeset', typesets.payable);
  jobs.register('typeset', typesets.job);

  /** The row of a mock account, made on first use (checks and orders belong to a user). */
  async function userRow(userId: string) {
    const existing = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (existing) return existing;
    const mock = findUserById(userId)!;
    const now = new Date().toISOString();
    // the e-mail is the mock's own business: a placeholder keeps it apart from the seeded demo row
    await db
      .insertInto('users')
      .values({
        id: mock.id,
        email: `${mock.id}@mock.invalid`,
        password_hash: '-',
        nickname: mock.nickname,
        real_name: null,
        school: null,
        major: null,
        degree: null,
        phone: null,
        avatar: null,
        role: mock.role,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  }

  // the back office's refunds go to a sandbox gateway of the mock's own (its payments are sandbox ones)
  const audit = createAuditService(createAuditRepo(db));
  const sandbox = { name: 'sandbox', refund: sandboxRefund(new Map()) };
  const admin = createAdminService({
    orders,
    users: createUserService({ users: createUserRepo(db), storage: files }),
    // mock sessions are the mock's own (mock/_lib/kit.ts)
    // a disabled account is signed out of the mock as of the server
    auth: { endSessions: async (userId: string) => endAllSessions(userId) },
    payments: { refund: (order, refund) => refundThrough([sandbox], order, refund) },
    audit,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
  });

  return {
    admin,
    adminArticles: createAdminArticles({ articles, audit }),
    adminCatalogue: createAdminCatalogue({ reviews, typesets, audit }),
    adminOverview: createAdminOverview({ orders, reviews, jobs }),
    adminJobs: createAdminJobs({ jobs, audit }),
    // the library (文献库) and an account's detail, as the server's
    adminLibrary: createAdminLibrary({ documents, audit }),
    adminUserDetail: createAdminUserDetail({ users: createUserService({ users: createUserRepo(db), storage: files }), orders, reviews, typesets }),
    audit,
    article: articles,
    document: documents,
    search: createSearchService(articles, documents),
    orders,
    jobs,
    reviews,
    typesets,
    files,
    userRow,
    /** Pays an order of these services as the sandbox would; false when the id is not theirs. */
    async pay(orderId: string) {
      const order = await orders.find(orderId);
      if (!order) return false;
      await orders.applyPayment({ gateway: 'sandbox', tradeNo: `MOCK${orderId}`, orderId, amountFen: order.amount_fen });
      await jobs.drain();
      return true;
    },
  };
}

let services: ReturnType<typeof start> | undefined;
/** Seeded on first use, once. */
export const mockServices = () => (services ??= start());

/** The query as the route's schema reads it (defaults, numbers), or a 422 like the server's. */
export const validQuery = <T>(schema: TObject, req: MockRequest, res: MockResponse): T | undefined => valid<T>(schema, req.query, res);

/** A query or body as the route's schema reads it, or a 422 like the server's. */
export function valid<T>(schema: TObject, value: unknown, res: MockResponse): T | undefined {
  const query = Value.Convert(schema, Value.Default(schema, { ...(value as object) }));
  const problem = Value.Errors(schema, query).First();
  if (!problem) return query as T;
  const field = problem.path.split('/')[1];
  const message = (schema.properties[field] as { errorMessage?: string } | undefined)?.errorMessage ?? '提交的内容不正确';
  res.status(422).json(failure(message, 'VALIDATION', ShowType.ERROR_MESSAGE, { errors: { [field]: message } }));
  return undefined;
}

/** Answers with the service's result, or with its error the way the server's handler does. */
export async function answer(res: MockResponse, work: () => Promise<unknown>) {
  try {
    res.json(ok(await work()));
  } catch (error) {
    if (error instanceof AppError) res.status(error.statusCode).json(error.toBody());
    else res.status(500).json(failure('服务器开小差了，请稍后再试', 'INTERNAL'));
  }
}

/**
 * The services of every module, made once and wired together: each module's plugin is given
 * these, and a module reads another's data only through that module's service. Paid kinds and
 * job kinds (review, typeset) register with the order service and the job runner here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { createJobRunner } from './jobs/runner';
import { createFilePool } from './lib/filePool';
import { ownerOnlyFolder } from './lib/ownerOnly';
import { localStorage } from './lib/storage';
import {
  createAdminArticles,
  createAdminCatalogue,
  createAdminJobs,
  createAdminOverview,
  createAdminLibrary,
  createAdminService,
  createAdminUserDetail,
} from './modules/admin';
import { createAuditRepo, createAuditService } from './modules/audit';
import { createArticleRepo, createArticleService } from './modules/article';
import { createAuthRepo, createAuthService } from './modules/auth';
import { createDocumentRepo, createDocumentService } from './modules/document';
import { createOutboxRepo, createMailService } from './modules/mail';
import { createOrderRepo, createOrderService } from './modules/order';
import { activeGateway, createPaymentService } from './modules/payment';
import { createCorpusShards, createReviewRepo, createReviewService } from './modules/review';
import { createSearchService } from './modules/search';
import { createThrottleRepo, createThrottle } from './modules/throttle';
import { createTypesetRepo, createTypesetService } from './modules/typeset';
import { createUserRepo, createUserService } from './modules/user';

export function createServices(config: Config, db: Db, log: FastifyBaseLogger) {
  // the database, the papers and the secrets are the server's user's alone (lib/ownerOnly.ts)
  ownerOnlyFolder(config.dataDir);
  const storage = localStorage(`${config.dataDir}/files`);
  // untrusted files are read in worker threads (lib/filePool.ts)
  const files = createFilePool();
  const jobs = createJobRunner(db, { log, lockMs: config.jobLockMs });

  const users = createUserRepo(db);
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: createOutboxRepo(db), log });
  const throttle = createThrottle(createThrottleRepo(db));
  const userService = createUserService({ users, storage });
  const auth = createAuthService({ auth: createAuthRepo(db), users: userService, mail, throttle });

  const articles = createArticleService(createArticleRepo(db));
  const documents = createDocumentService(createDocumentRepo(db), storage);
  const orders = createOrderService(createOrderRepo(db), config.orderTtlMs);
  const payments = createPaymentService({ orders, active: activeGateway(config) });

  // the library's index for reviews, whole or in shards, kept in the data folder between starts
  // (review/corpus.ts, review/shards.ts)
  const shards = createCorpusShards(documents, config.shards, { dataDir: config.dataDir, log });
  const reviews = createReviewService({ repo: createReviewRepo(db), orders, jobs, shards, documents, storage, paperText: files.paperText });
  orders.registerPayable('review', reviews.payable);
  for (const [kind, handler] of reviews.jobs) jobs.register(kind, handler);
  const typesets = createTypesetService({
    repo: createTypesetRepo(db),
    jobs,
    storage,
    orders,
    checkManuscript: files.checkManuscript,
    layoutEngines: config.typesetEngines,
  });
  orders.registerPayable('typeset', typesets.payable);
  // twice as many typesettings at once as LibreOffice engines: while one reads its manuscript or
  // writes its .docx here, the engines lay out the others' instead of waiting for it
  jobs.register('typeset', typesets.job, Math.max(1, 2 * config.typesetEngines));

  const audit = createAuditService(createAuditRepo(db));

  return {
    audit,
    admin: createAdminService({ orders, users: userService, auth, payments, audit, log }),
    adminArticles: createAdminArticles({ articles, audit }),
    adminCatalogue: createAdminCatalogue({ reviews, typesets, audit }),
    adminOverview: createAdminOverview({ orders, reviews, jobs }),
    adminJobs: createAdminJobs({ jobs, orders, audit }),
    adminLibrary: createAdminLibrary({ documents, audit }),
    adminUserDetail: createAdminUserDetail({ users: userService, orders, reviews, typesets }),
    storage,
    files,
    jobs,
    shards,
    mail,
    throttle,
    auth,
    users: userService,
    articles,
    documents,
    search: createSearchService(articles, documents),
    orders,
    payments,
    reviews,
    typesets,
  };
}

export type Services = ReturnType<typeof createServices>;

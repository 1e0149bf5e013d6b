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
import { localStorage } from './lib/storage';
import { createAdminService } from './modules/admin/service';
import { createAdminArticles } from './modules/admin/articles';
import { createAdminCatalogue } from './modules/admin/catalogue';
import { createAuditRepo } from './modules/audit/repo';
import { createAuditService } from './modules/audit/service';
import { createArticleRepo } from './modules/article/repo';
import { createArticleService } from './modules/article/service';
import { createAuthRepo } from './modules/auth/repo';
import { createAuthService } from './modules/auth/service';
import { createDocumentRepo } from './modules/document/repo';
import { createDocumentService } from './modules/document/service';
import { createOutboxRepo } from './modules/mail/repo';
import { createMailService } from './modules/mail/service';
import { createOrderRepo } from './modules/order/repo';
import { createOrderService } from './modules/order/service';
import { activeGateway, createPaymentService } from './modules/payment/service';
import { createCorpusShards } from './modules/review/shards';
import { createReviewRepo } from './modules/review/repo';
import { createReviewService } from './modules/review/service';
import { createSearchService } from './modules/search/service';
import { createThrottleRepo } from './modules/throttle/repo';
import { createThrottle } from './modules/throttle/service';
import { createTypesetRepo } from './modules/typeset/repo';
import { createTypesetService } from './modules/typeset/service';
import { createUserRepo } from './modules/user/repo';
import { createUserService } from './modules/user/service';

export function createServices(config: Config, db: Db, log: FastifyBaseLogger) {
  const storage = localStorage(`${config.dataDir}/files`);
  // untrusted files are read in worker threads (lib/filePool.ts)
  const files = createFilePool();
  const jobs = createJobRunner(db, { log });

  const users = createUserRepo(db);
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: createOutboxRepo(db), log });
  const throttle = createThrottle(createThrottleRepo(db));
  const auth = createAuthService({ auth: createAuthRepo(db), users, mail, throttle });

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
  const typesets = createTypesetService({ repo: createTypesetRepo(db), jobs, storage, checkManuscript: files.checkManuscript, layoutEngines: config.typesetEngines });
  orders.registerPayable('typeset', typesets.payable);
  // as many typesettings at once as LibreOffice engines: they wait on LibreOffice, not on this process
  jobs.register('typeset', typesets.job, Math.max(1, config.typesetEngines));

  const audit = createAuditService(createAuditRepo(db));
  const userService = createUserService({ users, storage });

  return {
    audit,
    admin: createAdminService({ orders, users: userService, auth, payments, audit, log }),
    adminArticles: createAdminArticles({ articles, audit }),
    adminCatalogue: createAdminCatalogue({ reviews, typesets, audit }),
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

/**
 * buildApp(config): the whole HTTP server, what `main.ts` starts and what the tests inject into.
 * Route handlers only validate and call their module's service; SQL lives in the repos.
 */
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvErrors from 'ajv-errors';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import { AppError, ShowType } from './lib/errors';
import { createFilePool } from './lib/filePool';
import { localStorage, type Storage } from './lib/storage';
import { createAuthRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createOutboxRepo } from './modules/mail/repo';
import { createMailService } from './modules/mail/service';
import { FIELD_LABELS, REQUIRED_MESSAGES } from './modules/shared/schemas';
import { createUserRepo } from './modules/user/repo';
import { userRoutes } from './modules/user/routes';
import { createUserService } from './modules/user/service';
import sameOrigin from './plugins/sameOrigin';
import session from './plugins/session';
import { createThrottleRepo } from './modules/throttle/repo';
import { createThrottle, TooManyAttempts } from './modules/throttle/service';
import { outboxRoutes } from './modules/mail/routes';
import { createOrderRepo } from './modules/order/repo';
import { orderRoutes } from './modules/order/routes';
import { createOrderService, type OrderService } from './modules/order/service';
import { alipayGateway } from './modules/payment/alipay';
import { paymentRoutes, PAYMENT_NOTIFY_PREFIX } from './modules/payment/routes';
import { sandboxGateway, sandboxRoutes, SANDBOX_NOTIFY_PATH } from './modules/payment/sandbox';
import { registerWeb } from './web';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { createCorpus } from './modules/review/corpus';
import { createReviewRepo } from './modules/review/repo';
import { reviewRoutes } from './modules/review/routes';
import { createReviewService } from './modules/review/service';
import { createTypesetRepo } from './modules/typeset/repo';
import { typesetRoutes } from './modules/typeset/routes';
import { createTypesetService } from './modules/typeset/service';
import { createArticleRepo } from './modules/article/repo';
import { articleRoutes } from './modules/article/routes';
import { createArticleService } from './modules/article/service';
import { createDocumentRepo } from './modules/document/repo';
import { documentRoutes } from './modules/document/routes';
import { createDocumentService } from './modules/document/service';
import { searchRoutes } from './modules/search/routes';
import { createSearchService } from './modules/search/service';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** uploaded and generated files */
    storage: Storage;
    /** Where payable kinds register (checks, typesetting) and payments are applied. */
    orders: OrderService;
    /** Durable background work (checks, typesetting); main.ts starts polling, tests drain it. */
    jobs: JobRunner;
    /** Deletes papers kept past their retention period (main.ts runs it hourly). */
    deleteExpiredPapers: () => Promise<number>;
    /** Forgets attempt counters whose windows ended long ago (main.ts runs it hourly). */
    purgeThrottles: () => Promise<void>;
  }
}

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: { missingProperty?: string };
}

/** Field → Chinese message, for the forms to show beside each field (422). */
export function fieldErrors(validation: AjvError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.keyword === 'required' ? issue.params.missingProperty! : issue.instancePath.split('/')[1] || '_';
    if (errors[field]) continue;
    if (issue.keyword === 'required') errors[field] = REQUIRED_MESSAGES[field] ?? `请填写${FIELD_LABELS[field] ?? field}`;
    else if (issue.keyword === 'errorMessage') errors[field] = issue.message!;
    else errors[field] = `${FIELD_LABELS[field] ?? field}格式不正确`;
  }
  return errors;
}

/** How long closing waits for a running job before handing it back to the queue. */
const JOB_GRACE_MS = 4000;

/** A hop count as Fastify's trust function: the nearest `hops` proxies may name the client. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, opts: { db?: Db } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // a line per request is for production logs; locally it would bury the outbox mails
    logController: new LogController({ disableRequestLogging: !config.production }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true }, plugins: [ajvErrors as never] },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = opts.db ?? createDb(config.databaseUrl);
  await migrateToLatest(db);
  app.decorate('db', db);
  if (!opts.db) app.addHook('onClose', async () => db.destroy());

  const users = createUserRepo(db);
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: createOutboxRepo(db), log: app.log });
  const throttle = createThrottle(createThrottleRepo(db));
  app.decorate('purgeThrottles', () => throttle.purge());
  const auth = createAuthService({ auth: createAuthRepo(db), users, mail, throttle });
  const storage = localStorage(`${config.dataDir}/files`);
  app.decorate('storage', storage);
  const userService = createUserService({ users, storage });
  const articles = createArticleRepo(db);
  const documents = createDocumentRepo(db);
  const orderRepo = createOrderRepo(db);
  const orders = createOrderService(orderRepo, config.orderTtlMs);
  app.decorate('orders', orders);
  const jobs = createJobRunner(db, { log: app.log });
  app.decorate('jobs', jobs);
  // closing waits a little for a running job, then hands it back to the queue (see main.ts);
  // preClose, so that this runs while requests under way are answered
  app.addHook('preClose', async () => jobs.stop(JOB_GRACE_MS));
  const reviewRepo = createReviewRepo(db);
  const files = createFilePool();
  // before the server waits for requests under way: uploads still waiting for the pool end now
  app.addHook('preClose', async () => files.close());
  // Answers given while closing end their connection: a keep-alive connection that turns idle
  // after close began would otherwise hold the server open until its timeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const reviews = createReviewService({ repo: reviewRepo, orders, jobs, corpus: createCorpus(reviewRepo), storage, paperText: files.paperText });
  orders.registerPayable('review', reviews.payable);
  jobs.register('review', reviews.job);
  const typesets = createTypesetService({ repo: createTypesetRepo(db), jobs, storage, checkManuscript: files.checkManuscript });
  orders.registerPayable('typeset', typesets.payable);
  jobs.register('typeset', typesets.job);
  app.decorate('deleteExpiredPapers', () => reviews.deleteExpiredPapers());

  app.setErrorHandler((error: FastifyError & { validation?: AjvError[] }, request, reply) => {
    if (error instanceof TooManyAttempts) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.toBody());
    if (error.validation) {
      const errors = fieldErrors(error.validation);
      const body = new AppError(422, 'VALIDATION', Object.values(errors)[0] ?? '提交的内容不正确', ShowType.ERROR_MESSAGE, errors);
      return reply.code(422).send(body.toBody());
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(new AppError(413, 'FILE_TOO_LARGE', '文件太大了').toBody());
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(error.statusCode).send(new AppError(error.statusCode, 'BAD_REQUEST', '请求有误，请检查后重试').toBody());
    }
    request.log.error(error);
    return reply.code(500).send(new AppError(500, 'INTERNAL', '服务器开小差了，请稍后再试').toBody());
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, { limits: { fileSize: 15 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: { info: { title: '智能论文 API', version: '1' }, servers: [{ url: '/' }] },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(session, { auth, secure: config.publicUrl.startsWith('https://') });
  await app.register(sameOrigin, { publicUrl: config.publicUrl, exempt: [PAYMENT_NOTIFY_PREFIX] });

  await app.register(
    async (api) => {
      // the API takes JSON (and multipart uploads); a text/plain body is what a cross-site form can send
      api.removeContentTypeParser('text/plain');
      await api.register(authRoutes, { service: auth });
      await api.register(userRoutes, { service: userService, auth });
      await api.register(orderRoutes, { service: orders });
      await api.register(articleRoutes, { service: createArticleService(articles) });
      await api.register(documentRoutes, { service: createDocumentService(documents, storage) });
      await api.register(searchRoutes, { service: createSearchService(articles, documents) });
      await api.register(reviewRoutes, { service: reviews, publicUrl: config.publicUrl, throttle });
      await api.register(typesetRoutes, { service: typesets });
      const sandbox = sandboxGateway(config.sandbox, config.publicUrl);
      const alipay = config.alipay
        ? alipayGateway({
            ...config.alipay,
            notifyUrl: `${config.publicUrl}/api/v1/payment/notify/alipay`,
            returnUrl: `${config.publicUrl}/pay/:orderId`,
          })
        : undefined;
      // with the real gateway on, the sandbox (its page and its notifications) is not served at all
      const active = config.paymentGateway === 'alipay' && alipay ? alipay : sandbox;
      await api.register(paymentRoutes, { orders, active, gateways: [active] });
      if (active === sandbox) {
        await api.register(sandboxRoutes, {
          keys: config.sandbox,
          orders: orderRepo,
          // the sandbox reaches our notify endpoint through the whole HTTP stack, in process
          deliver: async (params) =>
            (await app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: new URLSearchParams(params).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })).body,
        });
      }
      if (config.exposeOutbox) await api.register(outboxRoutes, { mail });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.webRoot);
  return app;
}

/**
 * buildApp(config): the whole HTTP server, what `main.ts` starts and what the tests inject into.
 * The modules are listed below; each is an encapsulated plugin under its own prefix
 * (`modules/<name>/index.ts`) whose routes validate and call their module's service.
 */
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvErrors from 'ajv-errors';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { GENERIC_TOO_LARGE, UPLOAD_MAX_BYTES } from '../../common/api';
import type { Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import type { JobRunner } from './jobs/runner';
import type { CorpusShards } from './modules/review';
import { cookieSigner } from './lib/cookieSigner';
import { AppError, internal, RetryLater, ShowType } from './lib/errors';
import type { Storage } from './lib/storage';
import { adminModule } from './modules/admin';
import { articleModule } from './modules/article';
import { authModule } from './modules/auth';
import { documentModule } from './modules/document';
import { outboxModule } from './modules/mail';
import { orderModule } from './modules/order';
import type { OrderService } from './modules/order';
import { PAYMENT_NOTIFY_PREFIX, type PaymentService } from './modules/payment';
import { paymentModule } from './modules/payment';
import { reviewModule } from './modules/review';
import { searchModule } from './modules/search';
import type { ApiModule } from './modules/shared/module';
import { FIELD_LABELS, REQUIRED_MESSAGES } from './modules/shared/schemas';
import { typesetModule } from './modules/typeset';
import { userModule } from './modules/user';
import sameOrigin from './plugins/sameOrigin';
import securityHeaders from './plugins/securityHeaders';
import session from './plugins/session';
import { createServices, type Services } from './services';
import { registerWeb } from './web';
import { canonicalUrl } from './lib/canonicalUrl';

/** The API's modules, each under its own prefix below /api. */
const API_MODULES: ApiModule<Services>[] = [
  authModule,
  userModule,
  orderModule,
  paymentModule,
  articleModule,
  documentModule,
  searchModule,
  reviewModule,
  typesetModule,
  adminModule,
];

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** uploaded and generated files */
    storage: Storage;
    /** Where payable kinds register (reviews, typesetting) and payments are applied. */
    orders: OrderService;
    /** Payments and refunds through the active gateway (tests stand in for the gateway's answers). */
    payments: PaymentService;
    /** Durable background work (reviews, typesetting); main.ts starts polling, tests drain it. */
    jobs: JobRunner;
    /** The library's index for reviews, the shards of it this process holds; main.ts and worker.ts warm them at start (a snapshot loads in seconds). */
    shards: CorpusShards;
    /** Deletes papers kept past their retention period (main.ts runs it hourly). */
    deleteExpiredPapers: () => Promise<number>;
    /** Forgets attempt counters whose windows ended long ago (main.ts runs it hourly). */
    purgeThrottles: () => Promise<void>;
    /** The answer to a path no route takes (web.ts): the app's page, or the API's 404. */
    answerUnmatched: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
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

export interface BuildOptions {
  /** A database already open (its owner closes it). */
  db?: Db;
  /** Told of every route as it is added, whatever its schema says: how a whole app's routes are listed. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // a line per request is for production logs; locally it would bury the outbox mails
    logController: new LogController({ disableRequestLogging: !config.production }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    rewriteUrl: (raw) => canonicalUrl(raw.url ?? '/'),
    ajv: { customOptions: { allErrors: true }, plugins: [ajvErrors as never] },
    // an address that is not valid percent-encoding (a link cut short in a chat) matches no route either
    frameworkErrors: (error, request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL') void request.server.answerUnmatched(request, reply);
      else void errorHandler(error, request, reply as FastifyReply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  const db = opts.db ?? createDb(config.databaseUrl);
  await migrateToLatest(db);
  app.decorate('db', db);
  if (!opts.db) app.addHook('onClose', async () => db.destroy());

  const services = createServices(config, db, app.log);
  app.decorate('storage', services.storage);
  app.decorate('orders', services.orders);
  app.decorate('payments', services.payments);
  app.decorate('jobs', services.jobs);
  app.decorate('shards', services.shards);
  app.decorate('deleteExpiredPapers', () => services.reviews.deleteExpiredPapers());
  app.decorate('purgeThrottles', () => services.throttle.purge());
  closeGently(app, services);

  app.setErrorHandler(errorHandler);
  acceptEmptyJson(app);
  await registerPlugins(app, config, services);
  await app.register(
    async (api) => {
      // the API takes JSON (and multipart uploads); a text/plain body is what a cross-site form can send
      api.removeContentTypeParser('text/plain');
      const modules = config.exposeOutbox ? [...API_MODULES, outboxModule] : API_MODULES;
      for (const { prefix, plugin } of modules) await api.register(plugin, { prefix, config, services });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.webRoot);
  return app;
}

/**
 * Closing: running jobs get a little time, then go back to the queue (see main.ts); uploads still
 * waiting for the file pool end; answers given while closing end their connection. All preClose,
 * so that they run while requests under way are answered.
 */
function closeGently(app: FastifyInstance, { jobs, files, shards, typesets }: Pick<Services, 'jobs' | 'files' | 'shards' | 'typesets'>) {
  app.addHook('preClose', async () => jobs.stop(JOB_GRACE_MS));
  // after the jobs stopped: the LibreOffice engines they used
  app.addHook('preClose', async () => typesets.close());
  // after the jobs stopped: nothing catches up any more while the index's snapshot is written
  app.addHook('preClose', async () => shards.close().catch((error) => app.log.warn(`corpus snapshot not written: ${(error as Error).message}`)));
  app.addHook('preClose', async () => files.close());
  // a keep-alive connection that turns idle after close began would otherwise hold the server
  // open until its timeout (72 s)
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // a callback hook: it runs on every answer and must not cost a promise each time
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * A JSON content type with no body is a call without a payload (logout, cancel: docs/spec.md §7
 * says they carry none), not a malformed one; any other body is read by Fastify's own parser.
 */
function acceptEmptyJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
}

/** The security headers, cookies, uploads, the OpenAPI description, the session, and the same-origin rule. */
async function registerPlugins(app: FastifyInstance, config: Config, services: Services) {
  const https = config.publicUrl.startsWith('https://');
  await app.register(securityHeaders, { https });
  await app.register(cookie, { secret: cookieSigner(config.sessionSecret) });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: { info: { title: '智能论文 API', version: '1' }, servers: [{ url: '/' }] },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(session, { auth: services.auth, secure: https });
  await app.register(sameOrigin, { publicUrl: config.publicUrl, exempt: [PAYMENT_NOTIFY_PREFIX] });
}

/** Every failure as the one error envelope (docs/architecture.md, "API conventions"). */
function errorHandler(error: FastifyError & { validation?: AjvError[] }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RetryLater) reply.header('retry-after', error.retryAfterSeconds);
  if (error instanceof AppError) return reply.code(error.statusCode).send(error.toBody());
  if (error.validation) {
    const errors = fieldErrors(error.validation);
    const body = new AppError(422, 'VALIDATION', Object.values(errors)[0] ?? '提交的内容不正确', ShowType.ERROR_MESSAGE, errors);
    return reply.code(422).send(body.toBody());
  }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.code(413).send(new AppError(413, 'FILE_TOO_LARGE', GENERIC_TOO_LARGE).toBody());
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply.code(error.statusCode).send(new AppError(error.statusCode, 'BAD_REQUEST', '请求有误，请检查后重试').toBody());
  }
  request.log.error(error);
  return reply.code(500).send(internal().toBody());
}

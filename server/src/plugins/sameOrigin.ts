/**
 * Cross-site request forgery guard: a state-changing API call made by a browser must come from a
 * page of this site. Browsers name the page's origin (Origin, else Referer) on such requests; it
 * must be the public address (PUBLIC_URL) or the very host the request was sent to. Requests that
 * name no origin are not a browser's, so no forgery. Payment gateways post from their own
 * servers and are judged by their signature instead.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginOptions {
  publicUrl: string;
  /** path prefixes that take posts from other sites' servers (gateway notifications) */
  exempt: string[];
}

function originOf(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // "null" (sandboxed frames, data: pages) and anything unparsable
  }
}

export default fp<SameOriginOptions>(async (app, { publicUrl, exempt }) => {
  const site = new URL(publicUrl).origin;
  // a callback hook rather than an async one: it runs on every request, and most are GETs it lets
  // pass at once, which then cost no promise
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (exempt.some((prefix) => request.url.startsWith(prefix))) return done();
    const origin = originOf(request);
    if (origin === undefined || origin === site) return done();
    const host = hostOf(origin);
    if (host && host === request.headers.host) return done();
    request.log.warn({ origin, url: request.url }, 'cross-site request refused');
    done(new AppError(403, 'CROSS_SITE', '请求来自其他网站，已拒绝。请在本站页面上操作'));
  });
});

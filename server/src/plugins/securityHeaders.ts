/**
 * The browser-side defences, on every answer from one place (docs/architecture.md, "Security
 * rules"): the site's Content-Security-Policy (common/contentSecurityPolicy.ts), no framing by any page, no MIME
 * sniffing, a referrer that leaves the site as its origin only, HSTS behind https, and API answers
 * that no cache keeps unless their route says otherwise.
 */
import helmet from '@fastify/helmet';
import { createHash } from 'crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { policyHeader } from '../../../common/contentSecurityPolicy';

export interface SecurityHeadersOptions {
  /** an https public address turns on HSTS and the upgrade of insecure requests */
  https: boolean;
}

/**
 * Lets one inline script or stylesheet of this answer run, by its hash (a page the server writes
 * itself, such as the sandbox gateway's). A hash in style-src turns its 'unsafe-inline' off, so
 * such a page puts every style in the hashed sheet.
 */
export function allowInline(reply: FastifyReply, directive: 'script-src' | 'style-src', content: string) {
  const hash = `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
  const policy = String(reply.getHeader('content-security-policy') ?? policyHeader(false));
  reply.header('content-security-policy', policy.replace(new RegExp(`(^|; )${directive} ([^;]*)`), `$1${directive} $2 ${hash}`));
}

export default fp<SecurityHeadersOptions>(
  async (app, { https }) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const policy = policyHeader(https);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', policy);
      done();
    });
    // a callback hook: it runs on every answer and must not cost a promise each time
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

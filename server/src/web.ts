/**
 * Serves the built app: `/dist/*` assets with long cache headers (their names carry content
 * hashes), as the brotli or gzip copy made at build time when the browser accepts it (.umirc.ts), `index.html` never cached, and every other non-API GET falls back to index.html so
 * deep links such as /review/home/3 work. Unknown /api paths answer 404 JSON.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { notFound } from './lib/errors';

export async function registerWeb(app: FastifyInstance, webRoot: string | undefined) {
  const indexFile = webRoot ? join(webRoot, 'index.html') : undefined;
  const hasApp = Boolean(indexFile && existsSync(indexFile));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      prefix: '/dist/',
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  let indexHtml: string | undefined;

  const answerUnmatched = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/dist/') || !hasApp) {
      const error = notFound(`接口不存在：${request.method} ${path}`);
      return reply.code(404).send(error.toBody());
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(notFound().toBody());
    }
    // read once: the built app does not change while the server runs
    indexHtml ??= readFileSync(indexFile!, 'utf8');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
  app.setNotFoundHandler(answerUnmatched);
  app.decorate('answerUnmatched', answerUnmatched);
}

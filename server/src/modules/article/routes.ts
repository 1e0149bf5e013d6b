import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { newToken } from '../../lib/ids';
import { ArticleDetailReply, ArticleListQuery, ArticleListReply, ArticleParams } from './schemas';
import type { ArticleService } from './service';

/** A browser-session cookie that only tells repeat views apart; it grants nothing. */
const VISITOR_COOKIE = 'zn_visitor';

export const articleRoutes: FastifyPluginAsyncTypebox<{ service: ArticleService }> = async (app, { service }) => {
  app.get('', { schema: { tags: ['article'], querystring: ArticleListQuery, response: { 200: ArticleListReply } } }, async (request) =>
    success(await service.list(request.query)),
  );

  app.get('/:articleId', { schema: { tags: ['article'], params: ArticleParams, response: { 200: ArticleDetailReply } } }, async (request, reply) => {
    let visitor = request.cookies[VISITOR_COOKIE];
    if (!visitor || visitor.length > 64) {
      visitor = newToken();
      reply.setCookie(VISITOR_COOKIE, visitor, { path: '/', httpOnly: true, sameSite: 'lax' });
    }
    return success(await service.read(request.params.articleId, visitor));
  });
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { userOf } from '../../plugins/session';
import { AdminArticleListReply, AdminArticleParams, AdminArticleQuery, AdminArticleReply, ArticleBody } from './articleSchemas';
import type { AdminArticles } from './articles';

/** /v1/admin/articles: every article, writing, editing, publishing; behind the module's staff guard. */
export const adminArticleRoutes: FastifyPluginAsyncTypebox<{ articles: AdminArticles }> = async (app, { articles }) => {
  const schema = { tags: ['admin'], response: { 200: AdminArticleReply } };

  app.get('/articles', { schema: { tags: ['admin'], querystring: AdminArticleQuery, response: { 200: AdminArticleListReply } } }, async (request) =>
    success(await articles.list(request.query)),
  );

  app.post('/articles', { schema: { ...schema, body: ArticleBody } }, async (request) =>
    success(await articles.create(userOf(request), request.body), request.body.published ? '文章已发布' : '草稿已保存'),
  );

  app.put('/articles/:articleId', { schema: { ...schema, params: AdminArticleParams, body: ArticleBody } }, async (request) =>
    success(await articles.update(userOf(request), request.params.articleId, request.body), '文章已保存'),
  );

  app.post('/articles/:articleId/publish', { schema: { ...schema, params: AdminArticleParams } }, async (request) =>
    success(await articles.setPublished(userOf(request), request.params.articleId, true), '文章已发布'),
  );

  app.post('/articles/:articleId/unpublish', { schema: { ...schema, params: AdminArticleParams } }, async (request) =>
    success(await articles.setPublished(userOf(request), request.params.articleId, false), '文章已下线'),
  );
};

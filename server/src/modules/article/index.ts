/** Articles: /v1/article — the list and one article to read. */
import type { ApiModule } from '../shared/module';
import { articleRoutes } from './routes';
import type { ArticleService } from './service';

export { createArticleRepo, type ArticleFilter, type ArticleRow, type OnArticleChange } from './repo';
export { ArticleListQuery, ArticleSummary, Category } from './schemas';
export { createArticleService, toArticleSummary, type ArticleService } from './service';

export const articleModule: ApiModule<{ articles: ArticleService }> = {
  prefix: '/v1/article',
  plugin: async (app, { services }) => {
    await app.register(articleRoutes, { service: services.articles });
  },
};

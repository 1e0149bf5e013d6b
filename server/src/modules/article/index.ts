/** Articles: /v1/article — the list and one article to read. */
import type { ApiModule } from '../shared/module';
import { articleRoutes } from './routes';

export const articleModule: ApiModule = {
  prefix: '/v1/article',
  plugin: async (app, { services }) => {
    await app.register(articleRoutes, { service: services.articles });
  },
};

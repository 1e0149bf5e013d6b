/** Search: /v1/search — articles and documents, through their modules' services. */
import type { ApiModule } from '../shared/module';
import { searchRoutes } from './routes';
import type { SearchService } from './service';

export { SearchQuery } from './schemas';
export { createSearchService, type SearchService } from './service';

export const searchModule: ApiModule<{ search: SearchService }> = {
  prefix: '/v1/search',
  plugin: async (app, { services }) => {
    await app.register(searchRoutes, { service: services.search });
  },
};

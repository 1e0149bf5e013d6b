/** Search: /v1/search — articles and documents, through their modules' services. */
import type { ApiModule } from '../shared/module';
import { searchRoutes } from './routes';

export const searchModule: ApiModule = {
  prefix: '/v1/search',
  plugin: async (app, { services }) => {
    await app.register(searchRoutes, { service: services.search });
  },
};

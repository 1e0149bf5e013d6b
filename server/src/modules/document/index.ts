/** The document library: /v1/document — the list, disciplines, one document and its file. */
import type { ApiModule } from '../shared/module';
import { documentRoutes } from './routes';

export const documentModule: ApiModule = {
  prefix: '/v1/document',
  plugin: async (app, { services }) => {
    await app.register(documentRoutes, { service: services.documents });
  },
};

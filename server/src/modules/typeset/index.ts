/** Typesetting: /v1/typeset — templates, the manuscript, the preview and the finished files. */
import type { ApiModule } from '../shared/module';
import { typesetRoutes } from './routes';

export const typesetModule: ApiModule = {
  prefix: '/v1/typeset',
  plugin: async (app, { services }) => {
    await app.register(typesetRoutes, { service: services.typesets });
  },
};

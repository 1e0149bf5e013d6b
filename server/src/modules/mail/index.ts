/** The local outbox: /v1/dev/outbox, served only with EXPOSE_OUTBOX=1 (never in production). */
import type { ApiModule } from '../shared/module';
import { outboxRoutes } from './routes';

export const outboxModule: ApiModule = {
  prefix: '/v1/dev',
  plugin: async (app, { services }) => {
    await app.register(outboxRoutes, { mail: services.mail });
  },
};

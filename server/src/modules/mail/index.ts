/** The local outbox: /v1/dev/outbox, served only with EXPOSE_OUTBOX=1 (never in production). */
import type { ApiModule } from '../shared/module';
import { outboxRoutes } from './routes';
import type { MailService } from './service';

export { createOutboxRepo } from './repo';
export { createMailService, type MailService } from './service';

export const outboxModule: ApiModule<{ mail: MailService }> = {
  prefix: '/v1/dev',
  plugin: async (app, { services }) => {
    await app.register(outboxRoutes, { mail: services.mail });
  },
};

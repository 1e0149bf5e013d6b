/** Signing in and out: /v1/actionLogin (docs/spec.md §7). */
import type { ApiModule } from '../shared/module';
import { authRoutes } from './routes';

export const authModule: ApiModule = {
  prefix: '/v1/actionLogin',
  plugin: async (app, { services }) => {
    await app.register(authRoutes, { service: services.auth });
  },
};

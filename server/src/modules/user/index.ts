/**
 * The account: /v1/user — the current user, basic information, avatar, and the calls that need no
 * session (codes, registration, password reset), which the auth service answers.
 */
import type { ApiModule } from '../shared/module';
import { userRoutes } from './routes';

export const userModule: ApiModule = {
  prefix: '/v1/user',
  plugin: async (app, { services }) => {
    await app.register(userRoutes, { service: services.users, auth: services.auth });
  },
};

/**
 * The account: /v1/user — the current user, basic information, avatar, and the calls that need no
 * session (codes, registration, password reset), which the auth service answers.
 */
import type { AuthService } from '../auth';
import type { ApiModule } from '../shared/module';
import { userRoutes } from './routes';
import type { UserService } from './service';

export { createUserRepo, type UserRow } from './repo';
export { createUserService, type UserService } from './service';

export const userModule: ApiModule<{ users: UserService; auth: AuthService }> = {
  prefix: '/v1/user',
  plugin: async (app, { services }) => {
    await app.register(userRoutes, { service: services.users, auth: services.auth });
  },
};

/** Signing in and out: /v1/actionLogin (docs/spec.md §7). */
import type { ApiModule } from '../shared/module';
import { authRoutes } from './routes';
import type { AuthService } from './service';

export { checkNewPassword } from './passwordPolicy';
export { createAuthRepo } from './repo';
export { RegisterBody, ResetPasswordBody, SendCodeBody } from './schemas';
export { createAuthService, normalizeEmail, type AuthService } from './service';

export const authModule: ApiModule<{ auth: AuthService }> = {
  prefix: '/v1/actionLogin',
  plugin: async (app, { services }) => {
    await app.register(authRoutes, { service: services.auth });
  },
};

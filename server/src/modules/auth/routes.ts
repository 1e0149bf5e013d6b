/**
 * Signing in and out (docs/spec.md §7), under /v1/actionLogin. Registration, codes and password
 * reset are account calls under /v1/user: the user module serves them, through this service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCOUNT_DISABLED_MESSAGE, success } from '../../../../common/api';
import { ShowType } from '../../lib/errors';
import { toPublicUser } from '../shared/publicUser';
import { LoginBody, LoginReply } from './schemas';
import type { AuthService } from './service';
import { Message } from '../shared/schemas';
import { deviceOf } from '../../plugins/session';

export interface AuthRoutesOptions {
  service: AuthService;
}

/** The guessable calls are throttled in the service, per account and per client address (request.ip). */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { service }) => {
  app.post('', { schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginReply } } }, async (request, reply) => {
    const session = await service.login(request.body.email, request.body.password, request.ip, {
      previousToken: request.sessionToken,
      device: deviceOf(request),
    });
    if (!session) {
      // an answer for the form, not an HTTP failure: success false with a message (docs/spec.md §8)
      return { success: false as const, message: '邮箱或密码错误', errorCode: 'LOGIN_FAILED', showType: ShowType.SILENT };
    }
    if (session === 'disabled') {
      return { success: false as const, message: ACCOUNT_DISABLED_MESSAGE, errorCode: 'ACCOUNT_DISABLED', showType: ShowType.SILENT };
    }
    reply.setSession(session.token);
    reply.setDevice(session.device);
    return success(toPublicUser(session.user), '登录成功');
  });

  app.post('/logout', { schema: { tags: ['auth'], response: { 200: Message } } }, async (request, reply) => {
    await service.logout(request.sessionToken);
    reply.clearSession();
    return success(null);
  });
};

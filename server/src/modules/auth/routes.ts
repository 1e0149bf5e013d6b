/** The account calls: the three of docs/spec.md §7, plus codes, registration and password reset. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShowType } from '../../lib/errors';
import { toPublicUser } from '../user/repo';
import { LoginBody, LoginReply, RegisterBody, ResetPasswordBody, SendCodeBody, User } from './schemas';
import type { AuthService } from './service';
import { Message, Ok } from '../shared/schemas';

export interface AuthRoutesOptions {
  service: AuthService;
}

/** The guessable calls are throttled in the service, per account and per client address (request.ip). */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { service }) => {
  app.post(
    '/v1/actionLogin',
    { schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginReply } } },
    async (request, reply) => {
      const session = await service.login(request.body.email, request.body.password, request.ip, request.sessionToken);
      if (!session) {
        // an answer for the form, not an HTTP failure: success false with a message (docs/spec.md §8)
        return { success: false as const, message: '邮箱或密码错误', errorCode: 'LOGIN_FAILED', showType: ShowType.SILENT };
      }
      reply.setSession(session.token);
      return { success: true as const, result: toPublicUser(session.user), message: '登录成功' };
    },
  );

  app.post('/v1/actionLogin/logout', { schema: { tags: ['auth'], response: { 200: Message } } }, async (request, reply) => {
    await service.logout(request.sessionToken);
    reply.clearSession();
    return { success: true as const, result: null };
  });

  app.post(
    '/v1/user/sendCode',
    { schema: { tags: ['auth'], body: SendCodeBody, response: { 200: Message } } },
    async (request) => {
      await service.sendCode(request.body.email, request.body.purpose, request.ip);
      return { success: true as const, result: null, message: '验证码已发送，请查收邮件（10 分钟内有效）' };
    },
  );

  app.post(
    '/v1/user/register',
    { schema: { tags: ['auth'], body: RegisterBody, response: { 200: Ok(User) } } },
    async (request) => {
      const user = await service.register(request.body, request.ip);
      return { success: true as const, result: toPublicUser(user), message: '注册成功，请登录' };
    },
  );

  app.post(
    '/v1/user/resetPassword',
    { schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: Message } } },
    async (request, reply) => {
      await service.resetPassword(request.body, request.ip);
      // every session of the account has ended, this browser's too
      reply.clearSession();
      return { success: true as const, result: null, message: '密码已重置，请用新密码登录' };
    },
  );
};

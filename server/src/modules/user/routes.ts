import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError, notFound } from '../../lib/errors';
import { signedIn, userOf } from '../../plugins/session';
import { RegisterBody, ResetPasswordBody, SendCodeBody, type AuthService } from '../auth';
import { toPublicUser } from '../shared/publicUser';
import { Message, Ok, User } from '../shared/schemas';
import { BasicInfoBody, CurrentUserReply, ModifyPasswordBody, UserReply } from './schemas';
import type { UserService } from './service';
import { readMultipart } from '../../lib/uploadFile';
import { AVATAR_MAX_BYTES, success } from '../../../../common/api';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export const userRoutes: FastifyPluginAsyncTypebox<{ service: UserService; auth: AuthService }> = async (app, { service, auth }) => {
  /** docs/spec.md §7: `result` is the signed-in user, or null for a visitor (never 401). */
  app.get('/getCurrent', { schema: { tags: ['user'], response: { 200: CurrentUserReply } } }, async (request) =>
    success(request.currentUser ? toPublicUser(request.currentUser) : null),
  );

  app.put('/basicInfo', { ...signedIn, schema: { tags: ['user'], body: BasicInfoBody, response: { 200: UserReply } } }, async (request) =>
    success(toPublicUser(await service.updateBasicInfo(userOf(request), request.body)), '基本信息已保存'),
  );

  app.post('/modifyPassword', { ...signedIn, schema: { tags: ['user'], body: ModifyPasswordBody, response: { 200: Message } } }, async (request) => {
    await auth.modifyPassword(userOf(request), request.sessionToken!, request.body.oldPassword, request.body.newPassword);
    return success(null, '密码已修改，其他设备上的登录已退出');
  });

  app.post('/avatar', { ...signedIn, schema: { tags: ['user'], consumes: ['multipart/form-data'], response: { 200: UserReply } } }, async (request) => {
    const file = await readMultipart(() => request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } }));
    if (!file) throw new AppError(422, 'NO_FILE', '请选择一张图片');
    const data = await readMultipart(() => file.toBuffer());
    return success(toPublicUser(await service.setAvatar(userOf(request), data)), '头像已更新');
  });

  app.get('/avatar/:name', { schema: { tags: ['user'], params: Type.Object({ name: Type.String({ maxLength: 64 }) }) } }, async (request, reply) => {
    const stream = service.avatarFile(request.params.name);
    if (!stream) throw notFound('头像不存在');
    const ext = request.params.name.split('.').pop()!;
    return reply.type(CONTENT_TYPES[ext]).header('cache-control', 'public, max-age=31536000, immutable').send(stream);
  });

  // the account's own calls, under /v1/user like the rest: the auth service keeps codes and passwords
  app.post('/sendCode', { schema: { tags: ['user'], body: SendCodeBody, response: { 200: Message } } }, async (request) => {
    await auth.sendCode(request.body.email, request.body.purpose, request.ip);
    return success(null, '验证码已发送，请查收邮件（10 分钟内有效）');
  });

  app.post('/register', { schema: { tags: ['user'], body: RegisterBody, response: { 200: Ok(User) } } }, async (request) => {
    const user = await auth.register(request.body, request.ip);
    return success(toPublicUser(user), '注册成功，请登录');
  });

  app.post('/resetPassword', { schema: { tags: ['user'], body: ResetPasswordBody, response: { 200: Message } } }, async (request, reply) => {
    await auth.resetPassword(request.body, request.ip);
    // every session of the account has ended, this browser's too
    reply.clearSession();
    return success(null, '密码已重置，请用新密码登录');
  });
};

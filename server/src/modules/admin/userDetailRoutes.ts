import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { UserParams } from './schemas';
import type { AdminUserDetail } from './userDetail';
import { AdminUserDetailReply } from './userDetailSchemas';

/** /v1/admin/users/:userId: one account with its orders, checks and typesetting; behind the module's staff guard. */
export const adminUserDetailRoutes: FastifyPluginAsyncTypebox<{ userDetail: AdminUserDetail }> = async (app, { userDetail }) => {
  app.get('/users/:userId', { schema: { tags: ['admin'], params: UserParams, response: { 200: AdminUserDetailReply } } }, async (request) =>
    success(await userDetail(request.params.userId)),
  );
};

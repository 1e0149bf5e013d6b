import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireRole } from '../../plugins/session';
import type { AuditService } from '../audit/service';
import { AuditListQuery, AuditListReply } from './schemas';

/** Only admins read the audit log; operators see the rest of the back office. */
const adminOnly = requireRole(['admin']);

/** /v1/admin: the back office's calls; the module's guard (index.ts) has let only staff in. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ audit: AuditService }> = async (app, { audit }) => {
  app.get('/audit', { onRequest: adminOnly, schema: { tags: ['admin'], querystring: AuditListQuery, response: { 200: AuditListReply } } }, async (request) => ({
    success: true as const,
    result: await audit.list(request.query),
  }));
};

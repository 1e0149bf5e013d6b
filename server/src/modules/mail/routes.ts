import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { Type } from '@sinclair/typebox';
import type { MailService } from './service';

/**
 * The local outbox, for browser tests and local trials without SMTP (EXPOSE_OUTBOX=1; never in
 * production): the latest mails sent to one address.
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ mail: MailService }> = async (app, { mail }) => {
  app.get('/outbox', { schema: { hide: true, querystring: Type.Object({ to: Type.String() }) } }, async (request) =>
    success(
      (await mail.latestInOutbox(request.query.to.trim().toLowerCase())).map((m) => ({
        subject: m.subject,
        body: m.body,
        createdAt: m.created_at,
      })),
    ),
  );
};

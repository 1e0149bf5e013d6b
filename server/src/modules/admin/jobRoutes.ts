import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { userOf } from '../../plugins/session';
import { AdminJobListReply, AdminJobQuery, AdminJobReply, AdminOverviewReply, JobParams, OverviewQuery } from './jobSchemas';
import type { AdminJobs } from './jobs';
import type { AdminOverview } from './overview';

/** /v1/admin/overview and /v1/admin/jobs: how the business does, and the queue; behind the module's staff guard. */
export const adminJobRoutes: FastifyPluginAsyncTypebox<{ overview: AdminOverview; jobs: AdminJobs }> = async (app, { overview, jobs }) => {
  const tags = ['admin'];
  app.get('/overview', { schema: { tags, querystring: OverviewQuery, response: { 200: AdminOverviewReply } } }, async (request) =>
    success(await overview.overview(request.query.days)),
  );

  app.get('/jobs', { schema: { tags, querystring: AdminJobQuery, response: { 200: AdminJobListReply } } }, async (request) =>
    success(await jobs.list(request.query)),
  );

  app.post('/jobs/:jobId/retry', { schema: { tags, params: JobParams, response: { 200: AdminJobReply } } }, async (request) =>
    success(await jobs.retry(userOf(request), request.params.jobId), '任务已重新排队'),
  );
};

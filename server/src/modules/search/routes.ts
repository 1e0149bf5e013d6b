import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { SearchQuery, SearchReply } from './schemas';
import type { SearchService } from './service';

export const searchRoutes: FastifyPluginAsyncTypebox<{ service: SearchService }> = async (app, { service }) => {
  app.get('', { schema: { tags: ['search'], querystring: SearchQuery, response: { 200: SearchReply } } }, async (request) =>
    success(await service.search(request.query)),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { success } from '../../../../common/api';
import { DisciplinesReply, DocumentDetailReply, DocumentListQuery, DocumentListReply, DocumentParams } from './schemas';
import type { DocumentService } from './service';
import { attachment } from '../../lib/fileNames';

const CONTENT_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export const documentRoutes: FastifyPluginAsyncTypebox<{ service: DocumentService }> = async (app, { service }) => {
  app.get('', { schema: { tags: ['document'], querystring: DocumentListQuery, response: { 200: DocumentListReply } } }, async (request) =>
    success(await service.list(request.query)),
  );

  app.get('/disciplines', { schema: { tags: ['document'], response: { 200: DisciplinesReply } } }, async () => success(await service.disciplines()));

  app.get('/:documentId', { schema: { tags: ['document'], params: DocumentParams, response: { 200: DocumentDetailReply } } }, async (request) =>
    success(await service.read(request.params.documentId)),
  );

  app.get('/:documentId/file', { schema: { tags: ['document'], params: DocumentParams } }, async (request, reply) => {
    const { stream, name } = await service.file(request.params.documentId);
    const ext = name.split('.').pop()!.toLowerCase();
    return reply
      .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('content-disposition', attachment(name))
      .send(stream);
  });
};

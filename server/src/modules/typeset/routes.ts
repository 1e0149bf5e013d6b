import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, ShowType } from '../../lib/errors';
import { signedIn, userOf } from '../../plugins/session';
import { discardUpload, readMultipart, receiveUpload } from '../../lib/uploadFile';
import { Message } from '../shared/schemas';
import {
  TemplateParams,
  TemplateQuery,
  TemplateReply,
  TemplatesReply,
  TypesetListQuery,
  TypesetListReply,
  TypesetParams,
  TypesetReply,
  PreviewPageParams,
  SamplePageParams,
  SamplePageQuery,
  SamplePagesReply,
} from './schemas';
import type { TypesetService } from './service';
import { MANUSCRIPT_UPLOAD, UPLOAD_MAX_BYTES, success } from '../../../../common/api';
import { attachment } from '../../lib/fileNames';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const typesetRoutes: FastifyPluginAsyncTypebox<{ service: TypesetService }> = async (app, { service }) => {
  const tags = ['typeset'];
  app.get('/template', { schema: { tags, querystring: TemplateQuery, response: { 200: TemplatesReply } } }, async (request) =>
    success(await service.templates(request.query)),
  );

  app.get('/template/:templateId', { schema: { tags, params: TemplateParams, response: { 200: TemplateReply } } }, async (request) =>
    success(await service.template(request.params.templateId)),
  );

  app.get('/template/:templateId/sample.docx', { schema: { tags, params: TemplateParams } }, async (request, reply) => {
    const { data, fileName } = await service.sample(request.params.templateId);
    return reply.type(DOCX).header('cache-control', 'public, max-age=3600').header('content-disposition', attachment(fileName)).send(data);
  });

  /** the sample's pages drawn by the layout engine: how many, and the widths and version to ask for them by */
  app.get('/template/:templateId/sample', { schema: { tags, params: TemplateParams, response: { 200: SamplePagesReply } } }, async (request) =>
    success(await service.samplePages(request.params.templateId)),
  );

  /** one sample page as a picture `w` px wide; public, and its address changes with the template's version (`v`) */
  app.get('/template/:templateId/sample/:page', { schema: { tags, params: SamplePageParams, querystring: SamplePageQuery } }, async (request, reply) => {
    const png = await service.samplePage(request.params.templateId, Number(request.params.page.replace(/\.png$/, '')), request.query.w);
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
  });

  /** multipart: the manuscript (`file`), `templateId` and the cover fields */
  app.post('', { ...signedIn, schema: { tags, consumes: ['multipart/form-data'], response: { 200: TypesetReply } } }, async (request) => {
    const fields: Record<string, string> = {};
    const path = app.storage.incomingPath();
    let fileName: string | undefined;
    try {
      await readMultipart(async () => {
        for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })) {
          if (part.type === 'file') {
            await receiveUpload(part, path, MANUSCRIPT_UPLOAD);
            fileName = part.filename;
          } else fields[part.fieldname] = String(part.value);
        }
      });
      if (fileName === undefined) throw new AppError(422, 'NO_FILE', '请选择要排版的稿件', ShowType.ERROR_MESSAGE, { file: '请选择要排版的稿件' });
      const { templateId = '', ...cover } = fields;
      return success(await service.create(userOf(request), templateId, cover, fileName, path), '稿件已提交，正在排版');
    } finally {
      await discardUpload(path);
    }
  });

  app.get('', { ...signedIn, schema: { tags, querystring: TypesetListQuery, response: { 200: TypesetListReply } } }, async (request) =>
    success(await service.list(userOf(request), request.query)),
  );

  app.get('/:typesetId', { ...signedIn, schema: { tags, params: TypesetParams, response: { 200: TypesetReply } } }, async (request) =>
    success(await service.get(userOf(request), request.params.typesetId)),
  );

  /** the preview: one page as a watermarked picture (the document itself only after payment) */
  app.get('/:typesetId/preview/:page', { ...signedIn, schema: { tags, params: PreviewPageParams } }, async (request, reply) => {
    const stream = await service.previewPage(userOf(request), request.params.typesetId, Number(request.params.page.replace(/\.png$/, '')));
    return reply.type('image/png').header('cache-control', 'no-store').send(stream);
  });

  for (const [path, kind, type] of [
    ['download', 'docx', DOCX],
    ['download.pdf', 'pdf', 'application/pdf'],
  ] as const) {
    app.get(`/:typesetId/${path}`, { ...signedIn, schema: { tags, params: TypesetParams } }, async (request, reply) => {
      const { stream, fileName } = await service.download(userOf(request), request.params.typesetId, kind);
      return reply.type(type).header('content-disposition', attachment(fileName)).send(stream);
    });
  }

  app.delete('/:typesetId', { ...signedIn, schema: { tags, params: TypesetParams, response: { 200: Message } } }, async (request) => {
    await service.remove(userOf(request), request.params.typesetId);
    return success(null, '排版记录和文件已删除');
  });
};

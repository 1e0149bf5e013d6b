import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, ShowType } from '../../lib/errors';
import { signedIn, userOf } from '../../plugins/session';
import { discardUpload, readMultipart, receiveUpload } from '../../lib/uploadFile';
import {
  CodeParams,
  CreatedReply,
  QuoteBody,
  QuoteReply,
  ReportReply,
  ReviewBody,
  ReviewListQuery,
  ReviewListReply,
  ReviewParams,
  ReviewReply,
  SystemsReply,
  UploadReply,
  VerificationReply,
} from './schemas';
import { POLICIES, type Throttle } from '../throttle';
import type { ReviewService } from './service';
import { PAPER_UPLOAD, UPLOAD_MAX_BYTES, success } from '../../../../common/api';
import { attachment } from '../../lib/fileNames';

/** A pasted paper travels in the JSON body of these calls, so they take more than the default 1 MB. */
const PASTED_BODY_LIMIT = 2 * 1024 * 1024;

export const reviewRoutes: FastifyPluginAsyncTypebox<{ service: ReviewService; publicUrl: string; throttle: Throttle }> = async (
  app,
  { service, publicUrl, throttle },
) => {
  const tags = ['review'];
  app.get('/system', { schema: { tags, response: { 200: SystemsReply } } }, async () => success(await service.systems()));

  app.post('/paper', { ...signedIn, schema: { tags, consumes: ['multipart/form-data'], response: { 200: UploadReply } } }, async (request) => {
    const file = await readMultipart(() => request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } }));
    if (!file) throw new AppError(422, 'NO_FILE', '请选择要上传的论文文件', ShowType.ERROR_MESSAGE, { file: '请选择要上传的论文文件' });
    const path = app.storage.incomingPath();
    try {
      await receiveUpload(file, path, PAPER_UPLOAD);
      return success(await service.upload(userOf(request), file.filename, path));
    } finally {
      await discardUpload(path);
    }
  });

  app.post('/quote', { ...signedIn, bodyLimit: PASTED_BODY_LIMIT, schema: { tags, body: QuoteBody, response: { 200: QuoteReply } } }, async (request) =>
    success(await service.quote(userOf(request), request.body)),
  );

  app.post('', { ...signedIn, bodyLimit: PASTED_BODY_LIMIT, schema: { tags, body: ReviewBody, response: { 200: CreatedReply } } }, async (request) =>
    success(await service.create(userOf(request), request.body)),
  );

  app.get('', { ...signedIn, schema: { tags, querystring: ReviewListQuery, response: { 200: ReviewListReply } } }, async (request) =>
    success(await service.list(userOf(request), request.query)),
  );

  app.get('/verify/:code', { schema: { tags, params: CodeParams, response: { 200: VerificationReply } } }, async (request) => {
    // codes are random but short enough to be worth guessing in bulk
    await throttle.attempt(POLICIES.verifyPerAddress, request.ip);
    return success(await service.verify(request.params.code));
  });

  app.get('/:reviewId', { ...signedIn, schema: { tags, params: ReviewParams, response: { 200: ReviewReply } } }, async (request) =>
    success(await service.get(userOf(request), request.params.reviewId)),
  );

  app.put(
    '/:reviewId',
    { ...signedIn, bodyLimit: PASTED_BODY_LIMIT, schema: { tags, params: ReviewParams, body: ReviewBody, response: { 200: CreatedReply } } },
    async (request) => success(await service.update(userOf(request), request.params.reviewId, request.body)),
  );

  app.delete('/:reviewId/paper', { ...signedIn, schema: { tags, params: ReviewParams, response: { 200: ReviewReply } } }, async (request) =>
    success(await service.deletePaper(userOf(request), request.params.reviewId), '论文已删除'),
  );

  app.get('/:reviewId/report', { ...signedIn, schema: { tags, params: ReviewParams, response: { 200: ReportReply } } }, async (request) =>
    success(await service.report(userOf(request), request.params.reviewId)),
  );

  app.get('/:reviewId/report.pdf', { ...signedIn, schema: { tags, params: ReviewParams } }, async (request, reply) => {
    const { pdf, fileName } = await service.reportPdf(userOf(request), request.params.reviewId, `${publicUrl}/review/home`);
    return reply.type('application/pdf').header('content-disposition', attachment(fileName)).send(pdf);
  });
};

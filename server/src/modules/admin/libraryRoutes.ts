import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mkdtemp, rm } from 'fs/promises';
import { tmpdir } from 'os';
import { join } from 'path';
import { Writable } from 'stream';
import { pipeline } from 'stream/promises';
import { LIBRARY_MAX_FILES, LIBRARY_TOO_MANY_FILES, LIBRARY_UPLOAD, UPLOAD_MAX_BYTES, success } from '../../../../common/api';
import { AppError, ShowType } from '../../lib/errors';
import { storedFileName } from '../../lib/fileNames';
import { readMultipart, receiveUpload } from '../../lib/uploadFile';
import { userOf } from '../../plugins/session';
import type { AdminLibrary } from './library';
import { LibraryImportReply, LibraryListReply, LibraryParams, LibraryQuery, LibraryRemovalReply } from './librarySchemas';

const NO_FILE = '请选择要导入的论文文件';
/** A part not kept (a repeated or hidden name) is still read to its end, so the next one arrives. */
const nowhere = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** /v1/admin/library: the check library's papers, uploads into it and removals; behind the module's staff guard. */
export const adminLibraryRoutes: FastifyPluginAsyncTypebox<{ library: AdminLibrary }> = async (app, { library }) => {
  const tags = ['admin'];
  app.get('/library', { schema: { tags, querystring: LibraryQuery, response: { 200: LibraryListReply } } }, async (request) =>
    success(await library.list(request.query)),
  );

  /**
   * multipart: the papers (any number of `file` parts, up to LIBRARY_MAX_FILES), each with its
   * .json metadata if it has one. All are received into a folder of their own, then imported as
   * `npm run import` imports a folder; a file over the size limit refuses the whole upload.
   */
  app.post('/library', { schema: { tags, consumes: ['multipart/form-data'], response: { 200: LibraryImportReply } } }, async (request) => {
    const folder = await mkdtemp(join(tmpdir(), 'zn-library-'));
    try {
      const received: string[] = [];
      try {
        await readMultipart(async () => {
          for await (const part of request.files({ limits: { fileSize: UPLOAD_MAX_BYTES, files: LIBRARY_MAX_FILES } })) {
            const name = storedFileName(part.filename);
            if (received.includes(name) || name.startsWith('.')) await pipeline(part.file, nowhere());
            else await receiveUpload(part, join(folder, name), LIBRARY_UPLOAD);
            received.push(name);
          }
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
          throw new AppError(413, 'TOO_MANY_FILES', LIBRARY_TOO_MANY_FILES, ShowType.ERROR_MESSAGE, { file: LIBRARY_TOO_MANY_FILES });
        throw error;
      }
      if (!received.length) throw new AppError(422, 'NO_FILE', NO_FILE, ShowType.ERROR_MESSAGE, { file: NO_FILE });
      const result = await library.importUpload(userOf(request), folder, received);
      return success(result, `共 ${result.outcomes.length} 个文件：导入 ${result.imported}，跳过 ${result.skipped}，拒绝 ${result.rejected}`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  app.delete('/library/:documentId', { schema: { tags, params: LibraryParams, response: { 200: LibraryRemovalReply } } }, async (request) => {
    const removed = await library.remove(userOf(request), request.params.documentId);
    return success(removed, `已从文献库移除《${removed.title}》，之后的检测不再比对它`);
  });
};

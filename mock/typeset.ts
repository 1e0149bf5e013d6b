import { ShowType } from '../common/api';
import { Readable } from 'stream';
import { notFound } from '../server/src/lib/errors';
import { SamplePageQuery, TemplateQuery, TypesetListQuery, checkSampleWidth, SAMPLE_WIDTHS } from '../server/src/modules/typeset';
import { pngOf } from '../server/src/engines/typeset/office';
import { failure, requireSession, withFault, type MockHandler, type MockRequest, type MockResponse } from './_lib/kit';
import { answer, mockServices, validQuery, withReceived } from './_lib/services';

/**
 * Typesetting, answered by the server's own typeset service (see _lib/services.ts): the real
 * templates and engine. A manuscript is typeset at once; its order is paid through the mock's
 * pay link like any other.
 */
async function signedIn(req: MockRequest, res: MockResponse) {
  const userId = requireSession(req, res);
  return userId ? (await mockServices()).userRow(userId) : undefined;
}

type UploadedFile = { originalname: string; buffer: Buffer };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Sends a stored file as the server does (a download when it has a name), or the service's error. */
async function sendFile(res: MockResponse, find: () => Promise<{ stream: Readable; fileName?: string }>, type = DOCX) {
  try {
    const { stream, fileName } = await find();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    res.setHeader('Content-Type', type);
    if (fileName) res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    (res as MockResponse & { end(body?: Buffer): void }).end(Buffer.concat(chunks));
  } catch (error) {
    answer(res, () => Promise.reject(error));
  }
}

/**
 * A sample page in the mock: a blank A4 page `width` px wide with a grey frame, drawn here rather
 * than by LibreOffice, so that the template page works without it; the server's are the real pages.
 */
const MOCK_SAMPLE_PAGES = 3;
const blankPages = new Map<number, Promise<Buffer>>();
function blankPage(width: number) {
  let png = blankPages.get(width);
  if (!png) {
    const height = Math.round((width * 297) / 210);
    const head = Buffer.from(`P6 ${width} ${height} 255\n`, 'latin1');
    const pixels = Buffer.alloc(width * height * 3, 0xff);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1)
        if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) pixels.fill(0xc0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
    png = pngOf(Buffer.concat([head, pixels]));
    blankPages.set(width, png);
  }
  return png;
}

const handlers: Record<string, MockHandler> = {
  'GET /api/v1/typeset/template': (req, res) => {
    const query = validQuery<{ degree?: string; discipline?: string; q?: string }>(TemplateQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).typesets.templates(query));
  },

  'GET /api/v1/typeset/template/:templateId': (req, res) => answer(res, async () => (await mockServices()).typesets.template(req.params.templateId)),

  'GET /api/v1/typeset/template/:templateId/sample.docx': (req, res) =>
    sendFile(res, async () => {
      const { data, fileName } = await (await mockServices()).typesets.sample(req.params.templateId);
      return { stream: Readable.from([data]), fileName };
    }),

  'GET /api/v1/typeset/template/:templateId/sample': (req, res) =>
    answer(res, async () => {
      await (await mockServices()).typesets.template(req.params.templateId);
      return { pages: MOCK_SAMPLE_PAGES, version: 'mock', widths: SAMPLE_WIDTHS };
    }),

  'GET /api/v1/typeset/template/:templateId/sample/:page': (req, res) => {
    const query = validQuery<{ w: number }>(SamplePageQuery, req, res);
    if (!query) return;
    const page = Number(String(req.params.page).replace(/\.png$/, ''));
    sendFile(
      res,
      async () => {
        await (await mockServices()).typesets.template(req.params.templateId);
        checkSampleWidth(query.w);
        if (!(page >= 1 && page <= MOCK_SAMPLE_PAGES)) throw notFound(`样张只有 ${MOCK_SAMPLE_PAGES} 页`);
        return { stream: Readable.from([await blankPage(query.w)]) };
      },
      'image/png',
    );
  },

  'POST /api/v1/typeset': async (req, res) => {
    const user = await signedIn(req, res);
    if (!user) return;
    const file = (req as MockRequest & { files?: UploadedFile[] }).files?.[0];
    if (!file) return res.status(422).json(failure('请选择要排版的稿件', 'NO_FILE', ShowType.ERROR_MESSAGE, { errors: { file: '请选择要排版的稿件' } }));
    const { templateId = '', ...cover } = (req.body ?? {}) as Record<string, string>;
    answer(res, async () => {
      const services = await mockServices();
      const created = await withReceived(file.buffer, (path) => services.typesets.create(user, templateId, cover, file.originalname, path));
      await services.jobs.drain();
      return created;
    });
  },

  'GET /api/v1/typeset': async (req, res) => {
    const user = await signedIn(req, res);
    const query = user && validQuery<{ current: number; pageSize: number }>(TypesetListQuery, req, res);
    if (user && query) answer(res, async () => (await mockServices()).typesets.list(user, query));
  },

  'GET /api/v1/typeset/:typesetId/preview/:page': async (req, res) => {
    const user = await signedIn(req, res);
    const page = Number(String(req.params.page).replace(/\.png$/, ''));
    if (user) sendFile(res, async () => ({ stream: await (await mockServices()).typesets.previewPage(user, req.params.typesetId, page) }), 'image/png');
  },

  'GET /api/v1/typeset/:typesetId/download.pdf': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) sendFile(res, async () => (await mockServices()).typesets.download(user, req.params.typesetId, 'pdf'), 'application/pdf');
  },

  'GET /api/v1/typeset/:typesetId/download': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) sendFile(res, async () => (await mockServices()).typesets.download(user, req.params.typesetId, 'docx'));
  },

  'GET /api/v1/typeset/:typesetId': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) answer(res, async () => (await mockServices()).typesets.get(user, req.params.typesetId));
  },

  'DELETE /api/v1/typeset/:typesetId': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) answer(res, async () => (await (await mockServices()).typesets.remove(user, req.params.typesetId), null));
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));

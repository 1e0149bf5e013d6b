import { ShowType } from '../common/api';
import { ReviewBody, QuoteBody, ReviewListQuery } from '../server/src/modules/review';
import { failure, requireSession, withFault, type MockHandler, type MockRequest, type MockResponse } from './_lib/kit';
import { answer, mockServices, valid, validQuery, withReceived } from './_lib/services';

/**
 * Plagiarism checks, answered by the server's own check service (see _lib/services.ts): real
 * prices, real reports against the demo library. Paying through the mock's pay link runs the check
 * at once.
 */
async function signedIn(req: MockRequest, res: MockResponse) {
  const userId = requireSession(req, res);
  return userId ? (await mockServices()).userRow(userId) : undefined;
}

/** The uploaded file: parsed by Umi's mock server (multer), or handed over by the page tests. */
type UploadedFile = { originalname: string; buffer: Buffer };
const fileOf = (req: MockRequest & { files?: UploadedFile[] }) => req.files?.[0];

const handlers: Record<string, MockHandler> = {
  'GET /api/v1/review/system': (_req, res) => answer(res, async () => (await mockServices()).reviews.systems()),

  'POST /api/v1/review/paper': async (req, res) => {
    const user = await signedIn(req, res);
    if (!user) return;
    const file = fileOf(req);
    if (!file)
      return res.status(422).json(failure('请选择要上传的论文文件', 'NO_FILE', ShowType.ERROR_MESSAGE, { errors: { file: '请选择要上传的论文文件' } }));
    answer(res, async () => withReceived(file.buffer, async (path) => (await mockServices()).reviews.upload(user, file.originalname, path)));
  },

  'POST /api/v1/review/quote': async (req, res) => {
    const user = await signedIn(req, res);
    const body = user && valid<{ systemId: string }>(QuoteBody, req.body, res);
    if (user && body) answer(res, async () => (await mockServices()).reviews.quote(user, body));
  },

  'POST /api/v1/review': async (req, res) => {
    const user = await signedIn(req, res);
    const body = user && valid<any>(ReviewBody, req.body, res);
    if (user && body) answer(res, async () => (await mockServices()).reviews.create(user, body));
  },

  'GET /api/v1/review': async (req, res) => {
    const user = await signedIn(req, res);
    const query = user && validQuery<{ current: number; pageSize: number }>(ReviewListQuery, req, res);
    if (user && query) answer(res, async () => (await mockServices()).reviews.list(user, query));
  },

  'GET /api/v1/review/verify/:code': (req, res) => answer(res, async () => (await mockServices()).reviews.verify(req.params.code)),

  'GET /api/v1/review/:reviewId': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) answer(res, async () => (await mockServices()).reviews.get(user, req.params.reviewId));
  },

  'PUT /api/v1/review/:reviewId': async (req, res) => {
    const user = await signedIn(req, res);
    const body = user && valid<any>(ReviewBody, req.body, res);
    if (user && body) answer(res, async () => (await mockServices()).reviews.update(user, req.params.reviewId, body));
  },

  'DELETE /api/v1/review/:reviewId/paper': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) answer(res, async () => (await mockServices()).reviews.deletePaper(user, req.params.reviewId));
  },

  'GET /api/v1/review/:reviewId/report.pdf': async (req, res) => {
    const user = await signedIn(req, res);
    if (!user) return;
    try {
      const { pdf, fileName } = await (await mockServices()).reviews.reportPdf(user, req.params.reviewId, '/review/home');
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      (res as MockResponse & { end(body?: Buffer): void }).end(pdf);
    } catch (error) {
      answer(res, () => Promise.reject(error));
    }
  },

  'GET /api/v1/review/:reviewId/report': async (req, res) => {
    const user = await signedIn(req, res);
    if (user) answer(res, async () => (await mockServices()).reviews.report(user, req.params.reviewId));
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));

import { ArticleListQuery } from '../server/src/modules/article';
import { DocumentListQuery } from '../server/src/modules/document';
import { SearchQuery } from '../server/src/modules/search';
import { withFault, type MockHandler } from './_lib/kit';
import { answer, mockServices, validQuery } from './_lib/services';

/** Articles, the document library and search: the demo content, served by the real services. */
const handlers: Record<string, MockHandler> = {
  'GET /api/v1/article': (req, res) => {
    const query = validQuery<{ current: number; pageSize: number; category?: string }>(ArticleListQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).article.list(query));
  },
  'GET /api/v1/article/:articleId': (req, res) => {
    // every mock visitor is one session: views count once per article
    answer(res, async () => (await mockServices()).article.read(req.params.articleId, 'mock-visitor'));
  },
  'GET /api/v1/document': (req, res) => {
    const query = validQuery<{ current: number; pageSize: number; type?: string; discipline?: string; featured?: boolean }>(DocumentListQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).document.list(query));
  },
  'GET /api/v1/document/disciplines': (_req, res) => {
    answer(res, async () => (await mockServices()).document.disciplines());
  },
  'GET /api/v1/document/:documentId': (req, res) => {
    answer(res, async () => (await mockServices()).document.read(req.params.documentId));
  },
  'GET /api/v1/search': (req, res) => {
    const query = validQuery<{ q: string; kind?: 'article' | 'document'; current: number; pageSize: number }>(SearchQuery, req, res);
    if (query) answer(res, async () => (await mockServices()).search.search(query));
  },
};

export default Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, withFault(handler)]));

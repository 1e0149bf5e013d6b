/** Articles, the document library and search (public: visitors may read everything). */
import type { ArticleCategory, DocumentType } from '../../../common/content';
import { get, type ApiResponse, type CallOptions, type Paged, type PageQuery, segment } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as articleSchemas from '../../../server/src/modules/article/schemas';
import type * as documentSchemas from '../../../server/src/modules/document/schemas';
import type * as searchSchemas from '../../../server/src/modules/search/schemas';

// the API's own schemas: one definition of each shape for the server, the mock and the app
export type ArticleSummary = Static<typeof articleSchemas.ArticleSummary>;
/** `html` is sanitised on the server (Markdown rendered with raw HTML off). */
export type ArticleDetail = Static<typeof articleSchemas.ArticleDetail>;
export type DocumentSummary = Static<typeof documentSchemas.DocumentSummary>;
export type DocumentDetail = Static<typeof documentSchemas.DocumentDetail>;
export type SearchKind = Static<typeof searchSchemas.SearchKind>;
export type SearchHit = Static<typeof searchSchemas.SearchHit>;
export type SearchResult = Static<typeof searchSchemas.SearchResult>;

export const listArticles = (query: PageQuery & { category?: ArticleCategory }) => get<ApiResponse<Paged<ArticleSummary>>>('/v1/article', { ...query });

export const getArticle = (articleId: string) => get<ApiResponse<ArticleDetail>>(`/v1/article/${segment(articleId)}`);

export const listDocuments = (query: PageQuery & { type?: DocumentType; discipline?: string; featured?: boolean }) =>
  get<ApiResponse<Paged<DocumentSummary>>>('/v1/document', { ...query });

export const listDisciplines = () => get<ApiResponse<string[]>>('/v1/document/disciplines');

export const getDocument = (documentId: string) => get<ApiResponse<DocumentDetail>>(`/v1/document/${segment(documentId)}`);

/** Where the original file of a document downloads from (a plain link, not a call). */
export const documentFileUrl = (documentId: string) => `/api/v1/document/${segment(documentId)}/file`;

export const search = (query: PageQuery & { q: string; kind?: SearchKind }, options?: CallOptions) =>
  get<ApiResponse<SearchResult>>('/v1/search', { ...query }, options);

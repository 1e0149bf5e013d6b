/** Articles, the document library and search (public: visitors may read everything). */
import type { ArticleCategory, DocumentType } from '../../common/content';
import { get, type ApiResponse } from '@/utils/request';

export interface Paged<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

export interface PageQuery {
  current?: number;
  pageSize?: number;
}

export interface ArticleSummary {
  id: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  author: string;
  publishedAt: string;
  viewCount: number;
}

export interface ArticleDetail extends ArticleSummary {
  /** sanitised on the server (Markdown rendered with raw HTML off) */
  html: string;
  previous: { id: string; title: string } | null;
  next: { id: string; title: string } | null;
  related: ArticleSummary[];
}

export interface DocumentSummary {
  id: string;
  title: string;
  authors: string[];
  year: number;
  type: string;
  discipline: string;
  keywords: string[];
  excerpt: string;
  charCount: number;
  featured: boolean;
}

export interface DocumentDetail extends DocumentSummary {
  abstract: string;
  fullText: string;
  fileName: string | null;
  related: DocumentSummary[];
}

export type SearchKind = 'article' | 'document';

export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  snippet: string;
  subtitle: string;
}

export interface SearchResult extends Paged<SearchHit> {
  terms: string[];
  kind: SearchKind;
  counts: Record<SearchKind, number>;
}

const path = (id: string) => encodeURIComponent(id);

export const listArticles = (query: PageQuery & { category?: ArticleCategory }) => get<ApiResponse<Paged<ArticleSummary>>>('/v1/article', { ...query });

export const getArticle = (articleId: string) => get<ApiResponse<ArticleDetail>>(`/v1/article/${path(articleId)}`);

export const listDocuments = (query: PageQuery & { type?: DocumentType; discipline?: string; featured?: boolean }) =>
  get<ApiResponse<Paged<DocumentSummary>>>('/v1/document', { ...query });

export const listDisciplines = () => get<ApiResponse<string[]>>('/v1/document/disciplines');

export const getDocument = (documentId: string) => get<ApiResponse<DocumentDetail>>(`/v1/document/${path(documentId)}`);

/** Where the original file of a document downloads from (a plain link, not a call). */
export const documentFileUrl = (documentId: string) => `/api/v1/document/${path(documentId)}/file`;

export const search = (query: PageQuery & { q: string; kind?: SearchKind }) => get<ApiResponse<SearchResult>>('/v1/search', { ...query });

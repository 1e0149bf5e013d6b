/** The reading area's fixed vocabularies and list sizes, shared by the app, the mock and the API. */
export const ARTICLE_CATEGORIES = ['写作指导', '查重知识', '排版规范', '平台公告'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const DOCUMENT_TYPES = ['本科', '硕士', '博士', '期刊'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** The furthest page a list is asked for: further is an address typed by hand. */
export const MAX_PAGE = 100_000;
/** Longer queries are cut; more words than this are ignored. */
export const SEARCH_MAX_LENGTH = 60;
export const SEARCH_MAX_TERMS = 5;
/** The longest query the API takes at all (a pasted address may carry more than the box allows); it is then cut as above. */
export const SEARCH_QUERY_MAX_LENGTH = SEARCH_MAX_LENGTH * 2;

/** The words of a search query: split on any white space (including the full-width space), deduplicated. */
export function searchTerms(query: string): string[] {
  const words = query
    .slice(0, SEARCH_MAX_LENGTH)
    .split(/[\s\u3000]+/)
    .filter(Boolean);
  const seen = new Set<string>();
  return words.filter((w) => !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase())).slice(0, SEARCH_MAX_TERMS);
}

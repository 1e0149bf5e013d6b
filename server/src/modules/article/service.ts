import type { Static } from '@sinclair/typebox';
import { renderMarkdown } from '../../../../common/markdown';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { pageWindow, parseList } from '../shared/paging';
import type { ArticleRepo, ArticleRow } from './repo';
import type { ArticleSummary } from './schemas';

const RELATED_COUNT = 5;

export function toArticleSummary(row: ArticleRow): Static<typeof ArticleSummary> {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    tags: parseList(row.tags),
    author: row.author,
    publishedAt: row.published_at,
    viewCount: row.view_count,
  };
}

export function createArticleService(articles: ArticleRepo) {
  return {
    async list(query: { current: number; pageSize: number; category?: string }) {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await articles.list({ category: query.category }, offset, limit);
      return { list: rows.map(toArticleSummary), total, current: query.current, pageSize: query.pageSize };
    },

    /** The article to read; `visitor` identifies the browser session so a view counts once. */
    async read(id: string, visitor: string) {
      const row = await articles.findById(id);
      if (!row) throw notFound('文章不存在或已下线');
      if (await articles.recordView(id, visitor, nowIso())) row.view_count += 1;
      const [{ previous, next }, candidates] = await Promise.all([articles.neighbours(row), articles.sameCategory(row.category, row.id, 30)]);
      // related: most tags in common, then newest
      const tags = new Set(parseList(row.tags));
      const shared = (r: ArticleRow) => parseList(r.tags).filter((t) => tags.has(t)).length;
      const related = candidates
        .map((r) => ({ r, score: shared(r) }))
        .sort((a, b) => b.score - a.score || b.r.published_at.localeCompare(a.r.published_at))
        .slice(0, RELATED_COUNT)
        .map(({ r }) => toArticleSummary(r));
      return { ...toArticleSummary(row), html: renderMarkdown(row.body), previous, next, related };
    },

    /** For the back office (modules/admin): every article, published or not, and its changes. */
    listAll: articles.listAll,
    findAny: articles.findAny,
    create: articles.create,
    update: articles.update,

    /** For the search module: how many articles contain every term, and one page of them. */
    countMatches: (terms: string[]) => articles.countMatches(terms),
    search: (terms: string[], offset: number, limit: number) => articles.search(terms, offset, limit),
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;

/**
 * The back office's articles: every article, published or not; writing, editing, publishing and
 * taking down, each change with its one audit entry written in the change's own transaction.
 * Readers' queries (modules/article) see published articles only, straight from the database,
 * so a publication is on the home page at the next load.
 */
import type { Static } from '@sinclair/typebox';
import type { AuditAction } from '../../../../common/auditActions';
import { stripMarkdown } from '../../../../common/markdown';
import { notFound } from '../../lib/errors';
import { newId, sha256 } from '../../lib/ids';
import { nowIso } from '../../lib/time';
import { toArticleSummary, type ArticleFilter, type ArticleRow, type ArticleService, type OnArticleChange } from '../article';
import type { AuditService } from '../audit';
import { pageWindow } from '../shared/paging';
import type { UserRow } from '../user';
import type { ArticleBody } from './articleSchemas';

type Body = Static<typeof ArticleBody>;
const SUMMARY_LENGTH = 120;
const DEFAULT_AUTHOR = '智能论文编辑部';

export const toAdminArticle = (row: ArticleRow) => ({
  ...toArticleSummary(row),
  body: row.body,
  published: row.published === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** What the audit log keeps of an article: everything but the view count. */
const audited = (row: ArticleRow | null) => {
  if (!row) return null;
  const { viewCount: _views, ...rest } = toAdminArticle(row);
  return rest;
};

/** The columns a body sets; an empty summary is the body's first words. */
function fieldsOf(body: Body) {
  const summary = body.summary?.trim() || stripMarkdown(body.body).replace(/\s+/g, ' ').trim().slice(0, SUMMARY_LENGTH);
  return {
    title: body.title.trim(),
    category: body.category,
    summary,
    body: body.body,
    author: body.author?.trim() || DEFAULT_AUTHOR,
    tags: JSON.stringify(body.tags ?? []),
  };
}

export function createAdminArticles(deps: { articles: Pick<ArticleService, 'listAll' | 'findAny' | 'create' | 'update'>; audit: AuditService }) {
  const { articles, audit } = deps;
  /** The audit entry of a change by `actor`, written inside the change's transaction. */
  const recorded =
    (actor: UserRow, action: AuditAction): OnArticleChange =>
    (before, after, trx) =>
      audit.record(
        { actor: { id: actor.id, email: actor.email }, action, target: { type: 'article', id: after.id }, before: audited(before), after: audited(after) },
        trx,
      );

  async function change(actor: UserRow, id: string, action: AuditAction, patch: Parameters<ArticleService['update']>[1]) {
    const after = await articles.update(id, patch, recorded(actor, action));
    if (!after) throw notFound('文章不存在');
    return toAdminArticle(after);
  }

  return {
    async list(query: ArticleFilter & { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await articles.listAll(query, offset, limit);
      return { list: rows.map(toAdminArticle), total, current: query.current, pageSize: query.pageSize };
    },

    async create(actor: UserRow, body: Body) {
      const id = newId();
      const now = nowIso();
      const row = { id, ...fieldsOf(body), published: body.published ? 1 : 0, published_at: now, created_at: now, content_hash: sha256(`article:${id}`) };
      return toAdminArticle(await articles.create(row, recorded(actor, 'article.create')));
    },

    update: (actor: UserRow, id: string, body: Body) => change(actor, id, 'article.update', () => ({ ...fieldsOf(body), updated_at: nowIso() })),

    /**
     * Publishes (at the top of the list, as of now) or takes down an article. Asking for the
     * state it is already in changes nothing and writes no audit entry.
     */
    async setPublished(actor: UserRow, id: string, published: boolean) {
      const current = await articles.findAny(id);
      if (!current) throw notFound('文章不存在');
      if ((current.published === 1) === published) return toAdminArticle(current);
      return change(actor, id, published ? 'article.publish' : 'article.unpublish', () =>
        published ? { published: 1, published_at: nowIso() } : { published: 0 },
      );
    },
  };
}
export type AdminArticles = ReturnType<typeof createAdminArticles>;

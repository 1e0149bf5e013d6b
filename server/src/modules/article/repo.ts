import type { Db } from '../../db';
import { matchesAll, relevance, type SearchableTable } from '../../db/textSearch';
import type { ArticleTable } from '../../db/types';

export type ArticleRow = Omit<ArticleTable, 'seq' | 'view_count'> & { view_count: number };
export type NewArticle = Omit<ArticleTable, 'seq' | 'view_count'>;

export const ARTICLE_SEARCH: SearchableTable = {
  table: 'articles',
  columns: [
    { name: 'title', weight: 10 },
    { name: 'summary', weight: 4 },
    { name: 'body', weight: 1 },
  ],
};

const COLUMNS = ['id', 'title', 'summary', 'body', 'category', 'tags', 'author', 'published_at', 'view_count', 'content_hash', 'created_at'] as const;

export function createArticleRepo(db: Db) {
  const base = () => db.selectFrom('articles');
  return {
    async insert(row: NewArticle) {
      await db.insertInto('articles').values(row).execute();
    },
    findByHash: (hash: string) => base().select('id').where('content_hash', '=', hash).executeTakeFirst(),
    findById: (id: string) => base().select(COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<ArticleRow | undefined>,

    /** Newest first, optionally one category. */
    async list(filter: { category?: string }, offset: number, limit: number) {
      let query = base();
      if (filter.category) query = query.where('category', '=', filter.category);
      const [rows, count] = await Promise.all([
        query.select(COLUMNS).orderBy('published_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as ArticleRow[], total: Number(count.total) };
    },

    /** The articles published just before and just after this one. */
    async neighbours(article: Pick<ArticleRow, 'id' | 'published_at'>) {
      const earlier = base()
        .select(['id', 'title'])
        .where((eb) => eb.or([eb('published_at', '<', article.published_at), eb.and([eb('published_at', '=', article.published_at), eb('id', '<', article.id)])]))
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const later = base()
        .select(['id', 'title'])
        .where((eb) => eb.or([eb('published_at', '>', article.published_at), eb.and([eb('published_at', '=', article.published_at), eb('id', '>', article.id)])]))
        .orderBy('published_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const [previous, next] = await Promise.all([earlier, later]);
      return { previous: previous ?? null, next: next ?? null };
    },

    /** Candidates for "related": the newest others in the same category. */
    sameCategory: (category: string, exceptId: string, limit: number) =>
      base().select(COLUMNS).where('category', '=', category).where('id', '!=', exceptId).orderBy('published_at', 'desc').limit(limit).execute() as Promise<ArticleRow[]>,

    /** Counts a view once per visitor; true when this visitor had not seen it before. */
    async recordView(articleId: string, visitor: string, at: string) {
      return db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('article_views')
          .values({ article_id: articleId, visitor, created_at: at })
          .onConflict((oc) => oc.columns(['article_id', 'visitor']).doNothing())
        .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        await tx.updateTable('articles').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', articleId).execute();
        return true;
      });
    },

    /** How many articles contain every term. */
    async countMatches(terms: string[]) {
      const count = await base().where(matchesAll(db, ARTICLE_SEARCH, terms)).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      return Number(count.total);
    },

    /** One page of the articles containing every term, best first. */
    async search(terms: string[], offset: number, limit: number) {
      const rows = await base()
        .where(matchesAll(db, ARTICLE_SEARCH, terms))
        .select(COLUMNS)
        .select(relevance(db, ARTICLE_SEARCH, terms).as('score'))
        .orderBy('score', 'desc')
        .orderBy('published_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows as ArticleRow[];
    },
  };
}

export type ArticleRepo = ReturnType<typeof createArticleRepo>;

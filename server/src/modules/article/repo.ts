import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import { changeInTransaction } from '../../db/changeRow';
import { matchesAll, relevance, type SearchableTable } from '../../db/textSearch';
import type { ArticleTable, Database } from '../../db/types';

export type ArticleRow = Omit<ArticleTable, 'seq' | 'view_count' | 'published' | 'updated_at'> & {
  view_count: number;
  published: number;
  updated_at: string | null;
};
export type NewArticle = Omit<ArticleTable, 'seq' | 'view_count' | 'published' | 'updated_at'> & { published?: number; updated_at?: string | null };
/** What the back office changes of an article. */
export type ArticlePatch = Partial<
  Pick<ArticleRow, 'title' | 'summary' | 'body' | 'category' | 'tags' | 'author' | 'published' | 'published_at' | 'updated_at'>
>;
/** Called inside a change's transaction with the row before (null: a new one) and after it. */
export type OnArticleChange = (before: ArticleRow | null, after: ArticleRow, trx: Transaction<Database>) => Promise<void>;

/** The back office's filter: any article, published or not. */
export interface ArticleFilter {
  category?: string;
  title?: string;
  published?: boolean;
}

export const ARTICLE_SEARCH: SearchableTable = {
  table: 'articles',
  columns: [
    { name: 'title', weight: 10 },
    { name: 'summary', weight: 4 },
    { name: 'body', weight: 1 },
  ],
};

const COLUMNS = [
  'id',
  'title',
  'summary',
  'body',
  'category',
  'tags',
  'author',
  'published_at',
  'view_count',
  'content_hash',
  'created_at',
  'published',
  'updated_at',
] as const;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Counts a view once per visitor (the view and the count in one transaction). */
async function recordView(db: Db, articleId: string, visitor: string, at: string) {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('article_views')
      .values({ article_id: articleId, visitor, created_at: at })
      .onConflict((oc) => oc.columns(['article_id', 'visitor']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await tx
      .updateTable('articles')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', articleId)
      .execute();
    return true;
  });
}

const anyArticle = (trx: Db | Transaction<Database>, id: string) =>
  trx.selectFrom('articles').select(COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<ArticleRow | undefined>;

/** The back office's side: every article, published or not, and its changes with their audit entries. */
function backOfficeArticles(db: Db) {
  return {
    /** Published or not, for the back office. */
    findAny: (id: string) => anyArticle(db, id),

    /** The back office's list: every article, newest first. */
    async listAll(filter: ArticleFilter, offset: number, limit: number) {
      let query = db.selectFrom('articles');
      if (filter.category) query = query.where('category', '=', filter.category);
      if (filter.title?.trim()) query = query.where('title', 'like', likePattern(filter.title.trim()));
      if (filter.published !== undefined) query = query.where('published', '=', filter.published ? 1 : 0);
      const [rows, count] = await Promise.all([
        query.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as ArticleRow[], total: Number(count.total) };
    },

    /** A new article and `onChange` (the audit entry) in one transaction. */
    create: (row: NewArticle, onChange: OnArticleChange) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('articles').values(row).execute();
        const after = (await anyArticle(trx, row.id))!;
        await onChange(null, after, trx);
        return after;
      }),

    /** Changes an article and runs `onChange` in one transaction; undefined: no such article. */
    update: (id: string, patch: (before: ArticleRow) => ArticlePatch, onChange: OnArticleChange) =>
      changeInTransaction(
        db,
        {
          read: (trx) => anyArticle(trx, id),
          write: (trx, before) => trx.updateTable('articles').set(patch(before)).where('id', '=', id).execute(),
        },
        onChange,
      ),
  };
}

export function createArticleRepo(db: Db) {
  // readers see published articles only: every public query starts here
  const base = () => db.selectFrom('articles').where('published', '=', 1);
  return {
    ...backOfficeArticles(db),
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
        .where((eb) =>
          eb.or([eb('published_at', '<', article.published_at), eb.and([eb('published_at', '=', article.published_at), eb('id', '<', article.id)])]),
        )
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const later = base()
        .select(['id', 'title'])
        .where((eb) =>
          eb.or([eb('published_at', '>', article.published_at), eb.and([eb('published_at', '=', article.published_at), eb('id', '>', article.id)])]),
        )
        .orderBy('published_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const [previous, next] = await Promise.all([earlier, later]);
      return { previous: previous ?? null, next: next ?? null };
    },

    /** Candidates for "related": the newest others in the same category. */
    sameCategory: (category: string, exceptId: string, limit: number) =>
      base().select(COLUMNS).where('category', '=', category).where('id', '!=', exceptId).orderBy('published_at', 'desc').limit(limit).execute() as Promise<
        ArticleRow[]
      >,

    /** Counts a view once per visitor; true when this visitor had not seen it before. */
    recordView: (articleId: string, visitor: string, at: string) => recordView(db, articleId, visitor, at),

    /** How many articles contain every term. */
    async countMatches(terms: string[]) {
      const count = await base()
        .where(matchesAll(db, ARTICLE_SEARCH, terms))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
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

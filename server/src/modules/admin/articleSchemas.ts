import { Type } from '@sinclair/typebox';
import { ArticleSummary, Category } from '../article';
import { Nullable, Ok, Page, PageQuery } from '../shared/schemas';

/** An article as the back office sees it: its Markdown source and whether readers see it. */
export const AdminArticle = Type.Object(
  {
    ...ArticleSummary.properties,
    body: Type.String(),
    published: Type.Boolean(),
    createdAt: Type.String(),
    updatedAt: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const AdminArticleQuery = Type.Object({
  ...PageQuery,
  title: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Category),
  published: Type.Optional(Type.Boolean()),
});
export const AdminArticleListReply = Ok(Page(AdminArticle));
export const AdminArticleReply = Ok(AdminArticle);

/** What staff write: an empty summary is taken from the body's first lines. */
export const ArticleBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: '请填写标题（最多 200 字）' }),
  category: Category,
  summary: Type.Optional(Type.String({ maxLength: 300, errorMessage: '摘要最多 300 字' })),
  body: Type.String({ minLength: 1, maxLength: 100_000, pattern: '\\S', errorMessage: '请填写正文（最多 10 万字）' }),
  author: Type.Optional(Type.String({ maxLength: 60, errorMessage: '作者最多 60 字' })),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 10, errorMessage: '最多 10 个标签，每个不超过 20 字' })),
  /** on creation only: publish at once (default: a draft) */
  published: Type.Optional(Type.Boolean()),
});

export const AdminArticleParams = Type.Object({ articleId: Type.String({ minLength: 1, maxLength: 64 }) });

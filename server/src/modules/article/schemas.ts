import { Type } from '@sinclair/typebox';
import { ARTICLE_CATEGORIES } from '../../../../common/content';
import { Nullable, Ok, OneOf, Page, PageQuery } from '../shared/schemas';

export const Category = OneOf(ARTICLE_CATEGORIES, { errorMessage: '没有这个栏目' });

export const ArticleSummary = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    category: Type.String(),
    tags: Type.Array(Type.String()),
    author: Type.String(),
    publishedAt: Type.String(),
    viewCount: Type.Integer(),
  },
  { additionalProperties: false },
);

const Link = Type.Object({ id: Type.String(), title: Type.String() });

export const ArticleDetail = Type.Composite([
  ArticleSummary,
  Type.Object({
    /** the body rendered from Markdown with raw HTML switched off */
    html: Type.String(),
    previous: Nullable(Link),
    next: Nullable(Link),
    related: Type.Array(ArticleSummary),
  }),
]);

export const ArticleListQuery = Type.Object({ ...PageQuery, category: Type.Optional(Category) });
export const ArticleParams = Type.Object({ articleId: Type.String({ maxLength: 64 }) });
export const ArticleListReply = Ok(Page(ArticleSummary));
export const ArticleDetailReply = Ok(ArticleDetail);

import { Type } from '@sinclair/typebox';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../../common/content';
import { Ok, PageQuery } from '../shared/schemas';

export const SearchKind = Type.Union([Type.Literal('article'), Type.Literal('document')]);

export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: SEARCH_QUERY_MAX_LENGTH,
    pattern: '\\S',
    // a query too long is not an empty one: each refusal says what to do
    errorMessage: { maxLength: `搜索内容不能超过 ${SEARCH_QUERY_MAX_LENGTH} 个字`, _: '请输入要搜索的内容' },
  }),
  kind: Type.Optional(SearchKind),
  ...PageQuery,
});

export const SearchHit = Type.Object(
  {
    kind: SearchKind,
    id: Type.String(),
    title: Type.String(),
    /** the passage around the first hit; the app marks `terms` in it */
    snippet: Type.String(),
    /** category and date for an article; type, discipline and year for a document */
    subtitle: Type.String(),
  },
  { additionalProperties: false },
);

export const SearchResult = Type.Object({
  /** the words searched for, as the server split the query */
  terms: Type.Array(Type.String()),
  kind: SearchKind,
  counts: Type.Object({ article: Type.Integer(), document: Type.Integer() }),
  list: Type.Array(SearchHit),
  total: Type.Integer(),
  current: Type.Integer(),
  pageSize: Type.Integer(),
});

export const SearchReply = Ok(SearchResult);

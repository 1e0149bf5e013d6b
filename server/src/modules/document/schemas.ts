import { Type } from '@sinclair/typebox';
import { DOCUMENT_TYPES } from '../../../../common/content';
import { Nullable, Ok, OneOf, Page, PageQuery } from '../shared/schemas';

export const DocumentTypeField = OneOf(DOCUMENT_TYPES, { errorMessage: '没有这种范文类型' });

export const DocumentSummary = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    authors: Type.Array(Type.String()),
    year: Type.Integer(),
    type: Type.String(),
    discipline: Type.String(),
    keywords: Type.Array(Type.String()),
    /** the abstract, cut to a list's length */
    excerpt: Type.String(),
    charCount: Type.Integer(),
    featured: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const DocumentDetail = Type.Composite([
  DocumentSummary,
  Type.Object({
    abstract: Type.String(),
    /** paragraphs separated by line breaks */
    fullText: Type.String(),
    /** the name of the original file, when there is one to download */
    fileName: Nullable(Type.String()),
    related: Type.Array(DocumentSummary),
  }),
]);

export const DocumentListQuery = Type.Object({
  ...PageQuery,
  type: Type.Optional(DocumentTypeField),
  discipline: Type.Optional(Type.String({ maxLength: 40 })),
  featured: Type.Optional(Type.Boolean()),
});
export const DocumentParams = Type.Object({ documentId: Type.String({ maxLength: 64 }) });
export const DocumentListReply = Ok(Page(DocumentSummary));
export const DocumentDetailReply = Ok(DocumentDetail);
export const DisciplinesReply = Ok(Type.Array(Type.String()));

import { Type } from '@sinclair/typebox';
import { DocumentSummary } from '../document';
import { Nullable, Ok, Page, PageQuery } from '../shared/schemas';

/** A paper of the check library as the back office lists it. */
export const LibraryDocument = Type.Composite(
  [
    Type.Pick(DocumentSummary, ['id', 'title', 'authors', 'year', 'type', 'discipline', 'charCount']),
    Type.Object({
      /** the original file's name; null for papers imported from text */
      fileName: Nullable(Type.String()),
      createdAt: Type.String(),
    }),
  ],
  { additionalProperties: false },
);

/** Words the listed papers all contain (title, keywords, abstract or text). */
export const LibraryQuery = Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 100 })) });
export const LibraryListReply = Ok(Page(LibraryDocument));
export const LibraryParams = Type.Object({ documentId: Type.String({ minLength: 1, maxLength: 64 }) });

/** What became of one uploaded file: the words of `npm run import`'s summary. */
export const ImportOutcome = Type.Object(
  {
    file: Type.String(),
    status: Type.Union([Type.Literal('imported'), Type.Literal('skipped'), Type.Literal('rejected')]),
    /** why it was skipped or rejected */
    reason: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    /** the paper imported, or the one that already holds the same text */
    id: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export const LibraryImport = Type.Object(
  {
    imported: Type.Integer(),
    skipped: Type.Integer(),
    rejected: Type.Integer(),
    /** imported first, then skipped, then rejected, as the command prints them */
    outcomes: Type.Array(ImportOutcome),
  },
  { additionalProperties: false },
);
export const LibraryImportReply = Ok(LibraryImport);
export const LibraryRemoval = Type.Object({ id: Type.String(), title: Type.String() }, { additionalProperties: false });
export const LibraryRemovalReply = Ok(LibraryRemoval);

import { Type } from '@sinclair/typebox';
import { Nullable, Ok, OneOf, OptionalPaperText, Page, PageQuery, PaperText } from '../shared/schemas';
import { OPTIONAL_COVER_FIELDS } from '../../engines/typeset/template';

export const TemplateSummary = Type.Object(
  { id: Type.String(), name: Type.String(), degree: Type.String(), discipline: Type.String(), description: Type.String(), priceFen: Type.Integer() },
  { additionalProperties: false },
);
export const TemplateDetail = Type.Composite([
  TemplateSummary,
  Type.Object({
    rules: Type.Array(Type.Object({ item: Type.String(), rule: Type.String() })),
    /** the cover fields besides title and author that this template's cover shows, in the form's order */
    coverFields: Type.Array(OneOf(OPTIONAL_COVER_FIELDS)),
  }),
]);

export const CoverFields = Type.Object({
  title: PaperText('title'),
  author: PaperText('author'),
  studentNumber: OptionalPaperText('studentNumber'),
  school: OptionalPaperText('school'),
  major: OptionalPaperText('major'),
  supervisor: OptionalPaperText('supervisor'),
  date: OptionalPaperText('date'),
});

export const Typeset = Type.Object(
  {
    id: Type.String(),
    templateId: Type.String(),
    templateName: Type.String(),
    title: Type.String(),
    fields: CoverFields,
    manuscriptName: Type.String(),
    status: OneOf(['queued', 'running', 'done', 'failed']),
    progress: Type.Integer(),
    warnings: Type.Array(Type.String()),
    priceFen: Type.Integer(),
    /** paid, and its order not given back in full: the downloads are open */
    paid: Type.Boolean(),
    /** its order was given back in full: no longer paid, and it may be bought again */
    refunded: Type.Boolean(),
    /** an order of it is open, waiting for its payment (made, not yet paid, cancelled or past its time limit) */
    orderOpen: Type.Boolean(),
    /** how many pages the preview has (GET …/preview/{n}.png, watermarked pictures) */
    previewPages: Type.Integer(),
    /** why a finished typeset has no preview, for the page to say so */
    previewUnavailable: Nullable(Type.String()),
    /** a PDF is downloadable after payment */
    pdf: Type.Boolean(),
    orderId: Nullable(Type.String()),
    failureReason: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);

export const TemplateQuery = Type.Object({
  degree: Type.Optional(Type.String({ maxLength: 8 })),
  discipline: Type.Optional(Type.String({ maxLength: 40 })),
  q: Type.Optional(Type.String({ maxLength: 40 })),
});
export const TemplateParams = Type.Object({ templateId: Type.String({ maxLength: 40 }) });
export const TypesetParams = Type.Object({ typesetId: Type.String({ maxLength: 32 }) });
export const PreviewPageParams = Type.Object({ typesetId: Type.String({ maxLength: 32 }), page: Type.String({ pattern: '^\\d{1,4}(\\.png)?$' }) });
/** A template's sample pages as pictures: how many, the version they are drawn from, the widths each is drawn at (px). */
export const SamplePages = Type.Object({ pages: Type.Integer(), version: Type.String(), widths: Type.Array(Type.Integer()) }, { additionalProperties: false });
export const SamplePageParams = Type.Object({ templateId: Type.String({ maxLength: 40 }), page: Type.String({ pattern: '^\\d{1,3}\\.png$' }) });
export const SamplePageQuery = Type.Object({
  /** one of SamplePages' widths */
  w: Type.Integer({ minimum: 1, maximum: 4000 }),
  /** SamplePages' version: a new template version is a new address, so a cache never serves the old pictures */
  v: Type.Optional(Type.String({ maxLength: 40 })),
});
export const TypesetListQuery = Type.Object({ ...PageQuery });

export const TemplatesReply = Ok(Type.Array(TemplateSummary));
export const TemplateReply = Ok(TemplateDetail);
export const TypesetReply = Ok(Typeset);
export const SamplePagesReply = Ok(SamplePages);
export const TypesetListReply = Ok(Page(Typeset));

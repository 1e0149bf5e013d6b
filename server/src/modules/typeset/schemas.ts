import { Type } from '@sinclair/typebox';
import { Nullable, Ok, Page, PageQuery } from '../shared/schemas';

export const TemplateSummary = Type.Object(
  { id: Type.String(), name: Type.String(), degree: Type.String(), discipline: Type.String(), description: Type.String(), priceFen: Type.Integer() },
  { additionalProperties: false },
);
export const TemplateDetail = Type.Composite([TemplateSummary, Type.Object({ rules: Type.Array(Type.Object({ item: Type.String(), rule: Type.String() })) })]);

export const CoverFields = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: '请填写论文题目（200 字以内）' }),
  author: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S', errorMessage: '请填写作者姓名' }),
  studentNumber: Type.Optional(Type.String({ maxLength: 40, errorMessage: '学号请在 40 字以内' })),
  school: Type.Optional(Type.String({ maxLength: 80, errorMessage: '学校名称请在 80 字以内' })),
  major: Type.Optional(Type.String({ maxLength: 80, errorMessage: '专业名称请在 80 字以内' })),
  supervisor: Type.Optional(Type.String({ maxLength: 60, errorMessage: '导师姓名请在 60 字以内' })),
  date: Type.Optional(Type.String({ maxLength: 40, errorMessage: '日期请在 40 字以内' })),
});

export const Typeset = Type.Object(
  {
    id: Type.String(),
    templateId: Type.String(),
    templateName: Type.String(),
    title: Type.String(),
    fields: CoverFields,
    manuscriptName: Type.String(),
    status: Type.Union(['queued', 'running', 'done', 'failed'].map((s) => Type.Literal(s))),
    progress: Type.Integer(),
    warnings: Type.Array(Type.String()),
    priceFen: Type.Integer(),
    paid: Type.Boolean(),
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

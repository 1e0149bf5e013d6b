/** Typesetting: the template library, a manuscript with its cover fields, the preview and the download. */
import { del, get, postForm, type ApiResponse, type CallOptions, segment } from '@/utils/request';
import type { Static } from '@sinclair/typebox';
import type * as schemas from '../../../server/src/modules/typeset/schemas';
import type { Paged, PageQuery } from '@/utils/request';

// the API's own schemas: one definition of each shape for the server, the mock and the app
export type TemplateSummary = Static<typeof schemas.TemplateSummary>;
export type TemplateDetail = Static<typeof schemas.TemplateDetail>;
export type CoverFields = Static<typeof schemas.CoverFields>;
export type Typeset = Static<typeof schemas.Typeset>;
export type SamplePages = Static<typeof schemas.SamplePages>;

export const listTemplates = (query: { degree?: string; discipline?: string; q?: string }) =>
  get<ApiResponse<TemplateSummary[]>>('/v1/typeset/template', { ...query });

export const getTemplate = (templateId: string) => get<ApiResponse<TemplateDetail>>(`/v1/typeset/template/${segment(templateId)}`);

/**
 * Sends the manuscript with its cover fields; the server reads it before keeping anything. The form
 * says a refusal beside its fields; an ended session still goes to login.
 */
export function createTypeset(templateId: string, fields: CoverFields, file: File, options: CallOptions = {}) {
  const form = new FormData();
  form.append('templateId', templateId);
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, String(value));
  form.append('file', file);
  return postForm<ApiResponse<Typeset>>('/v1/typeset', form, { refusalShownByPage: true, ...options });
}

export const listTypesets = (query: PageQuery, options?: CallOptions) => get<ApiResponse<Paged<Typeset>>>('/v1/typeset', { ...query }, options);

export const getTypeset = (typesetId: string) => get<ApiResponse<Typeset>>(`/v1/typeset/${segment(typesetId)}`);

export const deleteTypeset = (typesetId: string) => del<ApiResponse<null>>(`/v1/typeset/${segment(typesetId)}`);

/** A template's sample pages as the layout engine draws them: how many, at which widths; failures are shown in place. */
export const getSamplePages = (templateId: string) =>
  get<ApiResponse<SamplePages>>(`/v1/typeset/template/${segment(templateId)}/sample`, undefined, { skipErrorHandler: true });
/** A sample page's picture (1-based), `width` px wide; the version makes a new template's pages a new address. */
export const samplePageUrl = (templateId: string, sample: SamplePages, page: number, width: number) =>
  `/api/v1/typeset/template/${segment(templateId)}/sample/${page}.png?w=${width}&v=${encodeURIComponent(sample.version)}`;

/** A page of the preview (a watermarked picture, 1-based). */
export const previewPageUrl = (typesetId: string, page: number) => `/api/v1/typeset/${segment(typesetId)}/preview/${page}.png`;

/**
 * The paid downloads, the .docx and the PDF: fetched through the request layer (DownloadButton),
 * which adds the API prefix; each with the name it is saved under when the server gives none (the
 * server names them after the title too).
 */
export const typesetFiles = (typeset: Pick<Typeset, 'id' | 'title'>) => ({
  docx: { url: `/v1/typeset/${segment(typeset.id)}/download`, fileName: `${typeset.title}.docx` },
  pdf: { url: `/v1/typeset/${segment(typeset.id)}/download.pdf`, fileName: `${typeset.title}.pdf` },
});

/**
 * A manuscript typeset to its deliverables with the pages a real layout engine lays out: the
 * .docx is laid out by LibreOffice, which tells the page each heading starts on, and the contents
 * are given those numbers until the layout agrees with them (the body restarts its numbering at 1,
 * so one pass normally settles it). A warm engine writes them into the laid-out draft and exports
 * it; LibreOffice started for each conversion lays out the .docx written again with them. The
 * unpaid preview is the same layout with a watermark across every page, kept as a PDF its
 * pictures are drawn from.
 */
import { FONT_SUBSTITUTION_NOTICE } from '../../../../common/typesetNotices';
import type { Manuscript } from './manuscript';
import { substitutions } from './fonts';
import { formatReferences } from './references';
import { layOut, layOutDraft, measureContents, officeMissing, stopIfAborted, type ContentsLayout } from './office';
import type { Template } from './template';
import { writeDocx, type CoverFields } from './writer';

const MAX_PASSES = 3;
/** 96 dpi: an A4 page is 794 px wide, the width the pages are shown at on a desktop */
export const PREVIEW_DPI = 96;

export interface Typeset {
  docx: Buffer;
  /** the clean PDF: none without LibreOffice */
  pdf?: Buffer;
  /** how many pages the layout has (0 without LibreOffice) */
  pageCount: number;
  /** the watermarked PDF the preview's pictures are drawn from (never sent: before payment only pictures leave) */
  previewPdf?: Buffer;
  /** the contents' page labels, as the last layout found them */
  contentsPages: string[];
  /** the manuscript's warnings and the typesetting's own (references kept as written) */
  warnings: string[];
}

/** What the student is told of the faces the layout set the template's fonts in, if any was not the one named. */
async function fontWarnings(template: Template): Promise<string[]> {
  const styles = Object.values(template.styles);
  const used = await substitutions(
    styles.map((s) => s.zhFont),
    styles.map((s) => s.latinFont),
  );
  return used.length ? [`${FONT_SUBSTITUTION_NOTICE}：${used.join('，')}。下载的 Word 文档用的是模板指定的字体，在装有这些字体的电脑上按模板显示。`] : [];
}

const COVER_FIELD_NAMES: Record<keyof NonNullable<Manuscript['cover']>, string> = {
  author: '作者',
  studentNumber: '学号',
  school: '学校',
  major: '专业',
  supervisor: '指导教师',
  date: '日期',
};

/** The form's cover fields, a field it left empty and the template's cover shows filled from the manuscript's own cover line, and a notice of each. */
export function coverFields(fields: CoverFields, manuscript: Manuscript, template: Template): { fields: CoverFields; notices: string[] } {
  const filled = { ...fields };
  const notices: string[] = [];
  for (const [key, value] of Object.entries(manuscript.cover ?? {}) as Array<[keyof typeof COVER_FIELD_NAMES, string]>) {
    if (!value || fields[key]?.trim() || !template.cover.lines.some((line) => line.includes(`{${key}}`))) continue;
    filled[key] = value;
    notices.push(`封面的${COVER_FIELD_NAMES[key]}没有填写，已按稿件中的“${value}”排入`);
  }
  return { fields: filled, notices };
}

/**
 * `watermark`: the preview PDF is made with it (none without it). `onLaidOut` hears when the
 * document has been laid out once (its pages known, the contents' numbers being checked).
 * Aborting `signal` stops the work: LibreOffice's conversion under way is killed.
 */
export async function typeset(
  read: Manuscript,
  template: Template,
  given: CoverFields,
  watermark?: string,
  onLaidOut: () => Promise<void> | void = () => undefined,
  signal?: AbortSignal,
): Promise<Typeset> {
  const { references, warnings } = formatReferences(read.references, template.references.style);
  const cover = coverFields(given, read, template);
  const fields = cover.fields;
  const manuscript = { ...read, references, warnings: [...read.warnings, ...cover.notices, ...warnings] };
  if (officeMissing().length) return { docx: await writeDocx(manuscript, template, fields), pageCount: 0, contentsPages: [], warnings: manuscript.warnings };
  // a template without contents has no page numbers to find: it is laid out once
  const levels = template.toc?.levels ?? 0;
  const mark = watermark ? { text: watermark, font: template.styles.body.zhFont } : undefined;
  const settled = async (docx: Buffer, laid: ContentsLayout & { pdf: Buffer; preview?: Buffer }): Promise<Typeset> => ({
    docx,
    pdf: laid.pdf,
    pageCount: laid.pageCount,
    previewPdf: laid.preview,
    contentsPages: laid.contents,
    warnings: [...manuscript.warnings, ...(await fontWarnings(template))],
  });
  const draft = await writeDocx(manuscript, template, fields);
  // heard while the engine works on: awaited, and its failure thrown, once the layout is done
  let laidOut = Promise.resolve();
  const drafted = await layOutDraft(
    draft,
    levels,
    mark,
    () => {
      laidOut = Promise.resolve().then(onLaidOut);
      laidOut.catch(() => undefined);
    },
    signal,
  );
  await laidOut;
  if (drafted && 'pdf' in drafted) return settled(await writeDocx(manuscript, template, fields, { pages: drafted.contents }), drafted);

  // the numbers written into the .docx and laid out again: from the draft's layout if a warm engine made one
  let pages = drafted?.contents ?? (levels ? await measureContents(draft, levels, signal) : []);
  if (!drafted) await onLaidOut();
  for (let pass = 1; ; pass += 1) {
    const docx = await writeDocx(manuscript, template, fields, { pages });
    stopIfAborted(signal);
    const laid = await layOut(docx, levels, mark && { ...mark, docx: () => writeDocx(manuscript, template, fields, { pages, watermark }) }, signal);
    if (laid.contents.join('\n') === pages.join('\n') || pass === MAX_PASSES) return settled(docx, laid);
    pages = laid.contents;
  }
}

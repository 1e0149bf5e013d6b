/**
 * A typesetting template: everything a school's or journal's format fixes, as validated data.
 * Sizes may be given in points or by their Chinese names (小四 = 12 pt).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** 字号 → points. */
export const CHINESE_SIZES: Record<string, number> = {
  初号: 42,
  小初: 36,
  一号: 26,
  小一: 24,
  二号: 22,
  小二: 18,
  三号: 16,
  小三: 15,
  四号: 14,
  小四: 12,
  五号: 10.5,
  小五: 9,
  六号: 7.5,
};

const Size = Type.Union([Type.Number({ minimum: 5, maximum: 72 }), Type.Union(Object.keys(CHINESE_SIZES).map((k) => Type.Literal(k)))]);
const Align = Type.Union(['left', 'center', 'right', 'justify'].map((a) => Type.Literal(a)));

/** How one kind of text is set. */
export const TextStyle = Type.Object({
  zhFont: Type.String({ minLength: 1 }),
  latinFont: Type.String({ minLength: 1 }),
  size: Size,
  bold: Type.Optional(Type.Boolean()),
  align: Type.Optional(Align),
  /** a multiple of single spacing (1.5), or exact points ("20pt") */
  lineSpacing: Type.Optional(Type.Union([Type.Number({ minimum: 0.8, maximum: 3 }), Type.String({ pattern: '^\\d+(\\.\\d+)?pt$' })])),
  spaceBeforePt: Type.Optional(Type.Number({ minimum: 0, maximum: 72 })),
  spaceAfterPt: Type.Optional(Type.Number({ minimum: 0, maximum: 72 })),
  /** first-line indent in characters (2 for Chinese body text) */
  firstLineChars: Type.Optional(Type.Number({ minimum: 0, maximum: 4 })),
});

/** A heading level's number: {1} {2} {3} are the chapter, section and subsection counters; `zh` writes them in Chinese numerals. */
export const HeadingNumbering = Type.Object({ format: Type.String({ minLength: 1 }), zh: Type.Optional(Type.Boolean()) });

export const Template = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]+$' }),
    name: Type.String({ minLength: 1 }),
    degree: Type.Union(['本科', '硕士', '博士', '期刊', '英文'].map((d) => Type.Literal(d))),
    discipline: Type.String({ minLength: 1 }),
    description: Type.String({ minLength: 1 }),
    language: Type.Union([Type.Literal('zh'), Type.Literal('en')]),
    priceFen: Type.Integer({ minimum: 0 }),
    page: Type.Object({
      size: Type.Union([Type.Literal('A4'), Type.Literal('Letter')]),
      marginsCm: Type.Object({ top: Type.Number(), bottom: Type.Number(), left: Type.Number(), right: Type.Number() }),
      headerCm: Type.Number(),
      footerCm: Type.Number(),
    }),
    styles: Type.Object({
      body: TextStyle,
      title: TextStyle,
      heading1: TextStyle,
      heading2: TextStyle,
      heading3: TextStyle,
      abstractTitle: TextStyle,
      abstractBody: TextStyle,
      keywords: TextStyle,
      caption: TextStyle,
      tableText: TextStyle,
      reference: TextStyle,
      header: TextStyle,
      footer: TextStyle,
      toc: TextStyle,
      /** the cover's or title block's lines other than the title (the heading-2 style, centred, when absent) */
      coverLine: Type.Optional(TextStyle),
    }),
    headings: Type.Tuple([HeadingNumbering, HeadingNumbering, HeadingNumbering]),
    cover: Type.Object({
      /**
       * 'page' (when absent): the lines on a cover page of their own, the abstracts and contents after it in
       * front-matter page numbers, the body from page 1; 'titleBlock': the lines at the top of the first page,
       * the abstracts under them and the body straight after, all numbered from 1 (a journal article).
       */
      layout: Type.Optional(Type.Union([Type.Literal('page'), Type.Literal('titleBlock')])),
      /** the cover's lines, in order; {title} {author} {studentNumber} {school} {major} {supervisor} {date} are filled in */
      lines: Type.Array(Type.String(), { minItems: 1 }),
    }),
    abstract: Type.Object({
      zhTitle: Type.String(),
      enTitle: Type.String(),
      zhKeywordsLabel: Type.String(),
      enKeywordsLabel: Type.String(),
      keywordSeparatorZh: Type.String(),
      keywordSeparatorEn: Type.String(),
      /** the titles run in at the start of the abstract's first paragraph (摘要：…) rather than a centred line above it */
      runIn: Type.Optional(Type.Boolean()),
    }),
    /** the table of contents: none when absent */
    toc: Type.Optional(Type.Object({ title: Type.String(), levels: Type.Integer({ minimum: 1, maximum: 3 }) })),
    /**
     * {n} is the figure's or table's number, {chapter} its chapter's; `numbering`: 'chapter' (when absent)
     * starts them anew in each chapter, 'paper' numbers them through the paper (图1, 图2 …).
     */
    captions: Type.Object({
      figure: Type.String({ pattern: '\\{n\\}' }),
      table: Type.String({ pattern: '\\{n\\}' }),
      numbering: Type.Optional(Type.Union([Type.Literal('chapter'), Type.Literal('paper')])),
    }),
    /** each chapter, and the references, acknowledgements and appendices, start a new page (true when absent) */
    chapterNewPage: Type.Optional(Type.Boolean()),
    /** header text: {title} or {school} or literal text; none when empty */
    header: Type.String(),
    /** `front`: the abstracts' and contents' numbers after a cover page (the title block's layout has none: its pages are numbered as the body's) */
    pageNumbers: Type.Object({
      front: Type.Optional(Type.Union([Type.Literal('upperRoman'), Type.Literal('lowerRoman')])),
      body: Type.Literal('decimal'),
    }),
    references: Type.Object({ title: Type.String(), style: Type.Union([Type.Literal('gbt7714'), Type.Literal('apa')]) }),
  },
  { additionalProperties: false },
);

export type Template = Static<typeof Template>;
export type TextStyle = Static<typeof TextStyle>;

export const pointsOf = (size: TextStyle['size']) => (typeof size === 'number' ? size : CHINESE_SIZES[size]);

/** Whether the template sets its cover lines at the top of the first page, a journal article's way. */
export const hasTitleBlock = (template: Template) => template.cover.layout === 'titleBlock';

/** The cover fields besides title and author, in the form's order. */
export const OPTIONAL_COVER_FIELDS = ['studentNumber', 'school', 'major', 'supervisor', 'date'] as const;

/** Those of them the template's cover shows: the others would be asked of the student for nothing. */
export const coverFieldsShown = (template: Template) =>
  OPTIONAL_COVER_FIELDS.filter((field) => template.cover.lines.some((line) => line.includes(`{${field}}`)));

/** What is wrong between the template's fields (each right on its own), if anything: the path and the reason. */
function inconsistency(template: Template): [string, string] | undefined {
  if (!hasTitleBlock(template) && !template.pageNumbers.front) return ['/pageNumbers/front', 'is required after a cover page of its own'];
  if (template.captions.numbering === 'paper')
    for (const kind of ['figure', 'table'] as const)
      if (template.captions[kind].includes('{chapter}')) return [`/captions/${kind}`, 'has no {chapter} when numbered through the paper'];
  return undefined;
}

/** The template, or an error naming the first thing wrong with it. */
export function checkTemplate(data: unknown): Template {
  const id = (data as { id?: string })?.id ?? '?';
  const problem = Value.Errors(Template, data).First();
  if (problem) throw new Error(`template ${id}: ${problem.path || '/'} ${problem.message}`);
  const wrong = inconsistency(data as Template);
  if (wrong) throw new Error(`template ${id}: ${wrong[0]} ${wrong[1]}`);
  return data as Template;
}

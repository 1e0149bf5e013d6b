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
    }),
    headings: Type.Tuple([HeadingNumbering, HeadingNumbering, HeadingNumbering]),
    cover: Type.Object({
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
    }),
    toc: Type.Object({ title: Type.String(), levels: Type.Integer({ minimum: 1, maximum: 3 }) }),
    captions: Type.Object({ figure: Type.String(), table: Type.String() }),
    /** header text: {title} or {school} or literal text; none when empty */
    header: Type.String(),
    pageNumbers: Type.Object({ front: Type.Union([Type.Literal('upperRoman'), Type.Literal('lowerRoman')]), body: Type.Literal('decimal') }),
    references: Type.Object({ title: Type.String(), style: Type.Union([Type.Literal('gbt7714'), Type.Literal('apa')]) }),
  },
  { additionalProperties: false },
);

export type Template = Static<typeof Template>;
export type TextStyle = Static<typeof TextStyle>;

export const pointsOf = (size: TextStyle['size']) => (typeof size === 'number' ? size : CHINESE_SIZES[size]);

/** The template, or an error naming the first thing wrong with it. */
export function checkTemplate(data: unknown): Template {
  const problem = Value.Errors(Template, data).First();
  if (problem) throw new Error(`template ${(data as { id?: string })?.id ?? '?'}: ${problem.path || '/'} ${problem.message}`);
  return data as Template;
}

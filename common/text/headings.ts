/**
 * The one heading recogniser: whether a line of a paper is a heading, its level, and the part of
 * the paper it opens. The similarity engine cuts chapters with it, the typesetting engine builds
 * the manuscript's structure with it, and the reading page starts its pages at its headings, so a
 * paper is read the same way everywhere. Pure: no Node, no DOM.
 */

export type HeadingLevel = 1 | 2 | 3;

/** The parts after the body that a paper names by a heading of their own. */
export type NamedPart = 'references' | 'acknowledgements' | 'appendix';

export interface Heading {
  level: HeadingLevel;
  /** the heading without its number (第一章 绪论 → 绪论); a named part's heading as written */
  text: string;
  part?: NamedPart;
}

/** Longer lines are paragraphs, whatever they start with. */
export const MAX_HEADING_CHARS = 60;

/** A line that ends as a sentence does is a paragraph: 1.1 这是一句以句号结尾的正文。 */
const SENTENCE_END = /[。；;]$/;

/** Numbering forms, the more specific first (1.1.1 before 1.1 before 1). */
const NUMBERED: Array<[RegExp, HeadingLevel]> = [
  [/^第\s*[一二三四五六七八九十百\d]{1,4}\s*章\s*/, 1],
  [/^\d{1,2}\.\d{1,2}\.\d{1,2}\s+/, 3],
  [/^\d{1,2}\.\d{1,2}\s+/, 2],
  [/^[一二三四五六七八九十]{1,3}、\s*/, 1],
  [/^[（(][一二三四五六七八九十]{1,3}[)）]\s*/, 2],
  [/^\d{1,2}\s+(?=\S)/, 1],
];

/** Spaces inside the names are allowed (参 考 文 献, 致 谢); an appendix heading may go on (附录A 调查问卷). */
const PARTS: Array<[RegExp, NamedPart]> = [
  [/^(参\s*考\s*文\s*献|references|bibliography)$/i, 'references'],
  [/^(致\s*谢|acknowledg(e)?ments?)$/i, 'acknowledgements'],
  [/^(附\s*录|appendix\b)/i, 'appendix'],
];

/** A part's name at the start of a paragraph or alone: 摘要 / 【摘要】 / 摘 要： / Abstract. … */
const named = (name: string) => new RegExp(`^(?:[【\\[]${name}[】\\]]\\s*[:：.]?\\s*|${name}(?:\\s*[:：.]\\s*|\\s+|$))`, 'i');
export const ABSTRACT_ZH = named('摘\\s*要');
export const ABSTRACT_EN = named('abstract');
// 关键词：… / 关键字 … / Keywords: … / Key words …; alone (a heading), its words follow in the next paragraph
export const KEYWORDS_ZH = named('关\\s*键\\s*[词字]');
export const KEYWORDS_EN = named('key\\s*-?\\s*words?');
/** The title of a contents list a paper brings with it. */
export const CONTENTS_TITLE = /^(?:目\s*录|目\s*次|contents|table of contents)$/i;

const headingShaped = (text: string) => text.length > 0 && text.length <= MAX_HEADING_CHARS && !SENTENCE_END.test(text);

/** A line that is a numbered heading: its level and its text without the number. */
export function numberedHeading(line: string): { level: HeadingLevel; text: string } | undefined {
  const text = line.trim();
  if (!headingShaped(text)) return undefined;
  for (const [pattern, level] of NUMBERED) {
    if (pattern.test(text)) return { level, text: text.replace(pattern, '').trim() || text };
  }
  return undefined;
}

/** The named part a line opens (参考文献, 致谢, 附录 and their English names), if it is such a heading. */
export function namedPart(line: string): NamedPart | undefined {
  const text = line.trim();
  if (!headingShaped(text)) return undefined;
  return PARTS.find(([pattern]) => pattern.test(text))?.[1];
}

/** Any heading: a named part (at the top level) or a numbered heading. */
export function headingOf(line: string): Heading | undefined {
  const part = namedPart(line);
  if (part) return { level: 1, text: line.trim(), part };
  return numberedHeading(line);
}

/**
 * Whether a line names a part of the paper or opens one (摘要, 摘要：本文…, Abstract, 关键词, 目录,
 * 参考文献, 致谢, 附录, 第一章 绪论, 1.1 背景): such a line is never the paper's title.
 */
export function partOrHeading(line: string): boolean {
  const text = line.trim();
  return [ABSTRACT_ZH, ABSTRACT_EN, KEYWORDS_ZH, KEYWORDS_EN, CONTENTS_TITLE].some((p) => p.test(text)) || headingOf(text) !== undefined;
}

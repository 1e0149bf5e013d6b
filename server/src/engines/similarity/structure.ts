/** The parts of a paper the figures are broken down by: chapters, quotations, the references. */
import { headingOf, namedPart } from '../../../../common/text/headings';

export interface Section {
  title: string;
  /** [start, end) in the text */
  start: number;
  end: number;
}

function lines(text: string) {
  const found: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (const line of text.split('\n')) {
    found.push({ text: line, start });
    start += line.length + 1;
  }
  return found;
}

/** The lines of the top-level headings (第一章, 1, 一、, 参考文献 …: not 1.1 nor 1.1.1), each without its line break. */
export function chapterHeadings(text: string): Section[] {
  return lines(text)
    .filter((l) => headingOf(l.text)?.level === 1)
    .map((l) => ({ title: l.text.trim(), start: l.start, end: l.start + l.text.length }));
}

/** Chapters from the top-level headings, 1.1 and 1.1.1 inside their chapter; what comes before the first is 前置部分 (title, abstract). */
export function chapters(text: string): Section[] {
  const top = chapterHeadings(text);
  const sections: Section[] = [];
  if (!top.length || top[0].start > 0) sections.push({ title: '前置部分', start: 0, end: top[0]?.start ?? text.length });
  top.forEach((h, i) => sections.push({ title: h.title, start: h.start, end: top[i + 1]?.start ?? text.length }));
  return sections.filter((s) => text.slice(s.start, s.end).trim());
}

/** Where the references section is, to the end of the text or the next named part (致谢, 附录). */
export function referencesSection(text: string): Section | undefined {
  const all = lines(text);
  const at = all.findIndex((l) => namedPart(l.text) === 'references');
  if (at < 0) return undefined;
  const next = all.slice(at + 1).find((l) => namedPart(l.text) !== undefined && namedPart(l.text) !== 'references');
  return { title: all[at].text.trim(), start: all[at].start, end: next?.start ?? text.length };
}

const QUOTES: Array<[string, string]> = [
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
  ['"', '"'],
];
const MAX_QUOTE = 400;

/** Quoted passages (the quotation marks included), for the figure excluding quotations. */
export function quotations(text: string): Section[] {
  const found: Section[] = [];
  for (const [open, close] of QUOTES) {
    let from = 0;
    for (;;) {
      const start = text.indexOf(open, from);
      if (start < 0) break;
      const end = text.indexOf(close, start + 1);
      if (end < 0) break;
      if (end - start <= MAX_QUOTE && !text.slice(start, end).includes('\n')) found.push({ title: '', start, end: end + 1 });
      from = end + 1;
    }
  }
  return found;
}

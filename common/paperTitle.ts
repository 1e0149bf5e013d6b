/**
 * A paper's title, read from its text so the form need not ask for it again (docs/ux.md): one
 * reading for the server and the mock (which runs the server's service).
 */
import { partOrHeading } from './text/headings';
import { unescapeXml } from './xml';

/** Longest title made from a sentence; a longer sentence is cut there with an ellipsis. */
const SENTENCE_TITLE_CHARS = 40;

/**
 * The title a paper's first line gives it (a thesis opens with its title); null when the first line
 * does not look like one (a cover page's labels, 摘要, a sentence).
 */
export function titleOf(text: string): string | null {
  const first =
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? '';
  const tooPlain = /^(学\s*校|姓\s*名|学\s*号|题\s*目[:：]?$)/i.test(first) || partOrHeading(first);
  if (tooPlain || first.length < 4 || first.length > 100 || /[。！？]$/.test(first)) return null;
  return first.replace(/^(论文)?题\s*目[:：]\s*/, '');
}

/**
 * A title for pasted text: its first line when that is a title, else its first sentence, cut to
 * a sensible length; the student may change it. Text that opens with a part's name (摘要, 目录,
 * 第一章 绪论) gives none: the field is left for the student, not filled with 摘要.
 */
export function pastedTitle(text: string): string | null {
  const line = titleOf(text);
  if (line) return line;
  const first =
    text
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  if (partOrHeading(first)) return null;
  const sentence = first
    .split(/(?<=[。！？!?；;])/)[0]
    .replace(/[\s。！？!?；;，,：:、]+$/, '')
    .trim();
  if (!sentence) return null;
  return sentence.length > SENTENCE_TITLE_CHARS ? `${sentence.slice(0, SENTENCE_TITLE_CHARS).trimEnd()}…` : sentence;
}

/** Each paragraph of a Word document's XML (`word/document.xml`): its style id, and its text. */
export function docxParagraphs(documentXml: string): Array<{ style?: string; text: string }> {
  return documentXml.split(/<\/w:p>/).map((p) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1],
    text: unescapeXml([...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')),
  }));
}

/**
 * The paragraph a Word document marks as its title (Word's 标题 / Title style), whatever comes before
 * it: a cover page opens with the school's name, not the title. `stylesXml` (`word/styles.xml`) names
 * the style where its id is another language's.
 */
export function docxTitle(documentXml: string, stylesXml = ''): string | undefined {
  const ids = new Set(['Title']);
  for (const [, id, body] of stylesXml.matchAll(/<w:style\b[^>]*w:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g))
    if (/<w:name w:val="(?:Title|标题)"/i.test(body)) ids.add(id);
  const title = docxParagraphs(documentXml).find((p) => p.style && ids.has(p.style) && p.text.trim());
  return title?.text.trim();
}

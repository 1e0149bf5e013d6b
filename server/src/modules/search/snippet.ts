/**
 * The piece of text a search result shows: the passage around the first hit of any term, so the
 * user sees why it matched. The app marks the terms inside it.
 */
import { stripMarkdown } from '../../../../common/markdown';

const SNIPPET_LENGTH = 140;

/** Markdown flattened to one line of plain text. */
export const plainText = (markdown: string) => stripMarkdown(markdown).replace(/\s+/g, ' ').trim();

export function snippetOf(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const hits = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0);
  const first = hits.length ? Math.min(...hits) : 0;
  let start = Math.max(0, first - Math.floor(SNIPPET_LENGTH / 3));
  // in Latin text, start at a word
  const space = flat.slice(start, first).search(/\s/);
  if (start > 0 && /\w/.test(flat[start]) && space >= 0) start += space + 1;
  const end = Math.min(flat.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

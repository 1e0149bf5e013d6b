/** The full text of a paper, cut into pages of whole paragraphs for reading. */
import { headingOf } from '../../../../common/text/headings';

export const PAGE_CHARS = 2500;

export interface Paragraph {
  text: string;
  heading: boolean;
}

export function pagesOf(fullText: string, pageChars = PAGE_CHARS): Paragraph[][] {
  const pages: Paragraph[][] = [[]];
  let size = 0;
  for (const line of fullText.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    const heading = headingOf(text) !== undefined;
    // a new page starts at a heading or when the page is full, never mid-paragraph
    if (size > 0 && (size + text.length > pageChars || (heading && size > pageChars / 2))) {
      pages.push([]);
      size = 0;
    }
    pages[pages.length - 1].push({ text, heading });
    size += text.length;
  }
  return pages;
}

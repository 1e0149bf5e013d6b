/**
 * The title a manuscript starts with, read in the browser to prefill the form (the server reads the
 * manuscript again on its own): a Word document's Title paragraph, a Markdown `# 题目`, or the first line of text.
 */
import JSZip from 'jszip';
import { docxParagraphs, docxTitle } from '../../../common/paperTitle';
import { partOrHeading } from '../../../common/text/headings';

const MAX_TITLE = 80;

const firstLine = (lines: string[]) => {
  const line = lines.map((l) => l.trim()).find(Boolean);
  return line && line.length <= MAX_TITLE && !partOrHeading(line) ? line : undefined;
};

/** A file's contents through FileReader, which every browser (and the test DOM) has. */
function read(file: File, as: 'text'): Promise<string>;
function read(file: File, as: 'buffer'): Promise<ArrayBuffer>;
function read(file: File, as: 'text' | 'buffer') {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

export async function manuscriptTitle(file: File): Promise<string | undefined> {
  try {
    if (/\.docx$/i.test(file.name)) {
      const zip = await JSZip.loadAsync(await read(file, 'buffer'));
      const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
      const styles = await zip.file('word/styles.xml')?.async('string');
      return docxTitle(xml, styles) ?? firstLine(docxParagraphs(xml).map((p) => p.text));
    }
    const lines = (await read(file, 'text')).replace(/^\uFEFF/, '').split(/\r?\n/);
    if (/\.md$/i.test(file.name)) {
      const heading = lines.find((l) => /^#\s+\S/.test(l));
      if (heading && lines.find((l) => l.trim()) === heading) return firstLine([heading.replace(/^#\s+/, '')]);
    }
    return firstLine(lines);
  } catch {
    return undefined;
  }
}

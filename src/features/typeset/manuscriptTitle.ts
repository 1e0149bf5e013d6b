/**
 * The title a manuscript starts with, read in the browser to prefill the form (the server reads the
 * manuscript again on its own): a Markdown `# 题目`, or the first line of text.
 */
import JSZip from 'jszip';

const MAX_TITLE = 80;

const firstLine = (lines: string[]) => {
  const line = lines.map((l) => l.trim()).find(Boolean);
  return line && line.length <= MAX_TITLE && !/^(摘\s*要|abstract)/i.test(line) ? line : undefined;
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
      const xml = await (await JSZip.loadAsync(await read(file, 'buffer'))).file('word/document.xml')?.async('string');
      const paragraphs = (xml ?? '').split(/<\/w:p>/).map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''));
      return firstLine(
        paragraphs.map((p) =>
          p
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&apos;/g, "'"),
        ),
      );
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

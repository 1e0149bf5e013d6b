// Reads a PDF from standard input and writes {"text": …, "title": …} or {"error": "<pdf.js error name>"}.
// Run as its own process: pdf.js parses untrusted files there, away from the server's event loop
// (and a runaway file is stopped by the caller's timeout).
const { PDFParse } = require('pdf-parse');

/** Lines of a page's text as pdf.js places them: each with its text and its largest type size. */
function linesOf(items) {
  const lines = [];
  for (const item of items) {
    if (!item.str || !item.str.trim()) continue;
    const size = Math.hypot(item.transform[2], item.transform[3]);
    const y = item.transform[5];
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - y) < Math.max(size, last.size) / 2) {
      last.text += item.str;
      last.size = Math.max(last.size, size);
    } else lines.push({ y, size, text: item.str });
  }
  return lines;
}

/**
 * The title as the first page shows it: its first lines in the page's largest type, when that is
 * larger than most of the page's text. A long title wraps onto a second line, and a cover sets the
 * school's name above it in smaller type: the text alone, line by line, would lose either.
 */
async function titleOf(doc) {
  const lines = linesOf((await (await doc.getPage(1)).getTextContent()).items);
  if (!lines.length) return undefined;
  const charsBySize = new Map();
  for (const { size, text } of lines) charsBySize.set(Math.round(size), (charsBySize.get(Math.round(size)) ?? 0) + text.length);
  const common = [...charsBySize].sort((a, b) => b[1] - a[1])[0][0];
  const largest = Math.max(...lines.map((line) => line.size));
  if (largest < common + 1) return undefined;
  const start = lines.findIndex((line) => line.size > largest - 0.5);
  let end = start;
  while (end + 1 < lines.length && lines[end + 1].size > largest - 0.5) end += 1;
  // lines join without a space, but for two Latin words or numbers
  return lines
    .slice(start, end + 1)
    .map((line) => line.text.trim())
    .reduce((title, next) => (/[A-Za-z0-9]$/.test(title) && /^[A-Za-z0-9]/.test(next) ? `${title} ${next}` : title + next));
}

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    // pdf-parse keeps the pdf.js document it loaded; the title is read from its first page
    const title = await titleOf(parser.doc).catch(() => undefined);
    process.stdout.write(JSON.stringify({ text: result.text, title }));
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: error && error.name ? error.name : 'Error' }));
  } finally {
    await parser.destroy().catch(() => undefined);
  }
});

// Reads a PDF from standard input and writes {"text": …, "title": …} or {"error": "<pdf.js error name>"}.
// Run as its own process (engines/text/extract.ts): pdf.js parses untrusted files there, away from
// the server's event loop. Its argument is the time (ms since the epoch) by which it must be done.
const { Worker } = require('worker_threads');
const { PDFParse } = require('pdf-parse');

// pdf.js on a hostile file can keep this thread busy for many minutes without a turn of its event
// loop, so a thread of its own watches the clock and the lifeline (fd 3, whose other end the caller
// holds: it closes when the caller's thread ends or the server stops or dies) and kills the process
// the moment either says so. The caller kills it at the same time; this holds even if the caller cannot.
new Worker(
  `const { workerData } = require('worker_threads');
  const die = () => process.kill(process.pid, 'SIGKILL');
  setTimeout(die, Math.max(0, workerData.readBy - Date.now()));
  new (require('net').Socket)({ fd: 3, readable: true, writable: false }).on('end', die).on('close', die).on('error', die).resume();`,
  { eval: true, workerData: { readBy: Number(process.argv[2]) }, resourceLimits: { maxOldGenerationSizeMb: 16 } },
).unref();

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

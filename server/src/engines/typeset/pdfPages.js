// Reads a PDF this server made from standard input and writes {"pages": [the text of each page],
// "outline": [{"title", "depth", "page"}]}: the PDF's bookmarks in order, each with its depth
// (0 for the outermost) and its page (0-based).
// Its own process, as pdf.js is an ES module and holds much memory while it reads.
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  try {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false, isEvalSupported: false }).promise;
    const pages = [];
    for (let i = 1; i <= doc.numPages; i += 1) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\n' : '')).join(''));
    }
    const outline = [];
    const walk = async (items, depth) => {
      for (const item of items || []) {
        const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
        outline.push({ title: item.title, depth, page: dest && dest[0] ? await doc.getPageIndex(dest[0]) : -1 });
        await walk(item.items, depth + 1);
      }
    };
    await walk(await doc.getOutline(), 0);
    process.stdout.write(JSON.stringify({ pages, outline }));
    await doc.destroy();
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String((error && error.message) || error) }));
  }
});

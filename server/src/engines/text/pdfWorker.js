// Reads a PDF from standard input and writes {"text": …} or {"error": "<pdf.js error name>"}.
// Run as its own process: pdf.js parses untrusted files there, away from the server's event loop
// (and a runaway file is stopped by the caller's timeout).
const { PDFParse } = require('pdf-parse');

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    process.stdout.write(JSON.stringify({ text: result.text }));
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: error && error.name ? error.name : 'Error' }));
  } finally {
    await parser.destroy().catch(() => undefined);
  }
});

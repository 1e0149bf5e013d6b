// The worker side of filePool.ts: runs in a worker thread, reads one untrusted file per task.
// Plain CommonJS so that it loads the same way under `npm start` and under the test runner;
// tsx compiles the engine's TypeScript here.
require('tsx/cjs/api').register();
const { extractText, ExtractError } = require('../engines/text/extract.ts');
const { countChars } = require('../engines/similarity/check.ts');
const { readManuscript } = require('../engines/typeset/manuscript.ts');

/** Tasks by name; each answers { ok: true, … } or { ok: false, reason } for a file we refuse. */
const tasks = {
  /** The text only when it is within maxChars: a longer one would be refused, so it stays here. */
  async paperText({ data, fileName, maxChars }) {
    const text = await extractText(Buffer.from(data.buffer, data.byteOffset, data.byteLength), fileName);
    const charCount = countChars(text);
    return { ok: true, charCount, text: charCount <= maxChars ? text : undefined };
  },

  /** Whether a manuscript can be typeset (the job reads it again when it runs). */
  async manuscriptCheck({ data, fileName }) {
    await readManuscript(Buffer.from(data.buffer, data.byteOffset, data.byteLength), fileName);
    return { ok: true };
  },
};

module.exports = async function run({ task, ...input }) {
  try {
    return await tasks[task](input);
  } catch (error) {
    if (error instanceof ExtractError) return { ok: false, reason: error.message };
    throw error;
  }
};

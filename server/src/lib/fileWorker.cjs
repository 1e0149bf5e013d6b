// The worker side of filePool.ts: runs in a worker thread, reads one untrusted file per task.
// Plain CommonJS so that it loads the same way under `npm start` and under the test runner;
// tsx compiles the engine's TypeScript here.
require('tsx/cjs/api').register();
// Reading a file is background work: on Linux a thread's nice value is its own, so this thread
// yields the cores to the server's main thread, whose requests each take milliseconds.
try {
  require('os').setPriority(10);
} catch {
  // not permitted here: the file is still read, at the same priority
}
const { extractPaper, ExtractError } = require('../engines/text/extract.ts');
const { countChars } = require('../engines/similarity/check.ts');
const { readManuscript } = require('../engines/typeset/manuscript.ts');
const { readFile } = require('fs/promises');

/** Tasks by name; each answers { ok: true, … } or { ok: false, reason } for a file we refuse. */
const tasks = {
  /** The text only when it is within maxChars: a longer one would be refused, so it stays here. */
  async paperText({ path, fileName, maxChars, readBy, processes }) {
    const told = (running) => (pid) => processes.postMessage({ pid, running });
    const { text, title } = await extractPaper(await readFile(path), fileName, { readBy, processes: { started: told(true), ended: told(false) } });
    const charCount = countChars(text);
    return { ok: true, charCount, title, text: charCount <= maxChars ? text : undefined };
  },

  /** Whether a manuscript can be typeset (the job reads it again when it runs). */
  async manuscriptCheck({ path, fileName }) {
    await readManuscript(await readFile(path), fileName);
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

/**
 * The layout engine the typesetting relies on for what only a laid-out page knows: LibreOffice
 * headless turns a .docx into a PDF (whose pages and bookmarks pdf.js reads), and poppler's
 * pdftoppm turns a PDF's pages into pictures. Without them the server still runs: `officeMissing`
 * says what the administrator installs.
 */
import { execFile, spawnSync } from 'child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import { join } from 'path';
import { fontEnv } from './fonts';

const CONVERT_TIMEOUT_MS = 180_000;
const PROGRAMS = [
  { command: 'soffice', apt: 'libreoffice-writer-nogui' },
  { command: 'pdftoppm', apt: 'poppler-utils' },
];

let missing: string[] | undefined;
/** The Debian packages to install for previews, PDFs and laid-out contents pages; empty when all are here. */
export function officeMissing(): string[] {
  // the environment given explicitly: the one this module sees is the one searched
  missing ??= PROGRAMS.filter(({ command }) => spawnSync('sh', ['-c', `command -v ${command}`], { env: process.env }).status !== 0).map(({ apt }) => apt);
  return missing;
}

function run(command: string, args: string[], options: { input?: Buffer; timeout?: number; env?: NodeJS.ProcessEnv } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { timeout: options.timeout ?? CONVERT_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer', env: options.env }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${String(stderr).trim().slice(0, 300) || error.message}`));
      else resolve(stdout);
    });
    if (options.input) child.stdin?.end(options.input);
  });
}

// One LibreOffice at a time with one profile: two instances on one profile block each other.
let queue: Promise<unknown> = Promise.resolve();
const profile = join(tmpdir(), `zn-soffice-${process.pid}`);

/** Each .docx (by name) as a PDF, from one LibreOffice run. */
export function docxToPdf(files: Record<string, Buffer>): Promise<Record<string, Buffer>> {
  const work = queue.then(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zn-typeset-'));
    try {
      const names = Object.keys(files);
      await Promise.all(names.map((name) => writeFile(join(dir, `${name}.docx`), files[name])));
      await run('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', 'pdf', '--outdir', dir, ...names.map((name) => join(dir, `${name}.docx`))], { env: fontEnv() });
      return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, `${name}.pdf`))] as const)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  queue = work.catch(() => undefined);
  return work;
}

export interface PdfLayout {
  /** the text of each page */
  pages: string[];
  /** the PDF's bookmarks (the headings, as LibreOffice exports them) in order, with their depth and page (0-based) */
  outline: Array<{ title: string; depth: number; page: number }>;
}

/** What pdf.js reads of a PDF this server made (in its own process, see pdfPages.js). */
export async function readPdf(pdf: Buffer): Promise<PdfLayout> {
  const result = JSON.parse((await run(process.execPath, [join(__dirname, 'pdfPages.js')], { input: pdf, timeout: 60_000 })).toString('utf8'));
  if (result.error) throw new Error(`PDF unreadable: ${result.error}`);
  return result;
}

/** A PDF's pages as PNG pictures, `dpi` dots per inch: nothing on them can be selected or copied. */
export async function pdfToImages(pdf: Buffer, dpi: number): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'zn-pages-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', String(dpi), join(dir, 'in.pdf'), join(dir, 'page')], { env: fontEnv() });
    const names = (await readdir(dir)).filter((f) => f.startsWith('page')).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    // awaited here: the folder is removed as soon as this returns
    return await Promise.all(names.map((name) => readFile(join(dir, name))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

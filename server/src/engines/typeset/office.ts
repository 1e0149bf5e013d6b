/**
 * The layout engine the typesetting relies on for what only a laid-out page knows: LibreOffice
 * headless lays a .docx out, tells the page each heading starts on and exports the PDF, and poppler
 * turns a PDF's pages into pictures (and reads its pages and bookmarks where LibreOffice is
 * started for each conversion). Without them the server still runs: `officeMissing` says what the
 * administrator installs.
 *
 * LibreOffice is kept running: a pool of engines, each a soffice with its own profile driven
 * through the UNO bridge by unoBridge.py (Debian's python3-uno), one per core by default
 * (TYPESET_ENGINES). An engine that dies is started again and its conversion tried once more.
 * Without python3-uno, or with TYPESET_ENGINES=0, each conversion starts LibreOffice anew, one at a
 * time (docs/decisions.md, "A warm layout engine").
 */
import { execFile, spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'fs/promises';
import type { Socket } from 'net';
import { availableParallelism, tmpdir } from 'os';
import { join } from 'path';
import { createInterface } from 'readline';
import { promisify } from 'util';
import { deflate } from 'zlib';
import { fontEnv } from './fonts';
import { unescapeXml } from '../../../../common/xml';

const CONVERT_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 150_000;
/** Debian's python3: the one python3-uno installs the `uno` module for */
const PYTHON = '/usr/bin/python3';
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

/** `signal`: aborting it kills the program (its work is no longer wanted). */
function run(command: string, args: string[], options: { input?: Buffer; timeout?: number; signal?: AbortSignal } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      {
        timeout: options.timeout ?? CONVERT_TIMEOUT_MS,
        maxBuffer: 256 * 1024 * 1024,
        encoding: 'buffer',
        env: fontEnv(),
      },
      (error, stdout, stderr) => {
        options.signal?.removeEventListener('abort', stop);
        if (options.signal?.aborted) reject(options.signal.reason);
        else if (error) reject(new Error(`${command} failed: ${String(stderr).trim().slice(0, 300) || error.message}`));
        else resolve(stdout);
      },
    );
    // listened to rather than given to execFile, which takes only Node's own AbortSignal
    const stop = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.input) child.stdin?.end(options.input);
  });
}

/** Throws the reason `signal` was aborted with, if it was (throwIfAborted, where every AbortSignal has it). */
export function stopIfAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason;
}

/** What the student reads when LibreOffice failed twice on the same document. */
export const ENGINE_FAILED = '排版引擎（LibreOffice）两次意外中断，这份论文未能完成排版，请稍后重新提交';

/** LibreOffice went away (it crashed, was killed, or stopped answering). */
class EngineGone extends Error {}

/** One request to a warm engine (unoBridge.py): lay out `input`, export it and/or measure its contents. */
interface Conversion {
  input: string;
  output?: string;
  watermark?: Watermark & { output: string };
  /** `fill`: the numbers written into the draft's contents first (unoBridge.py, fill_contents) */
  contents?: { levels: number; fill?: boolean };
}

/**
 * A warm engine's answer: with `contents` asked, the page label each contents heading starts on;
 * `filled` when they were written into the contents before the export.
 */
type Reply = { contents?: string[]; filled?: boolean };

/** A request waiting for its answer; `laidOut` hears when the document has been laid out. */
interface Waiting {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  laidOut?: () => void;
  timer: NodeJS.Timeout;
}

/** One warm LibreOffice and the bridge process that drives it. */
class Engine {
  /** the process group of LibreOffice's processes, once it listens */
  pid?: number;
  gone = false;
  readonly ready: Promise<void>;
  private readonly bridge: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, Waiting>();
  private next = 1;

  constructor(profile: string, pipe: string) {
    this.bridge = spawn(PYTHON, [join(__dirname, 'unoBridge.py'), profile, pipe], { env: fontEnv() });
    this.bridge.stderr.resume();
    // no engine keeps the process alive while it waits for work
    this.bridge.unref();
    for (const stream of [this.bridge.stdin, this.bridge.stderr, this.bridge.stdout]) (stream as unknown as Socket).unref();
    this.setWaiting(true);
    let started: (ok: boolean, error?: string) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.end('LibreOffice did not start in time'), START_TIMEOUT_MS);
      started = (ok, error) => {
        clearTimeout(timer);
        this.setWaiting(false);
        if (ok) resolve();
        else reject(new EngineGone(error ?? 'LibreOffice did not start'));
      };
    });
    this.ready.catch(() => undefined);
    createInterface({ input: this.bridge.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as Reply & {
        ready?: boolean;
        pid?: number;
        id?: number;
        ok?: boolean;
        error?: string;
        fatal?: boolean;
        laidOut?: boolean;
      };
      if (message.ready !== undefined) {
        this.pid = message.pid;
        started(message.ready, message.error);
        return;
      }
      const request = this.waiting.get(message.id!);
      if (!request) return;
      if (message.laidOut) {
        request.laidOut?.();
        return;
      }
      this.waiting.delete(message.id!);
      clearTimeout(request.timer);
      if (!this.waiting.size) this.setWaiting(false);
      if (message.ok) request.resolve({ contents: message.contents, filled: message.filled });
      else if (message.fatal) request.reject(new EngineGone(`LibreOffice stopped during a conversion: ${message.error}`));
      else request.reject(new Error(`LibreOffice could not convert the document: ${message.error}`));
    });
    this.bridge.on('exit', () => {
      this.gone = true;
      started(false, 'LibreOffice stopped while starting');
      for (const request of this.waiting.values()) {
        clearTimeout(request.timer);
        request.reject(new EngineGone('LibreOffice stopped during a conversion'));
      }
      this.waiting.clear();
      this.setWaiting(false);
    });
  }

  /** While a conversion is under way, the process waits for it. */
  private setWaiting(waiting: boolean) {
    const stdout = this.bridge.stdout as unknown as Socket;
    if (waiting) stdout.ref();
    else stdout.unref();
  }

  async convert(conversion: Conversion, laidOut?: () => void): Promise<Reply> {
    await this.ready;
    if (this.gone) throw new EngineGone('LibreOffice is gone');
    const id = this.next++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => this.end('LibreOffice took too long'), CONVERT_TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, laidOut, timer });
      this.setWaiting(true);
      this.bridge.stdin.write(`${JSON.stringify({ id, ...conversion })}\n`);
    });
  }

  /** Stops the engine: its bridge, and LibreOffice with it. */
  end(reason = 'stopped') {
    if (this.gone) return;
    this.gone = true;
    // LibreOffice runs in its own process group (unoBridge.py)
    if (this.pid) killQuietly(-this.pid);
    this.bridge.kill('SIGKILL');
    for (const request of this.waiting.values()) request.reject(new EngineGone(reason));
  }
}

const killQuietly = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

let engineCount = availableParallelism();
/** The warm engines, by slot; a slot is busy while a conversion holds it. */
let slots: Array<Engine | undefined> = [];
const busy = new Set<number>();
const queued: Array<(slot: number) => void> = [];
let generation = 0;

/** How many LibreOffice engines this process keeps running (TYPESET_ENGINES); 0: started for each conversion. */
export function setLayoutEngines(count: number) {
  closeLayoutEngines();
  engineCount = count;
}

/** Stops every engine (the server's shutdown; tests). */
export function closeLayoutEngines() {
  for (const engine of slots) engine?.end();
  slots = [];
}

process.on('exit', closeLayoutEngines);

let bridgeUsable: boolean | undefined;
/** Warm engines need Debian's python3 with python3-uno. */
function warm() {
  bridgeUsable ??= spawnSync(PYTHON, ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
  return engineCount > 0 && bridgeUsable;
}

/** A free engine's slot, when one is free; a wait that `signal` aborts leaves the line. */
function acquire(signal?: AbortSignal): Promise<number> {
  for (let slot = 0; slot < engineCount; slot += 1) {
    if (!busy.has(slot)) {
      busy.add(slot);
      return Promise.resolve(slot);
    }
  }
  return new Promise((resolve, reject) => {
    const taken = (slot: number) => {
      signal?.removeEventListener('abort', left);
      resolve(slot);
    };
    const left = () => {
      queued.splice(queued.indexOf(taken), 1);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', left, { once: true });
    queued.push(taken);
  });
}

function release(slot: number) {
  const next = queued.shift();
  if (next) next(slot);
  else busy.delete(slot);
}

/**
 * Names this pool's profiles: a LibreOffice started on a profile another one runs on hands its
 * work to that one and exits, so two pools in one process (a worker that loads this module again)
 * must not share them.
 */
const POOL = `${process.pid}-${randomBytes(4).toString('hex')}`;

function engineAt(slot: number): Engine {
  let engine = slots[slot];
  if (!engine || engine.gone) {
    generation += 1;
    engine = new Engine(join(tmpdir(), `zn-soffice-${POOL}-${slot}`), `zn-office-${POOL}-${slot}-${generation}`);
    slots[slot] = engine;
  }
  return engine;
}

/** The engines' LibreOffice process groups, for the tests that stop one mid-job. */
export const layoutEnginePids = () => slots.flatMap((engine) => (engine?.pid && !engine.gone ? [engine.pid] : []));

/** A watermark across every page: its text, and the face it is set in. */
export interface Watermark {
  text: string;
  font: string;
}

/**
 * One document converted by a warm engine: an engine lost during it is started again and tried
 * once more. Aborting `signal` stops the engine converting it (LibreOffice killed; the next
 * conversion starts a new one).
 */
async function convertWarm(conversion: Conversion, laidOut?: () => void, signal?: AbortSignal): Promise<Reply> {
  for (let attempt = 1; ; attempt += 1) {
    stopIfAborted(signal);
    const slot = await acquire(signal);
    const engine = engineAt(slot);
    const stop = () => engine.end('the conversion is no longer wanted');
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return await engine.convert(conversion, laidOut);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof EngineGone)) throw error;
      slots[slot]?.end();
      if (attempt === 2) throw new Error(ENGINE_FAILED);
    } finally {
      signal?.removeEventListener('abort', stop);
      release(slot);
    }
  }
}

// Cold: one LibreOffice at a time with one profile, as two instances on one profile block each other.
let queue: Promise<unknown> = Promise.resolve();
const profile = join(tmpdir(), `zn-soffice-${process.pid}`);

function convertCold(dir: string, names: string[], signal?: AbortSignal) {
  const work = queue.then(() => {
    stopIfAborted(signal);
    return run(
      'soffice',
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${profile}`,
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        ...names.map((name) => join(dir, `${name}.docx`)),
      ],
      { signal },
    );
  });
  queue = work.catch(() => undefined);
  return work;
}

/** Work in a temporary folder of its own (`path` names a file in it), removed afterwards however the work ends. */
async function inTempFolder<T>(work: (path: (name: string) => string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'zn-office-'));
  try {
    return await work((name) => join(dir, name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each .docx (by name) as a PDF; with warm engines, the documents side by side. `signal` stops LibreOffice. */
export function docxToPdf(files: Record<string, Buffer>, signal?: AbortSignal): Promise<Record<string, Buffer>> {
  return inTempFolder(async (path) => {
    const names = Object.keys(files);
    await Promise.all(names.map((name) => writeFile(path(`${name}.docx`), files[name])));
    if (warm()) await Promise.all(names.map((name) => convertWarm({ input: path(`${name}.docx`), output: path(`${name}.pdf`) }, undefined, signal)));
    else await convertCold(path(''), names, signal);
    return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path(`${name}.pdf`))] as const)));
  });
}

/** The page label (its footer's last line) each heading of the contents, `levels` deep, starts on, in order. */
export function headingPages(layout: PdfLayout, levels: number): string[] {
  return layout.outline.filter((item) => item.depth < levels).map((item) => footerOf(layout.pages[item.page] ?? ''));
}

/** The page number a page shows: the last line of its text is its footer. */
export const footerOf = (page: string) => page.trim().split('\n').pop()!.trim();

/** A laid-out document: its pages (as exported), and the page label each contents heading starts on. */
export interface ContentsLayout {
  pageCount: number;
  contents: string[];
}

/** The contents as poppler reads them back from a PDF (LibreOffice started for each conversion). */
async function contentsOfPdf(pdf: Buffer, levels: number): Promise<ContentsLayout> {
  const layout = await readPdf(pdf);
  return { pageCount: layout.pages.length, contents: headingPages(layout, levels) };
}

/** How many pages a PDF has (pdfinfo): the layout counts blank pages the export leaves out. */
async function pageCountOf(pdf: string): Promise<number> {
  const info = (await run('pdfinfo', [pdf], { timeout: 60_000 })).toString('utf8');
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** A .docx in a temporary folder for a warm engine's request (the folder is removed after). */
const withDocxFile = <T>(docx: Buffer, work: (path: (name: string) => string) => Promise<T>): Promise<T> =>
  inTempFolder(async (path) => {
    await writeFile(path('in.docx'), docx);
    return work(path);
  });

/**
 * The page label each contents heading (`levels` deep) of a .docx starts on. A warm engine lays
 * the document out and asks it, exporting nothing; started for each conversion, LibreOffice
 * exports a PDF poppler reads.
 */
export async function measureContents(docx: Buffer, levels: number, signal?: AbortSignal): Promise<string[]> {
  if (!warm()) return (await contentsOfPdf((await docxToPdf({ docx }, signal)).docx, levels)).contents;
  return (await withDocxFile(docx, (path) => convertWarm({ input: path('in.docx'), contents: { levels } }, undefined, signal))).contents ?? [];
}

/**
 * A .docx laid out once: its PDF, its contents' page labels (`levels` deep), and with `watermark`
 * the preview's PDF, the same pages with the watermark across them. A warm engine exports both
 * from one layout; started for each conversion, LibreOffice lays out the watermarked .docx
 * `watermark.docx` makes.
 */
export async function layOut(
  docx: Buffer,
  levels: number,
  watermark?: Watermark & { docx: () => Promise<Buffer> },
  signal?: AbortSignal,
): Promise<ContentsLayout & { pdf: Buffer; preview?: Buffer }> {
  if (!warm()) {
    const pdfs = await docxToPdf(watermark ? { docx, preview: await watermark.docx() } : { docx }, signal);
    return { pdf: pdfs.docx, preview: pdfs.preview, ...(await contentsOfPdf(pdfs.docx, levels)) };
  }
  return withDocxFile(docx, async (path) => {
    const reply = await convertWarm(
      {
        input: path('in.docx'),
        output: path('out.pdf'),
        watermark: watermark && { text: watermark.text, font: watermark.font, output: path('preview.pdf') },
        contents: { levels },
      },
      undefined,
      signal,
    );
    return exported(path, reply, watermark !== undefined);
  });
}

/**
 * A draft .docx (its contents without page numbers) laid out once by a warm engine, which writes
 * the numbers into the contents until the layout agrees with them and exports it: the PDF and
 * preview of the .docx written with those numbers (tests/office/libreoffice.test.ts compares the
 * two), without laying that one out again. `laidOut` hears when the draft is laid out. When the
 * contents' entries and the headings do not pair up, only the numbers the draft's layout gives
 * them; undefined without warm engines.
 */
export async function layOutDraft(
  draft: Buffer,
  levels: number,
  watermark?: Watermark,
  laidOut?: () => void,
  signal?: AbortSignal,
): Promise<(ContentsLayout & { pdf: Buffer; preview?: Buffer }) | { contents: string[] } | undefined> {
  if (!warm()) return undefined;
  return withDocxFile(draft, async (path) => {
    const reply = await convertWarm(
      {
        input: path('in.docx'),
        output: path('out.pdf'),
        watermark: watermark && { ...watermark, output: path('preview.pdf') },
        contents: { levels, fill: true },
      },
      laidOut,
      signal,
    );
    if (!reply.filled) return { contents: reply.contents ?? [] };
    return exported(path, reply, watermark !== undefined);
  });
}

/** What a warm engine exported into the request's folder, with its contents' numbers. */
const exported = async (path: (name: string) => string, reply: Reply, preview: boolean) => ({
  pdf: await readFile(path('out.pdf')),
  preview: preview ? await readFile(path('preview.pdf')) : undefined,
  pageCount: await pageCountOf(path('out.pdf')),
  contents: reply.contents ?? [],
});

export interface PdfLayout {
  /** the text of each page */
  pages: string[];
  /** the PDF's bookmarks (the headings, as LibreOffice exports them) in order, with their depth and page (0-based) */
  outline: Array<{ title: string; depth: number; page: number }>;
}

/** What poppler reads of a PDF this server made: each page's text as laid out, and its bookmarks. */
export function readPdf(pdf: Buffer): Promise<PdfLayout> {
  return inTempFolder(async (path) => {
    const file = path('in.pdf');
    await writeFile(file, pdf);
    const [text, xml] = await Promise.all([
      run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { timeout: 60_000 }),
      run('pdftohtml', ['-xml', '-i', '-q', '-stdout', file], { timeout: 60_000 }),
    ]);
    const pages = text.toString('utf8').split('\f').slice(0, -1);
    const outline: PdfLayout['outline'] = [];
    let depth = -1;
    const html = xml.toString('utf8');
    const bookmarks = html.includes('<outline>') ? html.slice(html.indexOf('<outline>')) : '';
    for (const [tag, page, title] of bookmarks.matchAll(/<outline>|<\/outline>|<item page="(\d+)">([^<]*)<\/item>/g)) {
      if (tag === '<outline>') depth += 1;
      else if (tag === '</outline>') depth -= 1;
      else outline.push({ title: unescapeXml(title), depth, page: Number(page) - 1 });
    }
    return { pages, outline };
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer) {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const deflateAsync = promisify(deflate);
/**
 * A PPM picture (pdftoppm's) as a PNG. Encoded here, off the event loop in zlib's threads, rather
 * than by pdftoppm: its PNG writer took 0.2 s a page, ten times the drawing (docs/decisions.md).
 */
export async function pngOf(ppm: Buffer): Promise<Buffer> {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40));
  if (!header) throw new Error('pdftoppm wrote no picture');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  // a page without colour (text, the grey watermark) as grey levels: a third of the bytes to deflate
  let grey = true;
  for (let i = 0; i < pixels.length && grey; i += 3) grey = pixels[i] === pixels[i + 1] && pixels[i] === pixels[i + 2];
  const channels = grey ? 1 : 3;
  const stride = width * channels;
  const rows = Buffer.alloc((stride + 1) * height);
  // each row with filter 0 (none): plain, and the fastest to deflate on text pages
  for (let y = 0; y < height; y += 1) {
    const at = y * (stride + 1) + 1;
    if (grey) for (let x = 0; x < width; x += 1) rows[at + x] = pixels[(y * width + x) * 3];
    else pixels.copy(rows, at, y * stride, (y + 1) * stride);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, grey ? 0 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', await deflateAsync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PDF's pages as PNG pictures, `dpi` dots per inch (or each `width` pixels wide): all of them, or
 * pages `first` to `last` (1-based; `last` past the end stops at the end), drawn by one pdftoppm.
 */
export function renderPages(pdf: Buffer, dpi: number | { width: number }, range?: { first: number; last: number }): Promise<Buffer[]> {
  return inTempFolder(async (path) => {
    const file = path('in.pdf');
    await writeFile(file, pdf);
    const size = typeof dpi === 'number' ? ['-r', String(dpi)] : ['-scale-to-x', String(dpi.width), '-scale-to-y', '-1'];
    const pages = range ? ['-f', String(range.first), '-l', String(range.last)] : [];
    await run('pdftoppm', [...size, ...pages, file, path('p')]);
    const number = (name: string) => Number(/-(\d+)\.ppm$/.exec(name)![1]);
    const names = (await readdir(path(''))).filter((name) => name.startsWith('p-')).sort((a, b) => number(a) - number(b));
    return await Promise.all(names.map(async (name) => pngOf(await readFile(path(name)))));
  });
}

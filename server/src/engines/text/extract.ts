/**
 * The text of a paper from its file: .docx (mammoth), .pdf (pdf-parse), .txt/.md in UTF-8 or GBK; and
 * the inspection both engines give a .docx before reading it (the typesetter reads the files it
 * inflated). The file's kind is judged by its content, not its name, and a .docx is inspected
 * before it is unpacked so that a zip bomb is refused unopened. Every refusal carries a Chinese reason.
 */
import iconv from 'iconv-lite';
import mammoth from 'mammoth';
import { docxTitle } from '../../../../common/paperTitle';
import { spawn } from 'child_process';
import { join } from 'path';
import yauzl from 'yauzl';
import { inflateRaw } from 'zlib';

export const EXTRACTABLE_EXTENSIONS = ['docx', 'pdf', 'txt', 'md'] as const;
export type ExtractableExtension = (typeof EXTRACTABLE_EXTENSIONS)[number];

/** Unpacked size a .docx may have, and how much larger than packed (a bomb's tell). */
const DOCX_MAX_UNPACKED = 200 * 1024 * 1024;
const DOCX_MAX_RATIO = 200;
const DOCX_MAX_ENTRIES = 5000;

export class ExtractError extends Error {}

export const extensionOf = (fileName: string) => fileName.split('.').pop()!.toLowerCase();

const startsWith = (data: Buffer, magic: string) => data.subarray(0, magic.length).toString('latin1') === magic;
const OLE_MAGIC = '\xd0\xcf\x11\xe0'; // the container of encrypted (and old binary) Word files

/** Line breaks unified, trailing spaces and runs of empty lines gone. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** UTF-8 when the bytes are valid UTF-8, else GBK (what Windows saves Chinese text as). */
export function decodeText(data: Buffer): string {
  if (data.includes(0)) throw new ExtractError('文件不是文本文件');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\ufeff/, '');
  } catch {
    const text = iconv.decode(data, 'gb18030');
    if (text.includes('\ufffd')) throw new ExtractError('无法识别文件的文字编码，请另存为 UTF-8 后再上传');
    return text;
  }
}

const tooLarge = () => new ExtractError('文件解压后过大，无法处理');
const broken = () => new ExtractError('文件已损坏，无法打开');

/**
 * An entry's bytes, inflated by zlib in one call in its thread pool: never more than its directory
 * declares (maxOutputLength stops at the first byte past it: the directory lied, so the file is a
 * bomb), and exactly that many, or the file is broken.
 */
function inflateEntry(data: Buffer, entry: yauzl.Entry, fileDataStart: number): Promise<Buffer> {
  const raw = data.subarray(fileDataStart, fileDataStart + entry.compressedSize);
  const declared = entry.uncompressedSize;
  if (raw.length !== entry.compressedSize || entry.isEncrypted()) return Promise.reject(broken());
  if (entry.compressionMethod === 0) return raw.length === declared ? Promise.resolve(raw) : Promise.reject(tooLarge());
  if (entry.compressionMethod !== 8) return Promise.reject(broken());
  return new Promise((resolve, reject) =>
    inflateRaw(raw, { maxOutputLength: Math.max(1, declared) }, (error, out) => {
      if (error) reject((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge() : broken());
      else if (out.length !== declared) reject(out.length > declared ? tooLarge() : broken());
      else resolve(out);
    }),
  );
}

/**
 * Inflates every entry once, within limits that hold on what comes out, since a zip's directory may
 * lie about sizes (inflateEntry). yauzl reads the directory and where each entry's data starts; the
 * entries inflate side by side. Given `keep`, what they inflate to is kept there by name.
 */
function inspectZip(data: Buffer, keep?: Map<string, Buffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(broken());
      let declared = 0;
      let entries = 0;
      let hasDocument = false;
      const inflating: Array<Promise<void>> = [];
      let settled = false;
      const fail = (reason: ExtractError) => {
        if (settled) return;
        settled = true;
        zip.close();
        reject(reason);
      };
      const limit = Math.min(DOCX_MAX_UNPACKED, data.length * DOCX_MAX_RATIO);
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        declared += entry.uncompressedSize;
        if (entry.fileName === 'word/document.xml') hasDocument = true;
        if (entries > DOCX_MAX_ENTRIES || declared > limit) return fail(tooLarge());
        if (!entry.fileName.endsWith('/')) {
          inflating.push(
            zip
              .readLocalFileHeaderPromise(entry, { minimal: true })
              .catch(() => Promise.reject(broken()))
              .then(({ fileDataStart }) => inflateEntry(data, entry, fileDataStart))
              .then((out) => void keep?.set(entry.fileName, out), fail),
          );
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        if (settled) return;
        // each has failed the inspection already if it could not be inflated
        void Promise.all(inflating).then(() => {
          if (settled) return;
          settled = true;
          if (hasDocument) resolve();
          else reject(new ExtractError('文件不是有效的 Word (.docx) 文档'));
        });
      });
      zip.on('error', () => fail(broken()));
      zip.readEntry();
    });
  });
}

/**
 * Refuses what is not a safe, readable .docx before anything unpacks it. Given `keep`, the files it
 * inflated on the way are kept there by name, so that the package is not unpacked a second time.
 */
export async function inspectDocx(data: Buffer, keep?: Map<string, Buffer>) {
  if (startsWith(data, OLE_MAGIC)) throw new ExtractError('文件已加密或是旧版 .doc 格式，请解除密码并另存为 .docx 后再上传');
  if (!startsWith(data, 'PK\x03\x04')) throw new ExtractError('文件不是有效的 Word (.docx) 文档');
  await inspectZip(data, keep);
}

/** Inspects a Word document (inspectDocx) and reads the paragraph it marks as its title, past a cover page's lines. */
async function inspectedDocxTitle(data: Buffer): Promise<string | undefined> {
  const files = new Map<string, Buffer>();
  await inspectDocx(data, files);
  // what else was inflated (pictures) is let go here, before the text is read
  return docxTitle(files.get('word/document.xml')!.toString('utf8'), files.get('word/styles.xml')?.toString('utf8'));
}

/** A Word document's text, and its title. */
async function docxPaper(data: Buffer): Promise<Paper> {
  const title = await inspectedDocxTitle(data);
  try {
    return { text: (await mammoth.extractRawText({ buffer: data })).value, title };
  } catch {
    throw new ExtractError('文件已损坏，无法读取其中的文字');
  }
}

/** How long a PDF may take when the caller sets no time (the file pool sets its own, shorter than its limit). */
const PDF_TIMEOUT_MS = 60_000;
/** pdf.js's heap in the child: a real paper's pages need a few hundred MB; past this the child dies, not the machine. */
const PDF_HEAP_MB = 1024;
/** The child's answer is the paper's text as JSON: a 15 MB file's, with room to spare. */
const PDF_MAX_ANSWER = 64 * 1024 * 1024;

/** What a file that is still being read when its time is up is told. */
export const READ_TIMEOUT = '文件过于复杂，读取超时，请检查文件后重新上传';

/** How a file is read: by when, and who is told of the processes it starts. */
export interface ReadOptions {
  /** ms since the epoch: a process reading the file is ended then (60 s from now without) */
  readBy?: number;
  /**
   * told each process's id when it starts and when it has ended: a worker thread that is ended
   * does not end the processes it started, so the thread that ends it does (lib/filePool.ts)
   */
  processes?: { started(pid: number): void; ended(pid: number): void };
}

/**
 * pdf.js in a child process (pdfWorker.js): untrusted files are parsed away from the server. The
 * child is killed (SIGKILL: pdf.js may be too busy to handle anything gentler) at `readBy`; it
 * kills itself then too, and as soon as the server's process is gone, however abruptly (the end of
 * its lifeline, fd 3, held here, closes).
 */
function pdfInChild(
  data: Buffer,
  { readBy, processes }: Required<Pick<ReadOptions, 'readBy'>> & ReadOptions,
): Promise<{ text?: string; title?: string; error?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${PDF_HEAP_MB}`, join(__dirname, 'pdfWorker.js'), String(readBy)], {
      stdio: ['pipe', 'pipe', 'ignore', 'pipe'],
    });
    if (child.pid !== undefined) processes?.started(child.pid);
    child.on('exit', () => child.pid !== undefined && processes?.ended(child.pid));
    const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(0, readBy - Date.now()));
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PDF_MAX_ANSWER) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    // the lifeline carries nothing: it is read only to see it close when the child is gone
    (child.stdio[3] as NodeJS.ReadableStream).resume();
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (Date.now() >= readBy) return reject(new ExtractError(READ_TIMEOUT));
      if (code !== 0 || size > PDF_MAX_ANSWER) return reject(new ExtractError('PDF 过于复杂或已损坏，无法读取其中的文字'));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new ExtractError('PDF 已损坏，无法读取其中的文字'));
      }
    });
    // the child may be gone before it has read everything (killed, timed out, shutting down):
    // the pipe then fails with EPIPE, which the close handler above already reports
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(data);
  });
}

async function pdfPaper(data: Buffer, options: Required<Pick<ReadOptions, 'readBy'>> & ReadOptions): Promise<{ text: string; title?: string }> {
  if (!startsWith(data, '%PDF-')) throw new ExtractError('文件不是有效的 PDF 文档');
  const { text, title, error } = await pdfInChild(data, options);
  if (error === 'PasswordException') throw new ExtractError('PDF 已加密，请解除密码后再上传');
  if (error || text === undefined) throw new ExtractError('PDF 已损坏，无法读取其中的文字');
  return { text, title };
}

export interface Paper {
  text: string;
  /** the title as the file's layout shows it, where the text alone cannot (a PDF's largest type on its first page, a Word document's Title paragraph) */
  title?: string;
}

/**
 * The text of a file, and its title where its layout shows it; throws ExtractError with the reason
 * when it has no text we can read.
 */
export async function extractPaper(data: Buffer, fileName: string, { readBy = Date.now() + PDF_TIMEOUT_MS, processes }: ReadOptions = {}): Promise<Paper> {
  if (data.length === 0) throw new ExtractError('文件是空的');
  const extension = extensionOf(fileName);
  let read: Paper;
  if (extension === 'docx') read = await docxPaper(data);
  else if (extension === 'pdf') read = await pdfPaper(data, { readBy, processes });
  else if (extension === 'txt' || extension === 'md') read = { text: decodeText(data) };
  else throw new ExtractError('只支持 .docx、.pdf、.txt 和 .md 文件');
  const text = tidyText(read.text);
  if (!text) throw new ExtractError(extension === 'pdf' ? 'PDF 中没有可提取的文字（可能是扫描件）' : '文件中没有文字');
  return { text, title: read.title && tidyText(read.title) };
}

/** The text of a file; throws ExtractError with the reason when it has none we can read. */
export async function extractText(data: Buffer, fileName: string): Promise<string> {
  return (await extractPaper(data, fileName)).text;
}

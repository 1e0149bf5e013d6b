/**
 * A docx Document → the .docx file. docx writes the parts and zips them itself with a JavaScript
 * deflate at its default level, which took a quarter of writing a long thesis; here its parts are
 * zipped by fflate with zlib's native deflate at a fast level, and pictures (already compressed)
 * stored as they are (docs/decisions.md, "Typesetting speed").
 */
import { Packer, type Document } from 'docx';
import { Zip, ZipPassThrough } from 'fflate';
import { deflateRawSync } from 'zlib';

/** Speed over size: on the long thesis about 2 ms instead of 8 at level 6, for 18 % more bytes. */
const LEVEL = 1;

/** A part fflate zips with the checksum and sizes it keeps itself, its bytes deflated by zlib. */
class NativeDeflate extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  protected process(chunk: Uint8Array<ArrayBuffer>, final: boolean) {
    this.ondata(null, deflateRawSync(chunk, { level: LEVEL }), final);
  }
}

type Compiler = { compile(file: Document): Map<string, string | Uint8Array> };

const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/** Rewrites of parts' XML after docx wrote them, by part name (what docx cannot write itself, such as equations). */
export type PartRewrites = Record<string, (xml: string) => string>;

export async function packDocx(document: Document, rewrites: PartRewrites = {}): Promise<Buffer> {
  // docx keeps its compiler (the parts before zipping) out of its typings; without it, its own zip
  const compiler = (Packer as unknown as { compiler?: Partial<Compiler> }).compiler;
  if (typeof compiler?.compile !== 'function') return Packer.toBuffer(document);
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  for (const [path, written] of compiler.compile(document)) {
    const data = typeof written === 'string' && rewrites[path] ? rewrites[path](written) : written;
    const part = path.startsWith('word/media/') ? new ZipPassThrough(path) : new NativeDeflate(path);
    zip.add(part);
    part.push(bytesOf(data), true);
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}

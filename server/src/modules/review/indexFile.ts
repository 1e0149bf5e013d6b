/**
 * The corpus index on disk: one file per data folder, written whole to a temporary file and renamed
 * over the old one (a reader sees the old snapshot or the new, never half of one), read back into
 * the engine's arrays without tokenising anything. The engine decides what the arrays mean
 * (`CorpusIndex.toSnapshot`/`fromSnapshot`); this file only moves bytes.
 *
 * Layout: magic, file version, header length, header (JSON: the engine's header, the caller's
 * `meta`, each array's byte length), the arrays, and a CRC-32 of everything before it.
 */
import { mkdirSync, readdirSync, statSync, unlinkSync } from 'fs';
import { open, rename, unlink } from 'fs/promises';
import { join } from 'path';
import { crc32 } from 'zlib';
import { CorpusIndex, type IndexSnapshotHeader } from '../../engines/similarity/corpusIndex';

const MAGIC = Buffer.from('ZNCORPUS');
/** The file's own layout (the engine's INDEX_FORMAT covers what the arrays mean). */
const FILE_VERSION = 1;
/** Bytes per read or write: large enough to be fast, small enough to let other work in between. */
const CHUNK = 32 * 1024 * 1024;
/** A temporary file this old was left by a process that died while writing. */
const STALE_TEMP_MS = 3600_000;

export const SNAPSHOT_NAME = 'corpus.snapshot';

interface FileHeader<Meta> {
  index: IndexSnapshotHeader;
  meta: Meta;
  lengths: number[];
}

const bytesOf = (array: Int32Array | Uint32Array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** Writes the index and `meta` to `dir/corpus.snapshot`, atomically. Nothing may add to the index meanwhile. */
export async function writeIndexSnapshot<Meta>(dir: string, index: CorpusIndex, meta: Meta): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const { header, arrays } = index.toSnapshot();
  const fileHeader: FileHeader<Meta> = { index: header, meta, lengths: arrays.map((a) => a.byteLength) };
  const json = Buffer.from(JSON.stringify(fileHeader));
  const prefix = Buffer.alloc(MAGIC.length + 8);
  MAGIC.copy(prefix);
  prefix.writeUInt32LE(FILE_VERSION, MAGIC.length);
  prefix.writeUInt32LE(json.length, MAGIC.length + 4);

  const target = join(dir, SNAPSHOT_NAME);
  const temp = join(dir, `${SNAPSHOT_NAME}.${process.pid}.${Date.now()}.tmp`);
  const file = await open(temp, 'w', 0o600);
  try {
    let crc = 0;
    const write = async (bytes: Uint8Array) => {
      for (let at = 0; at < bytes.length; at += CHUNK) {
        const chunk = bytes.subarray(at, Math.min(bytes.length, at + CHUNK));
        crc = crc32(chunk, crc);
        let done = 0;
        while (done < chunk.length) done += (await file.write(chunk, done)).bytesWritten;
      }
    };
    await write(prefix);
    await write(json);
    for (const array of arrays) await write(bytesOf(array));
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32LE(crc >>> 0);
    await file.write(trailer);
    await file.sync();
    await file.close();
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await rename(temp, target);
}

/**
 * The index and meta of `dir/corpus.snapshot`; undefined when there is none. Throws when it is
 * damaged, cut short or of another format (the caller then builds afresh).
 */
export async function readIndexSnapshot<Meta>(dir: string): Promise<{ index: CorpusIndex; meta: Meta } | undefined> {
  removeStaleTemps(dir);
  let file;
  try {
    file = await open(join(dir, SNAPSHOT_NAME), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const size = (await file.stat()).size;
    let position = 0;
    let crc = 0;
    // the next chunk is read while this one is checksummed
    const read = async (bytes: Uint8Array) => {
      if (position + bytes.length > size - 4) throw new Error('snapshot cut short');
      const start = position;
      const chunk = (at: number) => file.read(bytes, at, Math.min(CHUNK, bytes.length - at), start + at);
      let pending = bytes.length ? chunk(0) : undefined;
      for (let at = 0; pending;) {
        const { bytesRead } = await pending;
        if (!bytesRead) throw new Error('snapshot cut short');
        const end = at + bytesRead;
        pending = end < bytes.length ? chunk(end) : undefined;
        crc = crc32(bytes.subarray(at, end), crc);
        at = end;
      }
      position += bytes.length;
    };
    const prefix = Buffer.alloc(MAGIC.length + 8);
    await read(prefix);
    if (!prefix.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a corpus snapshot');
    if (prefix.readUInt32LE(MAGIC.length) !== FILE_VERSION) throw new Error('snapshot of another file version');
    const json = Buffer.alloc(prefix.readUInt32LE(MAGIC.length + 4));
    await read(json);
    const header = JSON.parse(json.toString()) as FileHeader<Meta>;
    const { targets, finish } = CorpusIndex.fromSnapshot(header.index);
    if (targets.length !== header.lengths?.length || targets.some((t, i) => t.byteLength !== header.lengths[i]))
      throw new Error('snapshot arrays of the wrong size');
    for (const target of targets) await read(bytesOf(target));
    if (position !== size - 4) throw new Error('snapshot longer than its header says');
    const trailer = Buffer.alloc(4);
    await file.read(trailer, 0, 4, position);
    if (trailer.readUInt32LE() !== crc >>> 0) throw new Error('snapshot checksum does not match');
    return { index: finish(), meta: header.meta };
  } finally {
    await file.close();
  }
}

/** Temporary files of writers that died half way. */
function removeStaleTemps(dir: string) {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(`${SNAPSHOT_NAME}.`) || !name.endsWith('.tmp')) continue;
    try {
      if (Date.now() - statSync(join(dir, name)).mtimeMs > STALE_TEMP_MS) unlinkSync(join(dir, name));
    } catch {
      // another process removed or renamed it meanwhile
    }
  }
}

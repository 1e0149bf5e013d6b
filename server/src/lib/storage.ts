/**
 * Where uploaded and generated files live: a folder under data/ by default. Kept behind this
 * small interface so that an S3-compatible store can take its place.
 */
import { createReadStream, existsSync } from 'fs';
import { randomUUID } from 'crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'fs/promises';
import { dirname, join, normalize, sep } from 'path';
import type { Readable } from 'stream';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER, ownerOnlyFolder } from './ownerOnly';

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Readable | undefined;
  remove(key: string): Promise<void>;
  /** A fresh path for a file being received, on the same disk as the store (so keeping it is a rename). */
  incomingPath(): string;
  /** Keeps a received file under `key`. */
  adopt(key: string, path: string): Promise<void>;
  /**
   * Deletes files left half received (their process was killed) that no one has written for
   * `idleMs`; returns how many. Periodic, not at start-up: a process starting beside a running one
   * must not delete a file still arriving.
   */
  sweepIncoming(idleMs: number): Promise<number>;
}

export function localStorage(root: string): Storage {
  const incoming = join(root, '.incoming');
  ownerOnlyFolder(root);
  ownerOnlyFolder(incoming);
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + sep)) throw new Error(`storage key outside the root: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: OWNER_ONLY_FOLDER });
      // written aside and renamed into place: a reader never sees half a file (preview pages are read while drawn)
      const temp = join(incoming, randomUUID());
      await writeFile(temp, data, { mode: OWNER_ONLY_FILE });
      await rename(temp, path);
    },
    get(key) {
      const path = pathOf(key);
      return existsSync(path) ? createReadStream(path) : undefined;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    incomingPath: () => join(incoming, randomUUID()),
    async adopt(key, path) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
      await rename(path, target);
    },
    async sweepIncoming(idleMs) {
      let swept = 0;
      for (const name of await readdir(incoming)) {
        const path = join(incoming, name);
        // another process may adopt or remove it meanwhile
        const stats = await stat(path).catch(() => undefined);
        if (!stats || Date.now() - stats.mtimeMs <= idleMs) continue;
        await rm(path, { force: true });
        swept += 1;
      }
      return swept;
    },
  };
}

/**
 * Where uploaded and generated files live: a folder under data/ by default. Kept behind this
 * small interface so that an S3-compatible store can take its place.
 */
import { createReadStream, existsSync } from 'fs';
import { mkdir, rm, writeFile } from 'fs/promises';
import { dirname, join, normalize, sep } from 'path';
import type { Readable } from 'stream';

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Readable | undefined;
  remove(key: string): Promise<void>;
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + sep)) throw new Error(`storage key outside the root: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data, { mode: 0o600 });
    },
    get(key) {
      const path = pathOf(key);
      return existsSync(path) ? createReadStream(path) : undefined;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

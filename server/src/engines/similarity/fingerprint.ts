/**
 * k-gram fingerprints and winnowing (Schleimer, Wilkerson and Aiken, 2003). Every k consecutive
 * tokens get a hash; in every window of w consecutive hashes the smallest is kept. Any run of
 * w + k − 1 tokens shared by two texts therefore yields at least one kept fingerprint in both.
 */
import { tokenHash, type Token } from './normalize';

const BASE = 0x01000193;

/** Each token's hash (tokenHash), in order. */
export const tokenHashes = (tokens: Token[]) => Uint32Array.from(tokens, (t) => tokenHash(t.value));

/** The hash of every k-gram, by start position (length n − k + 1). */
export function kgramHashes(tokens: Token[], k: number): Uint32Array {
  return kgramHashesOfValues(tokenHashes(tokens), k);
}

/**
 * The same from the tokens' own hashes (tokenHash), for callers that never make Token objects;
 * written to `out`, which may be `values` itself (each value is read before its place is written).
 */
export function kgramHashesOfValues(values: Uint32Array, k: number, out?: Uint32Array): Uint32Array {
  const count = Math.max(0, values.length - k + 1);
  const hashes = out ? out.subarray(0, count) : new Uint32Array(count);
  if (!count) return hashes;
  // BASE^(k-1), to take the oldest token out of the rolling hash
  let top = 1;
  for (let i = 1; i < k; i += 1) top = Math.imul(top, BASE);
  let hash = 0;
  for (let i = 0; i < k; i += 1) hash = (Math.imul(hash, BASE) + values[i]) | 0;
  let oldest = values[0];
  hashes[0] = hash >>> 0;
  for (let i = 1; i < count; i += 1) {
    hash = (hash - Math.imul(oldest, top)) | 0;
    oldest = values[i];
    hash = (Math.imul(hash, BASE) + values[i + k - 1]) | 0;
    hashes[i] = hash >>> 0;
  }
  return hashes;
}

export interface Fingerprint {
  hash: number;
  /** the k-gram's first token */
  position: number;
}

/** Winnowing: the rightmost minimum of every window of w hashes, each kept once. */
export function winnow(hashes: Uint32Array, w: number): Fingerprint[] {
  const kept: Fingerprint[] = [];
  forEachWinnowed(hashes, w, (hash, position) => kept.push({ hash, position }));
  return kept;
}

/** The same fingerprints, in the same order, handed to `keep` one by one (no objects made). */
export function forEachWinnowed(hashes: Uint32Array, w: number, keep: (hash: number, position: number) => void) {
  if (hashes.length === 0) return;
  if (hashes.length <= w) {
    let min = 0;
    for (let i = 1; i < hashes.length; i += 1) if (hashes[i] <= hashes[min]) min = i;
    keep(hashes[min], min);
    return;
  }
  let last = -1;
  let min = -1;
  for (let start = 0; start + w <= hashes.length; start += 1) {
    const end = start + w - 1;
    if (min < start) {
      // the minimum left the window: look for the new one
      min = start;
      for (let i = start + 1; i <= end; i += 1) if (hashes[i] <= hashes[min]) min = i;
    } else if (hashes[end] <= hashes[min]) {
      min = end;
    }
    if (min !== last) {
      keep(hashes[min], min);
      last = min;
    }
  }
}

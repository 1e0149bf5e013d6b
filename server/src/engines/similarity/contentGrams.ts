/**
 * Content-word grams: every three words in a row of a text that are neither function words
 * nor Chinese characters, with no more than CONTENT_GAP other tokens between two of them. A 降重
 * rewrite that swaps a third of the words and adds or drops function words leaves few runs of K
 * tokens whole (no k-gram survives in a short passage), but triples of content words survive
 * where no word of the three was swapped. They find a source; the sentences are then compared
 * as for any candidate (docs/features.md). Their hashes are salted apart from the k-grams'.
 */
import { eng } from 'stopword';
import { isHanToken, tokenHash, type Token } from './normalize';

/** Other tokens between two words of a gram at most: a few function words, not a stretch of Chinese. */
const CONTENT_GAP = 3;
const SALT = 0x9e3779b9;

/** The function words' hashes, in an open-addressed table (the index build asks once per word). */
const STOP_BITS = 10;
const stopTable = new Uint32Array(1 << STOP_BITS);
const slotOf = (hash: number) => Math.imul(hash, 0x9e3779b1) >>> (32 - STOP_BITS);
for (const hash of eng.map(tokenHash)) {
  let slot = slotOf(hash);
  while (stopTable[slot] !== 0 && stopTable[slot] !== hash) slot = (slot + 1) & (stopTable.length - 1);
  stopTable[slot] = hash;
}
function isStopWord(hash: number): boolean {
  for (let slot = slotOf(hash); stopTable[slot] !== 0; slot = (slot + 1) & (stopTable.length - 1)) if (stopTable[slot] === hash) return true;
  return false;
}

/** Whether a token is a function word of English (the, in, by): shared, it tells little of a copy. */
export const isFunctionWord = (value: string) => isStopWord(tokenHash(value));

/** Which tokens are words (1) and which Chinese characters (0), as hashTokens gives them. */
export const wordFlags = (tokens: Token[]) => Uint8Array.from(tokens, (t) => (isHanToken(t.value) ? 0 : 1));

const mix = (hash: number, value: number) => Math.imul(hash ^ value, 0x01000193);

/** Each gram of a text's token hashes (tokenHash) and word flags (wordFlags), handed to `keep` with the place of its first word (no arrays made: the index build runs this over the whole library). */
export function forEachContentGram(values: Uint32Array, words: Uint8Array, keep: (hash: number, at: number) => void) {
  // the last two content words, and where they stand; −1: none
  let first = 0;
  let second = 0;
  let firstAt = -1;
  let secondAt = -1;
  for (let i = 0; i < values.length; i += 1) {
    if (words[i] === 0) continue;
    const value = values[i];
    if (isStopWord(value)) continue;
    // too far from the last: a gram starts again (the shift below then leaves no first word)
    if (secondAt >= 0 && i - secondAt > CONTENT_GAP + 1) firstAt = secondAt = -1;
    if (firstAt >= 0) keep(mix(mix(mix(SALT, first), second), value) >>> 0, firstAt);
    first = second;
    firstAt = secondAt;
    second = value;
    secondAt = i;
  }
}

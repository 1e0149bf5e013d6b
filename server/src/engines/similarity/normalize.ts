/**
 * Text → tokens for comparison, each remembering where it came from in the original text, so that
 * a match found on tokens lands exactly on the user's own characters. Chinese is compared by
 * characters (traditional folded to simplified), other scripts by words; width (全角/半角) and
 * case are folded, punctuation and white space dropped.
 */
import { Converter, Locale } from 'opencc-js/t2cn';
import { HAN } from '../../../../common/text/han';

export interface Token {
  /** the normalised form compared */
  value: string;
  /** [start, end) in the original text */
  start: number;
  end: number;
}

const toSimplified = Converter({ from: 'tw', to: 'cn' });
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * What the converter's dictionaries (OpenCC's tw → cn: normalisation, segmentation, conversion)
 * can touch: CHANGES marks every character some rule could leave different from itself at the end
 * of the passes, IN_RULES every character of any rule. A stretch of text without a changeable
 * character converts to itself, and no rule reaches over a character found in none (BREAK), so
 * conversion can be done stretch by stretch and skipped where nothing can change: most of a
 * simplified text.
 */
const CHANGES = new Uint8Array(0x10000);
const IN_RULES = new Uint8Array(0x10000);
{
  const config = Locale.configs.tw2s as { normalizationChain?: unknown[][]; segmentation?: unknown; conversionChain: unknown[][] };
  const rulesOf = (dict: unknown) => (typeof dict === 'string' ? dict.split('|').map((line) => line.split(' ')) : (dict as string[][]));
  for (const dict of [config.segmentation].flat()) for (const [key] of rulesOf(dict)) for (const c of key) IN_RULES[c.charCodeAt(0)] = 1;
  const passes = [...(config.normalizationChain ?? []), ...config.conversionChain].map((group) => passOf([group].flat().map(rulesOf)));
  for (const pass of passes) for (const c of pass.keyChars) IN_RULES[c.charCodeAt(0)] = 1;
  for (const pass of passes) for (const c of pass.keyChars) if (!alwaysItself(c, passes)) CHANGES[c.charCodeAt(0)] = 1;
}

/**
 * One pass of the converter (a group of dictionaries), per character: what it may become where a
 * key holding it matches (its own single-character key wherever no longer key does, itself where
 * it has none), and `wild`, the characters of keys whose value is of another length.
 */
function passOf(dicts: string[][][]) {
  const becomes = new Map<string, Set<string>>();
  const alone = new Set<string>();
  const wild = new Set<string>();
  const keyChars = new Set<string>();
  for (const [key, value] of dicts.flat()) {
    const from = [...key];
    const to = [...value];
    from.forEach((c, i) => {
      keyChars.add(c);
      if (from.length !== to.length) wild.add(c);
      else becomes.set(c, (becomes.get(c) ?? new Set()).add(to[i]));
    });
    if (from.length === 1) alone.add(key);
  }
  // a character with no key of its own stays itself where no longer key covers it
  for (const c of keyChars) if (!alone.has(c)) becomes.get(c)?.add(c);
  return { becomes, wild, keyChars };
}

/**
 * Whether a character ends every pass as itself, whatever its neighbours. 才, 核 and 群 become their
 * traditional variants (纔, 覈, 羣) in one pass and themselves again in the next: a third of the
 * changeable characters of simplified text (Debian's Chinese manual pages) were these, each
 * sending its stretch to the converter for nothing.
 */
function alwaysItself(c: string, passes: Array<ReturnType<typeof passOf>>) {
  let can = new Set([c]);
  for (const pass of passes) {
    const next = new Set<string>();
    for (const x of can) {
      if (pass.wild.has(x)) return false;
      for (const y of pass.becomes.get(x) ?? [x]) next.add(y);
    }
    can = next;
  }
  return can.size === 1 && can.has(c);
}
// surrogates (characters outside the BMP) and ideographic description characters are left to the converter
CHANGES.fill(1, 0xd800, 0xe000);
CHANGES.fill(1, 0x2ff0, 0x3000);
const isDescription = (code: number) => code >= 0x2ff0 && code <= 0x2fff;

/** ASCII letters and digits: the characters of a word that fold to themselves (A–Z to a–z, by `| 0x20`). */
const ASCII_WORD = new Uint8Array(0x80);
for (let code = 0; code < 0x80; code += 1) ASCII_WORD[code] = /[A-Za-z0-9]/.test(String.fromCharCode(code)) ? 1 : 0;

const isCommonHan = (code: number) => code >= 0x4e00 && code <= 0x9fff;

/**
 * Where the text may be cut for conversion and tokenising alike: ASCII punctuation and spaces and
 * a few Chinese separators, in no rule and in no token, so no rule match and no word reaches over
 * them.
 */
const BREAK = new Uint8Array(0x10000);
for (const c of '\n。，；！？') BREAK[c.charCodeAt(0)] = 1;
for (let code = 0; code < 0x80; code += 1) BREAK[code] = 1 - ASCII_WORD[code];
for (let code = 0; code < BREAK.length; code += 1) if (IN_RULES[code]) BREAK[code] = 0;

/**
 * The converter over the stretches between breaks that can change; the rest as it is (the same
 * result, sooner). `shifted`: a stretch changed its length (a character outside the BMP came or
 * went), so positions after it moved; `whole`: a description sequence, which may reach over
 * anything, made the converter take the text whole.
 */
function convertChangeable(text: string): { text: string; shifted: boolean; whole: boolean } {
  let out: string[] | undefined;
  let copied = 0;
  let start = 0;
  let changes = false;
  let shifted = false;
  for (let i = 0; i <= text.length; i += 1) {
    // one table lookup for most characters: this scan is over every character of the library
    const code = i < text.length ? text.charCodeAt(i) : 0x0a;
    if (BREAK[code] === 1) {
      if (changes) {
        out ??= [];
        const converted = toSimplified(text.slice(start, i));
        if (converted.length !== i - start) shifted = true;
        out.push(text.slice(copied, start), converted);
        copied = i;
      }
      start = i + 1;
      changes = false;
    } else if (CHANGES[code] === 1) {
      if (isDescription(code)) return { text: toSimplified(text), shifted: false, whole: true };
      changes = true;
    }
  }
  if (!out) return { text, shifted, whole: false };
  out.push(text.slice(copied));
  return { text: out.join(''), shifted, whole: false };
}

/**
 * Traditional → simplified, character for character (so positions stay put): the text tokens are
 * read from, the same length as the original, every character where it was. `local`: any part
 * between breaks converts alone to what it became here (comparableAround).
 */
export function comparableText(original: string): { text: string; local: boolean } {
  const converted = convertChangeable(original);
  if (converted.whole ? converted.text.length === original.length : !converted.shifted) return { text: converted.text, local: !converted.whole };
  // a rule changed a stretch's length: one character at a time instead, each keeping its place
  return { text: Array.from(original, (c) => (HAN.test(c) ? toSimplified(c) : c).slice(0, c.length).padEnd(c.length, c)).join(''), local: false };
}

export const comparable = (original: string) => comparableText(original).text;

/**
 * The comparable text of the part of `original` from the break at or before `from` to the one at
 * or after `to`: for a text whose conversion is local, exactly that part of comparable(original),
 * without converting the rest. `start` and `end` say which part it is.
 */
export function comparableAround(original: string, from: number, to: number): { text: string; start: number; end: number } {
  const atBreak = (i: number) => i <= 0 || i >= original.length || BREAK[original.charCodeAt(i)] === 1 || BREAK[original.charCodeAt(i - 1)] === 1;
  let start = Math.min(from, original.length);
  while (!atBreak(start)) start -= 1;
  let end = Math.min(Math.max(to, start), original.length);
  while (!atBreak(end)) end += 1;
  return { text: convertChangeable(original.slice(start, end)).text, start, end };
}

/** The common Chinese characters as strings, made once: a token's value without a new string each time. */
const COMMON_HAN = Array.from({ length: 0x9fff - 0x4e00 + 1 }, (_, i) => String.fromCharCode(0x4e00 + i));

const FNV_OFFSET = 0x811c9dc5;
/** One step of FNV-1a: a character code into a hash. */
const fnv = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);

/**
 * FNV-1a over a token's characters: a 32-bit number per token. The walks below compute the same
 * as they go, a step per character.
 */
export function tokenHash(value: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < value.length; i += 1) hash = fnv(hash, value.charCodeAt(i));
  return hash >>> 0;
}

const COMMON_HAN_HASH = Uint32Array.from(COMMON_HAN, tokenHash);

/**
 * Walks the tokens of a text in order without keeping them: `visit(value, start, end)` for each.
 * tokenize() keeps them; counting needs only the walk (a 15 MB text is five million tokens).
 */
export function forEachToken(original: string, visit: (value: string, start: number, end: number) => void) {
  walkTokens(comparable(original), 0, Infinity, visit);
}

/**
 * The walk over a text already simplified (comparable()), from `from` (where a token starts), for
 * at most `limit` tokens: the same tokens as the whole walk gives there, so that a long source
 * can be tokenised only where a check looks (TokenSeq).
 */
export function walkTokens(text: string, from: number, limit: number, visit: (value: string, start: number, end: number, hash: number) => void) {
  let made = 0;
  let wordStart = -1;
  let word = '';
  let wordHash = FNV_OFFSET;
  // called only where a word is open: most characters of Chinese text are not in one
  const endWord = (at: number) => {
    visit(word, wordStart, at, wordHash >>> 0);
    made += 1;
    wordStart = -1;
    word = '';
    wordHash = FNV_OFFSET;
  };
  for (let i = from; i < text.length && made < limit; i += 1) {
    const code = text.codePointAt(i)!;
    // fast paths, same result as below: common Chinese characters and ASCII fold to themselves
    // (but A–Z to a–z); tokenising is most of the time an index build takes
    if (isCommonHan(code)) {
      if (wordStart >= 0) endWord(i);
      if (made < limit) {
        visit(COMMON_HAN[code - 0x4e00], i, i + 1, COMMON_HAN_HASH[code - 0x4e00]);
        made += 1;
      }
      continue;
    }
    if (code < 0x80) {
      if (ASCII_WORD[code] === 1) {
        const lower = code | 0x20;
        if (wordStart < 0) wordStart = i;
        word += String.fromCharCode(lower);
        wordHash = fnv(wordHash, lower);
      } else if (wordStart >= 0) {
        endWord(i);
      }
      continue;
    }
    const char = String.fromCodePoint(code);
    const width = char.length;
    const folded = char.normalize('NFKC').toLowerCase();
    if (HAN.test(folded)) {
      if (wordStart >= 0) endWord(i);
      if (made < limit) {
        visit(folded, i, i + width, tokenHash(folded));
        made += 1;
      }
    } else if (WORD_CHAR.test(folded)) {
      if (wordStart < 0) wordStart = i;
      word += folded;
      for (let c = 0; c < folded.length; c += 1) wordHash = fnv(wordHash, folded.charCodeAt(c));
    } else if (wordStart >= 0) {
      endWord(i);
    }
    i += width - 1;
  }
  if (made < limit && wordStart >= 0) endWord(text.length);
}

/**
 * Characters in no token, that a walk steps over: ASCII punctuation and spaces, and those of the
 * general punctuation, CJK punctuation and full-width blocks that fold to no letter, digit or
 * Chinese character (。，、“”《》…).
 */
const SKIPPED = new Uint8Array(0x10000);
for (let code = 0; code < 0x80; code += 1) SKIPPED[code] = 1 - ASCII_WORD[code];
for (const [from, to] of [
  [0x2000, 0x206f],
  [0x3000, 0x303f],
  [0xff00, 0xffef],
]) {
  for (let code = from; code <= to; code += 1) {
    const folded = String.fromCharCode(code).normalize('NFKC').toLowerCase();
    if (!HAN.test(folded) && !WORD_CHAR.test(folded)) SKIPPED[code] = 1;
  }
}

/**
 * A Chinese character's token (a word never starts with one): by its code, since this runs for
 * every token compared. The tokens are folded already (NFKC), and these are the blocks of the
 * script Han they can still be in: radicals, 々 and 〇, Suzhou numerals, the ideographs (those of
 * planes 2 and 3 by their first surrogate).
 */
export const isHanToken = (value: string) => {
  const code = value.charCodeAt(0);
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xd840 && code <= 0xd8bf) ||
    (code >= 0x2e80 && code <= 0x2fdf) ||
    code === 0x3005 ||
    code === 0x3007 ||
    (code >= 0x3021 && code <= 0x3029) ||
    (code >= 0x3038 && code <= 0x303b) ||
    (code >= 0xf900 && code <= 0xfaff)
  );
};

/**
 * The hashes walkTokens gives (its fourth argument) into `out`, and `mark(start)` at every
 * `every`-th token; returns how many tokens. The index build's walk, over every character of the
 * library: common Chinese characters, and ASCII words that end in ASCII or Chinese, are hashed
 * here without a call per token; whatever else comes is read by walkTokens, a token at a time.
 * `words`, if given, gets 1 for a word's token and 0 for a Chinese character's (contentGrams).
 */
export function hashTokens(text: string, out: Uint32Array, every: number, mark: (start: number) => void, words?: Uint8Array): number {
  const taken = { start: 0, end: -1, hash: 0, word: true };
  const take = (value: string, start: number, end: number, hash: number) => {
    taken.start = start;
    taken.end = end;
    taken.hash = hash;
    taken.word = !isHanToken(value);
  };
  let n = 0;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (SKIPPED[code] === 1) {
      i += 1;
      continue;
    }
    let start = i;
    let hash: number;
    let word = false;
    if (isCommonHan(code)) {
      hash = COMMON_HAN_HASH[code - 0x4e00];
      i += 1;
    } else {
      let end = i;
      let ascii = FNV_OFFSET;
      for (let c = code; end < text.length && c < 0x80 && ASCII_WORD[c] === 1; c = text.charCodeAt(end)) {
        ascii = fnv(ascii, c | 0x20);
        end += 1;
      }
      const after = end < text.length ? text.charCodeAt(end) : 0;
      if (end > i && (after < 0x80 || isCommonHan(after))) {
        hash = ascii >>> 0;
        word = true;
        i = end;
      } else {
        // a word going on in other letters (café, ＡＢＣ), or any other character
        taken.end = -1;
        walkTokens(text, i, 1, take);
        if (taken.end < 0) break;
        ({ start, hash, word } = taken);
        i = taken.end;
      }
    }
    if (n % every === 0) mark(start);
    if (words) words[n] = word ? 1 : 0;
    out[n] = hash;
    n += 1;
  }
  return n;
}

export function tokenize(original: string): Token[] {
  const tokens: Token[] = [];
  forEachToken(original, (value, start, end) => tokens.push({ value, start, end }));
  return tokens;
}

/** Characters a token's value stands for: one per Chinese character, the letters of a word. */
export const charsOfValue = (value: string) => (HAN.test(value) ? 1 : value.length);
export const charsOf = (token: Token) => charsOfValue(token.value);

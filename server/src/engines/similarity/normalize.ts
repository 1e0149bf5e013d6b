/**
 * Text → tokens for comparison, each remembering where it came from in the original text, so that
 * a match found on tokens lands exactly on the user's own characters. Chinese is compared by
 * characters (traditional folded to simplified), other scripts by words; width (全角/半角) and
 * case are folded, punctuation and white space dropped.
 */
import { Converter } from 'opencc-js/t2cn';

export interface Token {
  /** the normalised form compared */
  value: string;
  /** [start, end) in the original text */
  start: number;
  end: number;
}

const toSimplified = Converter({ from: 'tw', to: 'cn' });
const HAN = /\p{Script=Han}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Traditional → simplified, character for character (so positions stay put). */
function simplified(text: string): string {
  const converted = toSimplified(text);
  if (converted.length === text.length) return converted;
  // a phrase rule changed the length: fall back to one character at a time
  return Array.from(text, (c) => (HAN.test(c) ? toSimplified(c) : c).slice(0, c.length).padEnd(c.length, c)).join('');
}

/**
 * Walks the tokens of a text in order without keeping them: `visit(value, start, end)` for each.
 * tokenize() keeps them; counting needs only the walk (a 15 MB text is five million tokens).
 */
export function forEachToken(original: string, visit: (value: string, start: number, end: number) => void) {
  const text = simplified(original);
  let wordStart = -1;
  let word = '';
  const endWord = (at: number) => {
    if (wordStart >= 0) visit(word, wordStart, at);
    wordStart = -1;
    word = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const code = text.codePointAt(i)!;
    // fast paths, same result as below: common Chinese characters and ASCII fold to themselves
    // (but A–Z to a–z); tokenising is most of the time an index build takes
    if (code >= 0x4e00 && code <= 0x9fff) {
      endWord(i);
      visit(text[i], i, i + 1);
      continue;
    }
    if (code < 0x80) {
      const lower = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
      if ((lower >= 0x61 && lower <= 0x7a) || (lower >= 0x30 && lower <= 0x39)) {
        if (wordStart < 0) wordStart = i;
        word += String.fromCharCode(lower);
      } else {
        endWord(i);
      }
      continue;
    }
    const char = String.fromCodePoint(code);
    const width = char.length;
    const folded = char.normalize('NFKC').toLowerCase();
    if (HAN.test(folded)) {
      endWord(i);
      visit(folded, i, i + width);
    } else if (WORD_CHAR.test(folded)) {
      if (wordStart < 0) wordStart = i;
      word += folded;
    } else {
      endWord(i);
    }
    i += width - 1;
  }
  endWord(text.length);
}

export function tokenize(original: string): Token[] {
  const tokens: Token[] = [];
  forEachToken(original, (value, start, end) => tokens.push({ value, start, end }));
  return tokens;
}

/** Characters a token's value stands for: one per Chinese character, the letters of a word. */
export const charsOfValue = (value: string) => (HAN.test(value) ? 1 : value.length);
export const charsOf = (token: Token) => charsOfValue(token.value);

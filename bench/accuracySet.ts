/**
 * The accuracy set, built at run time with a fixed seed from real text that is not in our library
 * (see realText.ts): passages of corpus documents planted into host documents verbatim or
 * obfuscated, each plant recorded to the character as a plagiarism case with its source; and
 * documents that copy nothing — in Chinese also ones that share a few short common phrases with a
 * corpus document, the way honest text on the same subject does, and in both languages pages of
 * the same software as a corpus document.
 *
 * The 降重 kinds do what rewriting tools do, with no synonym list: `synonyms` swaps a quarter to
 * two-fifths of the content words for other words (English: any word of a general word list;
 * Chinese: any word of the same length from the hosts' own text), `restructure` moves clauses,
 * adds and drops function words and splits and merges sentences, `reorder` shuffles the
 * sentences, `mixed` does all three, `traditional synonyms` swaps words and converts the script.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { Converter } from 'opencc-js';
import { realText, type Language, type Library } from './realText';

export type Obfuscation = 'verbatim' | 'noise' | 'reorder' | 'edit' | 'traditional' | 'synonyms' | 'restructure' | 'mixed' | 'traditional synonyms';
export type Innocence = 'no copy' | 'common phrases' | 'same topic';
export const OBFUSCATIONS: Record<Language, Obfuscation[]> = {
  en: ['verbatim', 'noise', 'reorder', 'edit', 'synonyms', 'restructure', 'mixed'],
  zh: ['verbatim', 'noise', 'reorder', 'edit', 'traditional', 'synonyms', 'restructure', 'mixed', 'traditional synonyms'],
};
export const INNOCENT: Record<Language, Innocence[]> = { en: ['no copy', 'same topic'], zh: ['no copy', 'common phrases', 'same topic'] };

export interface Case {
  start: number;
  end: number;
  sourceId: string;
}

export interface Suspicious {
  language: Language;
  kind: Obfuscation | Innocence;
  text: string;
  cases: Case[];
  /** a same-topic document: the corpus document it is most alike */
  topic?: string;
}

/** A small deterministic generator, so every run builds the same set. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HAN = /\p{Script=Han}/u;
const toTraditional = Converter({ from: 'cn', to: 't' });
const sentencesOf = (paragraph: string, language: Language) =>
  (language === 'en' ? (paragraph.match(/[^.!?]+[.!?]+(\s+|$)/g) ?? []) : (paragraph.match(/[^。！？]+[。！？]+/g) ?? [])).map((s) => s.trim());

type Random = () => number;
const pick = <T>(items: T[], next: Random) => items[Math.floor(next() * items.length)];

/** 2–6 consecutive sentences of a paragraph of a corpus document, found nowhere else in the corpus. */
function passageFrom(doc: string, corpusText: string, language: Language, next: Random): string[] | undefined {
  const paragraphs = doc.split('\n').filter((p) => sentencesOf(p, language).length >= 2);
  if (!paragraphs.length) return undefined;
  const sentences = sentencesOf(pick(paragraphs, next), language);
  const count = Math.min(sentences.length, 2 + Math.floor(next() * 5));
  const from = Math.floor(next() * (sentences.length - count + 1));
  const chosen = sentences.slice(from, from + count);
  const unique = chosen.every((s) => corpusText.indexOf(s) === corpusText.lastIndexOf(s));
  return unique && chosen.join('').length >= (language === 'zh' ? 40 : 150) ? chosen : undefined;
}

/** The tokens edits work on: words (letters and digits), or Chinese characters. */
const TOKEN: Record<Language, RegExp> = { en: /[A-Za-z0-9]+/g, zh: /\p{Script=Han}/gu };

/** About one token in ten replaced by, preceded by or missing for a token of the host. */
function edit(text: string, vocabulary: string[], language: Language, next: Random) {
  const joiner = language === 'en' ? ' ' : '';
  return text
    .replace(TOKEN[language], (token) => {
      if (next() >= 0.1) return token;
      const other = pick(vocabulary, next);
      const roll = next();
      if (roll < 1 / 3) return other;
      if (roll < 2 / 3) return other + joiner + token;
      return '';
    })
    .replace(/ {2,}/g, ' ');
}

/** Punctuation between full and half width, stray and doubled spaces, letters and digits in full width. */
function noise(text: string, language: Language, next: Random) {
  const swap: Record<string, string> =
    language === 'en' ? { ',': '，', '.': '．', ';': '；', ':': '：' } : { '，': ', ', '。': '. ', '；': ';', '：': ': ', '（': '(', '）': ')' };
  return [...text]
    .map((c) => {
      if (swap[c] && next() < 0.7) return swap[c];
      if (c === ' ' && next() < 0.3) return '  ';
      if (/[A-Za-z0-9]/.test(c) && next() < 0.15) return String.fromCharCode(c.charCodeAt(0) + 0xfee0);
      if (language === 'zh' && HAN.test(c) && next() < 0.05) return `${c} `;
      return c;
    })
    .join('');
}

/** The sentences in another order (never the same one). */
function shuffled<T>(items: T[], next: Random): T[] {
  const order = items.map((_, i) => i);
  while (items.length > 1 && order.every((v, i) => v === i)) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  return order.map((i) => items[i]);
}

/** Function words: what a rewriter adds and drops, and what synonym swapping leaves alone. */
const FUNCTION_WORDS: Record<Language, Set<string>> = {
  en: new Set(
    'a an the of to in on at by for from with as and or but not no is are was were be been being it its this that these those which who whom whose what when where how if then than so such can may must will would should could do does did has have had there their they them he she his her we our you your i me my all any each some other into over under about also only more most very just both either neither'.split(
      ' ',
    ),
  ),
  zh: new Set(
    '的 了 在 是 和 与 及 或 而 也 就 都 又 把 被 对 从 以 为 于 之 其 这 那 个 中 上 下 时 将 可 能 会 并 等 该 此 如 若 则 因 所 着 过 地 得'.split(' '),
  ),
};

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
/** Words and what lies between them: English by letters, Chinese by the segmenter's words. */
const pieces = (text: string, language: Language): Array<{ text: string; word: boolean }> =>
  language === 'en'
    ? text.split(/([A-Za-z]+)/).map((t, i) => ({ text: t, word: i % 2 === 1 }))
    : [...segmenter.segment(text)].map((p) => ({ text: p.segment, word: !!p.isWordLike && [...p.segment].every((c) => HAN.test(c)) }));

/** Words a rewriter puts in: English, a general word list (hunspell's); Chinese, words by length. */
export interface Lexicon {
  words: (length: number) => string[];
}

function lexicon(language: Language, hostTexts: string[]): Lexicon {
  const byLength = new Map<number, string[]>();
  const add = (w: string) => {
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  };
  if (language === 'en') {
    let dic: string;
    try {
      dic = execFileSync('dpkg', ['-L', 'hunspell-en-us'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split('\n')
        .find((f) => f.endsWith('en_US.dic'))!;
    } catch {
      throw new Error('The accuracy benchmark swaps words for words of a general word list: apt-get install hunspell-en-us');
    }
    for (const line of readFileSync(dic, 'utf8').split('\n').slice(1)) {
      const w = line.split('/')[0];
      if (/^[a-z]{3,12}$/.test(w) && !FUNCTION_WORDS.en.has(w)) add(w);
    }
  } else {
    const seen = new Set<string>();
    for (const text of hostTexts) {
      for (const p of pieces(text, 'zh')) {
        if (!p.word || p.text.length < 2 || seen.has(p.text)) continue;
        seen.add(p.text);
        add(p.text);
      }
    }
  }
  for (const list of byLength.values()) list.sort();
  return { words: (length) => byLength.get(Math.min(length, language === 'en' ? 12 : 4)) ?? byLength.get(2)! };
}

/** About a quarter to two-fifths of the content words swapped for other words (of about the same length). */
function synonyms(text: string, words: Lexicon, language: Language, next: Random) {
  const share = 0.25 + next() * 0.15;
  return pieces(text, language)
    .map((p) => {
      const w = p.text.toLowerCase();
      if (!p.word || FUNCTION_WORDS[language].has(w) || (language === 'en' ? w.length < 3 : w.length < 2) || next() >= share) return p.text;
      const other = pick(words.words(language === 'en' ? Math.max(3, w.length - 2 + Math.floor(next() * 5)) : w.length), next);
      return language === 'en' && /^[A-Z]/.test(p.text) ? other[0].toUpperCase() + other.slice(1) : other;
    })
    .join('');
}

const ADDED: Record<Language, string[]> = {
  en: ['In fact, ', 'Moreover, ', 'In addition, ', 'Note that ', 'In general, ', 'That is, '],
  zh: ['其实', '此外，', '同时，', '也就是说，', '一般来说，', '需要指出的是，'],
};
const MERGE: Record<Language, string> = { en: ', and ', zh: '，并且' };

/** A sentence with its clauses moved and function words dropped or added. */
function restructureSentence(sentence: string, language: Language, next: Random) {
  const en = language === 'en';
  const end = sentence.match(en ? /[.!?]+$/ : /[。！？]+$/)?.[0] ?? '';
  let body = sentence.slice(0, sentence.length - end.length);
  // clause moved: the last clause first, or two clauses swapped
  const clauses = body.split(en ? /, / : /，/);
  if (clauses.length >= 2 && next() < 0.7) {
    const moved = next() < 0.5 ? [clauses[clauses.length - 1], ...clauses.slice(0, -1)] : shuffled(clauses, next);
    body = moved.map((c, i) => (en && i > 0 && /^[A-Z][a-z]/.test(c) ? c[0].toLowerCase() + c.slice(1) : c)).join(en ? ', ' : '，');
    if (en) body = body[0].toUpperCase() + body.slice(1);
  }
  // function words dropped
  body = pieces(body, language)
    .map((p) => (p.word && FUNCTION_WORDS[language].has(p.text.toLowerCase()) && next() < 0.25 ? '' : p.text))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  // and a connective added
  if (next() < 0.4 && body) body = pick(ADDED[language], next) + (en ? body[0].toLowerCase() + body.slice(1) : body);
  return body + end;
}

/** Sentences restructured, some split at a clause and some merged with the next. */
function restructure(sentences: string[], language: Language, next: Random): string[] {
  const en = language === 'en';
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += 1) {
    let s = restructureSentence(sentences[i], language, next);
    const roll = next();
    if (roll < 0.25 && i + 1 < sentences.length) {
      // merged with the next sentence
      const following = restructureSentence(sentences[(i += 1)], language, next);
      s = s.replace(en ? /[.!?]+$/ : /[。！？]+$/, '') + MERGE[language] + (en ? following[0].toLowerCase() + following.slice(1) : following);
    } else if (roll < 0.5) {
      // split at a clause
      const at = s.indexOf(en ? ', ' : '，', Math.floor(s.length / 3));
      if (at > 0 && at < s.length - 10) {
        const rest = s.slice(at + (en ? 2 : 1));
        out.push(s.slice(0, at) + (en ? '.' : '。'));
        s = en ? rest[0].toUpperCase() + rest.slice(1) : rest;
      }
    }
    out.push(s);
  }
  return out;
}

function obfuscate(sentences: string[], how: Obfuscation, vocabulary: string[], words: Lexicon, language: Language, next: Random): string {
  const joiner = language === 'en' ? ' ' : '';
  if (how === 'reorder') return shuffled(sentences, next).join(joiner);
  if (how === 'synonyms') return synonyms(sentences.join(joiner), words, language, next);
  if (how === 'restructure') return restructure(sentences, language, next).join(joiner);
  if (how === 'mixed')
    return shuffled(restructure(sentences, language, next), next)
      .map((s) => synonyms(s, words, language, next))
      .join(joiner);
  if (how === 'traditional synonyms') return toTraditional(synonyms(sentences.join(joiner), words, language, next));
  const text = sentences.join(joiner);
  if (how === 'verbatim') return text;
  if (how === 'noise') return noise(text, language, next);
  if (how === 'traditional') return toTraditional(text);
  return edit(text, vocabulary, language, next);
}

/** Inserts `passage` as a paragraph of `host`: the new text and the case. */
function plant(host: string, passage: string, sourceId: string, next: Random): { text: string; cases: Case[] } {
  const paragraphs = host.split('\n');
  const at = 1 + Math.floor(next() * Math.max(1, paragraphs.length - 1));
  const before = paragraphs.slice(0, at).join('\n');
  const start = before.length + 1;
  return { text: `${before}\n${passage}\n${paragraphs.slice(at).join('\n')}`, cases: [{ start, end: start + passage.length, sourceId }] };
}

/**
 * Three phrases of 4–9 Chinese characters, each found in several corpus documents, taken in order
 * from places at least 150 characters apart in one document and put a few dozen characters apart
 * into the host: what an honest text on the same subject shares with the corpus.
 */
function commonPhrases(host: string, doc: string, corpus: string[], next: Random): string | undefined {
  const phrases: string[] = [];
  let from = 0;
  for (let tries = 0; phrases.length < 3 && tries < 400; tries += 1) {
    const length = 4 + Math.floor(next() * 6);
    const at = from + Math.floor(next() * Math.min(600, Math.max(1, doc.length - from - length)));
    const phrase = doc.slice(at, at + length);
    if (phrase.length !== length || ![...phrase].every((c) => HAN.test(c))) continue;
    if (corpus.filter((d) => d.includes(phrase)).length < 3) continue;
    phrases.push(phrase);
    from = at + length + 150;
  }
  if (phrases.length < 3) return undefined;
  let text = host;
  let at = Math.floor(next() * (host.length / 2));
  for (const phrase of phrases) {
    text = text.slice(0, at) + phrase + text.slice(at);
    at += phrase.length + 10 + Math.floor(next() * 40);
  }
  return text;
}

/** Word trigrams (English) or character 4-grams (Chinese): what tells two texts are on one subject. */
function topicGrams(text: string, language: Language): Set<string> {
  const units = language === 'en' ? (text.toLowerCase().match(/[a-z0-9]+/g) ?? []) : [...text].filter((c) => HAN.test(c));
  const n = language === 'en' ? 3 : 4;
  const grams = new Set<string>();
  for (let i = 0; i + n <= units.length; i += 1) grams.add(units.slice(i, i + n).join(' '));
  return grams;
}

/**
 * The `count` documents most alike a corpus document (by the grams they share with it, grams of
 * many corpus documents left out), each with that document's index: innocent text on the same
 * subject as something in the library, the hardest there is. `first` are taken before any other.
 */
function sameTopic(first: string[], others: string[], corpus: string[], language: Language, count: number) {
  const docsOf = new Map<string, number[]>();
  corpus.forEach((doc, i) => {
    for (const g of topicGrams(doc, language)) {
      const list = docsOf.get(g) ?? [];
      list.push(i);
      docsOf.set(g, list);
    }
  });
  const closest = (text: string) => {
    const shared = new Map<number, number>();
    for (const g of topicGrams(text, language)) {
      const docs = docsOf.get(g);
      if (docs && docs.length <= 8) for (const d of docs) shared.set(d, (shared.get(d) ?? 0) + 1);
    }
    let best = [-1, 0];
    for (const [d, n] of shared) if (n > best[1] || (n === best[1] && d < best[0])) best = [d, n];
    return { text, topic: best[0], shared: best[1] };
  };
  const ranked = (texts: string[]) =>
    texts
      .map(closest)
      .filter((d) => d.topic >= 0)
      .sort((a, b) => b.shared - a.shared);
  return [...ranked(first), ...ranked(others)].slice(0, count);
}

/** The set for one language: `perKind` documents of every obfuscation and every kind of innocence. */
export function buildAccuracySet(language: Language, perKind = 40, seed = 20261123, library: Library = 'manuals') {
  const next = random(seed + (language === 'zh' ? 1 : 2));
  const { corpus, hosts, sameTopic: pages } = realText(language, library);
  const words = lexicon(language, hosts);
  const ids = corpus.map((_, i) => `${language}-${String(i).padStart(4, '0')}`);
  const corpusText = corpus.join('\n');
  const set: Suspicious[] = [];
  let host = 0;
  const nextHost = () => hosts[host++ % hosts.length];
  for (const how of OBFUSCATIONS[language]) {
    for (let made = 0; made < perKind;) {
      const source = Math.floor(next() * corpus.length);
      const sentences = passageFrom(corpus[source], corpusText, language, next);
      if (!sentences || ((how === 'reorder' || how === 'mixed') && sentences.length < 2)) continue;
      const text = nextHost();
      const vocabulary = text.match(TOKEN[language]) ?? [];
      set.push({ language, kind: how, ...plant(text, obfuscate(sentences, how, vocabulary, words, language, next), ids[source], next) });
      made += 1;
    }
  }
  for (const kind of INNOCENT[language]) {
    if (kind === 'same topic') {
      // the pages of the same software first; in Chinese there are few, then the hosts most alike the corpus
      for (const doc of sameTopic(pages, language === 'zh' ? hosts : [], corpus, language, perKind))
        set.push({ language, kind, text: doc.text, cases: [], topic: ids[doc.topic] });
      continue;
    }
    for (let made = 0; made < perKind;) {
      const text = kind === 'no copy' ? nextHost() : commonPhrases(nextHost(), pick(corpus, next), corpus, next);
      if (!text) continue;
      set.push({ language, kind, text, cases: [] });
      made += 1;
    }
  }
  return { corpus: new Map(corpus.map((text, i) => [ids[i], text])), set };
}

/**
 * The accuracy set, built at run time with a fixed seed from real text that is not in our library
 * (see realText.ts): passages of corpus documents planted into host documents verbatim or
 * obfuscated, each plant recorded to the character as a plagiarism case with its source; and
 * documents that copy nothing — in Chinese also ones that share a few short common phrases with a
 * corpus document, the way honest text on the same subject does.
 */
import { Converter } from 'opencc-js';
import { realText, type Language } from './realText';

export type Obfuscation = 'verbatim' | 'noise' | 'reorder' | 'edit' | 'traditional';
export type Innocence = 'no copy' | 'common phrases';
export const OBFUSCATIONS: Record<Language, Obfuscation[]> = {
  en: ['verbatim', 'noise', 'reorder', 'edit'],
  zh: ['verbatim', 'noise', 'reorder', 'edit', 'traditional'],
};
export const INNOCENT: Record<Language, Innocence[]> = { en: ['no copy'], zh: ['no copy', 'common phrases'] };

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
const sentencesOf = (paragraph: string, language: Language) => (language === 'en' ? paragraph.match(/[^.!?]+[.!?]+(\s+|$)/g) ?? [] : paragraph.match(/[^。！？]+[。！？]+/g) ?? []).map((s) => s.trim());

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
  const swap: Record<string, string> = language === 'en' ? { ',': '，', '.': '．', ';': '；', ':': '：' } : { '，': ', ', '。': '. ', '；': ';', '：': ': ', '（': '(', '）': ')' };
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

function obfuscate(sentences: string[], how: Obfuscation, vocabulary: string[], language: Language, next: Random): string {
  const joiner = language === 'en' ? ' ' : '';
  if (how === 'reorder') {
    const order = sentences.map((_, i) => i);
    while (order.every((v, i) => v === i)) {
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
    }
    return order.map((i) => sentences[i]).join(joiner);
  }
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

/** The set for one language: `perKind` documents of every obfuscation and every kind of innocence. */
export function buildAccuracySet(language: Language, perKind = 40, seed = 20261123) {
  const next = random(seed + (language === 'zh' ? 1 : 2));
  const { corpus, hosts } = realText(language);
  const ids = corpus.map((_, i) => `${language}-${String(i).padStart(4, '0')}`);
  const corpusText = corpus.join('\n');
  const set: Suspicious[] = [];
  let host = 0;
  const nextHost = () => hosts[host++ % hosts.length];
  for (const how of OBFUSCATIONS[language]) {
    for (let made = 0; made < perKind; ) {
      const source = Math.floor(next() * corpus.length);
      const sentences = passageFrom(corpus[source], corpusText, language, next);
      if (!sentences || (how === 'reorder' && sentences.length < 2)) continue;
      const text = nextHost();
      const vocabulary = text.match(TOKEN[language]) ?? [];
      set.push({ language, kind: how, ...plant(text, obfuscate(sentences, how, vocabulary, language, next), ids[source], next) });
      made += 1;
    }
  }
  for (const kind of INNOCENT[language]) {
    for (let made = 0; made < perKind; ) {
      const text = kind === 'no copy' ? nextHost() : commonPhrases(nextHost(), pick(corpus, next), corpus, next);
      if (!text) continue;
      set.push({ language, kind, text, cases: [] });
      made += 1;
    }
  }
  return { corpus: new Map(corpus.map((text, i) => [ids[i], text])), set };
}

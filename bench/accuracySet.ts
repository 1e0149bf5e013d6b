/**
 * The accuracy set: passages of library papers inserted into other real texts, verbatim or
 * obfuscated (sentences reordered, punctuation and space noise, light word edits), in Chinese and
 * English, each insertion recorded as a plagiarism case with its place and source.
 */
import matter from 'gray-matter';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { stripMarkdown } from '../common/markdown';
import { SEED_FOLDER } from '../server/src/db/seed';

export type Obfuscation = 'verbatim' | 'reordered' | 'noisy' | 'edited';
export const OBFUSCATIONS: Obfuscation[] = ['verbatim', 'reordered', 'noisy', 'edited'];

export interface Case {
  start: number;
  end: number;
  sourceId: string;
}

export interface Suspicious {
  language: 'zh' | 'en';
  obfuscation: Obfuscation | 'none';
  text: string;
  /** the host, when it is itself a library paper (left out of the index for this text) */
  hostId?: string;
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

const readFolder = (folder: string) =>
  new Map(
    readdirSync(folder)
      .filter((n) => n.endsWith('.md'))
      .sort()
      .map((name) => [name, stripMarkdown(matter(readFileSync(join(folder, name), 'utf8')).content).trim()] as const),
  );

export const library = () => readFolder(join(SEED_FOLDER, 'documents'));
const articles = () => readFolder(join(SEED_FOLDER, 'articles'));

const isEnglish = (text: string) => /^[\x00-\x7f]/.test(text.slice(0, 40));
const sentencesOf = (paragraph: string, english: boolean) => (english ? paragraph.match(/[^.!?]+[.!?]+\s*/g) ?? [] : paragraph.match(/[^。！？]+[。！？]/g) ?? []);

/** 2–4 consecutive sentences of a body paragraph of a paper. */
function passageFrom(text: string, english: boolean, next: () => number) {
  const paragraphs = text.split('\n').filter((p) => sentencesOf(p, english).length >= 2 && !/^(摘要|abstract|关键词|keywords|\[\d)/i.test(p));
  const paragraph = paragraphs[Math.floor(next() * paragraphs.length)];
  const sentences = sentencesOf(paragraph, english).map((s) => s.trim());
  const count = Math.min(sentences.length, 2 + Math.floor(next() * 3));
  const from = Math.floor(next() * (sentences.length - count + 1));
  return sentences.slice(from, from + count);
}

const COMMON_ZH = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';

function obfuscate(sentences: string[], how: Obfuscation, english: boolean, next: () => number): string {
  const joiner = english ? ' ' : '';
  if (how === 'verbatim') return sentences.join(joiner);
  if (how === 'reordered') {
    const order = sentences.map((_, i) => i).reverse();
    return order.map((i) => sentences[i]).join(joiner);
  }
  const text = sentences.join(joiner);
  if (how === 'noisy' && english) {
    // doubled spaces, punctuation swapped to full width, some letters and digits in full width
    return [...text]
      .map((c) => {
        if (c === ' ' && next() < 0.3) return '  ';
        if (c === ',') return '，';
        if (c === '.') return '。';
        if (/[A-Za-z0-9]/.test(c) && next() < 0.1) return String.fromCharCode(c.charCodeAt(0) + 0xfee0);
        return c;
      })
      .join('');
  }
  if (how === 'noisy') {
    // punctuation swapped between full and half width, stray spaces, full-width letters and digits
    return [...text]
      .map((c) => {
        if (c === '，') return ', ';
        if (c === '。') return '. ';
        if (c === ',') return '，';
        if (/[A-Za-z0-9]/.test(c) && next() < 0.2) return String.fromCharCode(c.charCodeAt(0) + 0xfee0);
        if (next() < 0.06) return `${c} `;
        return c;
      })
      .join('');
  }
  // light edits: about one word in twelve (English) or one character in fifteen (Chinese) changed
  if (english) return text.split(' ').map((w) => (next() < 1 / 12 && /^[a-z]{4,}$/.test(w) ? ['several', 'various', 'notable', 'careful'][Math.floor(next() * 4)] : w)).join(' ');
  return [...text].map((c) => (/[\u4e00-\u9fff]/.test(c) && next() < 1 / 15 ? COMMON_ZH[Math.floor(next() * COMMON_ZH.length)] : c)).join('');
}

/** Inserts `passage` after a paragraph of `host`: the new text and the case. */
function insert(host: string, passage: string, sourceId: string, next: () => number): { text: string; cases: Case[] } {
  const paragraphs = host.split('\n');
  const at = 1 + Math.floor(next() * Math.max(1, paragraphs.length - 1));
  const before = paragraphs.slice(0, at).join('\n');
  const start = before.length + 1;
  return { text: `${before}\n${passage}\n${paragraphs.slice(at).join('\n')}`, cases: [{ start, end: start + passage.length, sourceId }] };
}

export function buildAccuracySet(seed = 20261121): Suspicious[] {
  const next = random(seed);
  const papers = library();
  const chinese = [...papers.keys()].filter((id) => !isEnglish(papers.get(id)!));
  const english = [...papers.keys()].filter((id) => isEnglish(papers.get(id)!));
  const set: Suspicious[] = [];
  // Chinese: the product's own articles (not in the library) as hosts
  for (const [, host] of articles()) {
    set.push({ language: 'zh', obfuscation: 'none', text: host, cases: [] });
    for (const how of OBFUSCATIONS) {
      const sourceId = chinese[Math.floor(next() * chinese.length)];
      const passage = obfuscate(passageFrom(papers.get(sourceId)!, false, next), how, false, next);
      set.push({ language: 'zh', obfuscation: how, ...insert(host, passage, sourceId, next) });
    }
  }
  // English: each English paper hosts a passage of another (and is left out of the index then)
  for (const hostId of english) {
    for (const how of OBFUSCATIONS) {
      const others = english.filter((id) => id !== hostId);
      const sourceId = others[Math.floor(next() * others.length)];
      const passage = obfuscate(passageFrom(papers.get(sourceId)!, true, next), how, true, next);
      set.push({ language: 'en', obfuscation: how, hostId, ...insert(papers.get(hostId)!, passage, sourceId, next) });
    }
  }
  return set;
}

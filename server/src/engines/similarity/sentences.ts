/**
 * Alignment that survives rewriting (降重): after the index has found a candidate source, each
 * sentence of the checked text is compared with the sentences of the source around the seeds by
 * the token pairs (bigrams: two words, two Chinese characters) they share, in any order, so that
 * swapped words, moved clauses and shuffled, split or merged sentences still align. Consecutive
 * aligned sentences make one passage when the source has evidence enough (an unbroken run of the
 * system's minimum, or aligned sentences sharing a few times the minimum: passagesOf): a sentence
 * or two of the same field alone are not a copy. A passage marks only shared text: it stops at a
 * stretch of words the source does not have (more than a changed word or two), unless a rewrite (a
 * group past the gate) told a clause or a sentence in other words, about as long as the source's
 * text there. In a rewrite, the source's words kept one by one count as shared too (withWords).
 */
import { EDGE_RUN, type Chain, type Paragraphs } from './align';
import type { TokenSeq } from './tokenSeq';
import { isHanToken } from './normalize';
import { isFunctionWord } from './contentGrams';

/** A sentence as a token range [from, to); its bigrams (token values joined) and where each starts, once asked for (bigramsOf). */
export interface Sentence {
  from: number;
  to: number;
  bigrams?: Map<string, number[]>;
  /** its content words (contentWord), once asked for (contentWords) */
  words?: Set<string>;
}

/** What ends a sentence between two tokens: sentence punctuation (a full stop in a name too: code is no prose), a semicolon, a line break. */
const SENTENCE_ENDS = new Set([...'。！？；;.!?\n'].map((c) => c.charCodeAt(0)));
function endsSentence(text: string, from: number, to: number) {
  for (let i = from; i < to; i += 1) if (SENTENCE_ENDS.has(text.charCodeAt(i))) return true;
  return false;
}

/** A share of bigrams, for a sentence of words and for one of Chinese characters. */
interface Shares {
  words: number;
  han: number;
}
/**
 * How much of the shorter sentence's bigrams the other must share to align with it: a pair of
 * words, or of Chinese characters (about one word, so a swapped word breaks more of them).
 */
const ALIGNED_SHARE: Shares = { words: 0.4, han: 0.3 };
/** …and a source sentence next to one aligned there, this much (a merged sentence's other half; in Chinese too: less let a same-topic page's stock sentence through). */
const NEIGHBOUR_SHARE: Shares = { words: 0.25, han: 0.25 };
/** …where the sentence and its neighbours align with at most this many source sentences in a row. */
const NEIGHBOUR_SPAN = 3;
/**
 * …the source sentences up to this many either side of the stretch, in words (a short sentence, or
 * a name's full stop, may stand between); in Chinese one, where two marked a same-topic page.
 */
const NEIGHBOUR_REACH = 2;
/** …and at least this many bigrams (a short sentence of common words is no evidence). */
const ALIGNED_BIGRAMS = 4;
/**
 * A sentence sharing fewer, WEAK_BIGRAMS, with the stretch its neighbours align with, and
 * WEAK_SHARE of its bigrams, aligns weakly: a short piece of a split sentence (Colour costs five
 * times as much.), a sentence reworded past the rest. It is no evidence for a gate, but part of
 * a rewrite that passes one, and told where it stands: a stretch's sentences around it are one.
 */
const WEAK_BIGRAMS = 3;
const WEAK_SHARE: Shares = { words: 0.4, han: 0.4 };
/** …or, in words, WORDS_SHARE of the content words (of the fewer's), WORDS_SHARED at least, in any order: a sentence reworded past its pairs. */
const WORDS_SHARE = 0.5;
const WORDS_SHARED = 3;
/**
 * A passage goes on over at most this many words the source does not have (a swapped word or
 * two, a connective); a Chinese character counts as half a word.
 */
const UNSHARED_GAP = 5;
/**
 * Pieces of one rewrite (a group past the gate) are one passage across at most this many words
 * the source does not have (a clause of swapped words, the sentence the rewriter changed most)…
 */
const REWRITE_GAP = 3 * UNSHARED_GAP;
/**
 * …where words of a sentence that aligns with nothing count half again: such a sentence of ten
 * words or fewer between two of a rewrite is crossed, the writer's own longer sentence is not.
 */
const UNALIGNED_WEIGHT = 1.5;
/** The longest stretch of the checked text that stands in for the source's text between two pieces (standsInFor). */
const REWRITE_REACH = 2 * REWRITE_GAP;
/** …and as many words as the source has there, give or take this many (SWAPPED). */
const SWAP_DIFFERENCE = 2;
/**
 * A rewrite's passage takes in at most this many words at the start or the end of an aligned
 * sentence it begins or ends in: the connective the rewriter put first, the word it swapped last;
 * where the source sentence has about as many there (SWAP_DIFFERENCE more at most).
 */
const SENTENCE_EDGE = UNSHARED_GAP;
/**
 * …but not over quotation marks or a colon: what stands outside a quotation is the writer's. An
 * apostrophe between letters (it's, Debian's) is part of a word, no quotation mark.
 */
const QUOTING = /[“”"‘「」『』:：]|(?<!\p{L})['’]|['’](?!\p{L})/u;
const weight = (value: string) => (isHanToken(value) ? 0.5 : 1);
/**
 * The words of tokens [from, to) (a Chinese character as half of one, a token past the end as one),
 * counted as far as `limit`; `scale` weighs a token by its place.
 */
function wordsIn(tokens: { value(i: number): string | undefined }, from: number, to: number, limit = Infinity, scale = (_at: number) => 1): number {
  let words = 0;
  for (let i = from; i < to && words <= limit; i += 1) words += weight(tokens.value(i) ?? '') * scale(i);
  return words;
}
/** A gate: shared tokens, as a multiple of the minimum, and their share of the group's tokens. */
interface Gate {
  evidence: number;
  density: number;
}
/**
 * The gate of a group without an unbroken run of the minimum. Honest text of the same field (the
 * same manual's other pages) shares up to about twice the minimum in a paragraph, rarely more (32
 * tokens at most of 40 same-topic English pages in the accuracy benchmark, from source sentences
 * here and there).
 */
const GATE: Gate = { evidence: 2.5, density: 0.6 };
/**
 * …or less evidence, densely shared: a paragraph copied with words swapped is dense where honest
 * text is not (0.71 at most of those 40 pages' paragraphs sharing twice the minimum)…
 */
const DENSE_GATE: Gate = { evidence: 2, density: 0.8 };
/**
 * …or less again where its sentences tell one stretch of the source in any order (oneStretch): a
 * copied passage is a stretch, while honest text of the same field aligns with sentences from here
 * and there, or with one sentence alone…
 */
const STRETCH_GATE: Gate = { evidence: 1.5, density: 0.6 };
/**
 * …and there, a sparser share will do where ORDERED of the shared tokens stand in runs of
 * ORDERED_RUN or more in the source's order: clauses copied whole with words swapped between
 * them. Honest text shares common word pairs here and there (at most 0.43 of its shared words in
 * such runs, of the same-topic pages' paragraphs telling one stretch).
 */
const SPARSE_STRETCH_GATE: Gate = { evidence: 1.5, density: 0.45 };
const ORDERED = 0.6;
const ORDERED_RUN = 4;
/**
 * …or, in words, density and ordered share that make up for each other: together at least
 * BALANCED (a stretch half shared, nearly half of that in order). The same-topic pages' stretches
 * reach 0.77 at most. In Chinese, a library's other version of the source passed this where the source
 * itself did not, and took the passage from it: there the two gates above stay.
 */
const BALANCED = 0.95;
/**
 * In words, a stretch passes both gates above with this evidence: more shared tokens than an
 * honest sentence of the same field shares (ONE_SENTENCE_GATE's 15); told by two sentences or
 * more, 15 (the same-topic pages' stretches of two sentences or more share 14 at most; one
 * sentence of them telling two of the source's, 15). In Chinese, an honest text's three common
 * phrases passed with less, and the gates' 1.5 stays.
 */
const WORDS_STRETCH_EVIDENCE = { sentence: 1.2, sentences: 1.15 };
/**
 * A sentence alone passes with a stretch's evidence, densely shared, when `ordered` of it stands
 * in runs in the source's order: a long sentence copied with words swapped. So do sentences telling
 * one source sentence alone: a long sentence split in two. An honest sentence of the same field
 * shares 15 tokens at most of the minimum's 1.5 × 13.
 */
const ONE_SENTENCE_GATE = { ...STRETCH_GATE, ordered: 0.8 };
/**
 * In words, a sentence alone passes with half of its shared words in runs, where it shares 19
 * (1.45 × 13): more than a stock sentence of the field told in one's own way (In this paper we
 * propose a method for … based on deep learning: 18). With another sentence of the group beside
 * it (a weakly aligned one too: a passage rewritten, no stock sentence alone), 17 (1.3 × 13): the
 * same-topic pages' sentences share 16 at most. Evidence in words counts each source word once,
 * however often the checked text says it (a page saying "the read end of the pipe" three times
 * shares one phrase of the source, not three).
 */
const WORDS_ONE_SENTENCE_GATE = { evidence: 1.45, density: 0.6, ordered: 0.5 };
const WORDS_NEIGHBOURED_GATE = { ...WORDS_ONE_SENTENCE_GATE, evidence: 1.3 };
/** The words of source sentences a stretch may leave out, where it leaves out more than one (oneStretch). */
const STRETCH_SKIP = 15;
/** How far around its seeds a source is read, in tokens. */
const REACH = 200;

/**
 * A word of letters that is no function word: alone, in a sentence telling the source's, it is one of
 * the source's words the rewriter kept (in Chinese text, its English words: terms, names).
 */
const contentWord = (value: string) => !isHanToken(value) && value.length >= 3 && /^\p{L}+$/u.test(value) && !isFunctionWord(value);

const bigram = (a: string, b: string) => `${a}\u0001${b}`;

interface Tokens {
  value(i: number): string | undefined;
  start(i: number): number;
  end(i: number): number;
}

/** The sentences of tokens [first, last) of `text` (last may be past the end: the walk stops there). */
export function sentencesOf(text: string, tokens: Tokens, first: number, last: number): Sentence[] {
  const sentences: Sentence[] = [];
  let current: Sentence | undefined;
  for (let i = first; i < last; i += 1) {
    if (tokens.value(i) === undefined) break;
    if (current && endsSentence(text, tokens.end(i - 1), tokens.start(i))) {
      sentences.push(current);
      current = undefined;
    }
    current ??= { from: i, to: i };
    current.to = i + 1;
  }
  if (current) sentences.push(current);
  return sentences;
}

/** The sentence's bigrams, made the first time they are asked for (most of a paper's sentences never are). */
function bigramsOf(sentence: Sentence, tokens: Tokens): Map<string, number[]> {
  if (sentence.bigrams) return sentence.bigrams;
  const bigrams = new Map<string, number[]>();
  for (let i = sentence.from; i + 1 < sentence.to; i += 1) {
    const b = bigram(tokens.value(i)!, tokens.value(i + 1)!);
    const places = bigrams.get(b);
    if (places) places.push(i);
    else bigrams.set(b, [i]);
  }
  sentence.bigrams = bigrams;
  return bigrams;
}

/** Source token ranges around the seeds, REACH either side, those that meet joined. */
function regions(seeds: Array<[number, number]>): Array<[number, number]> {
  const places = [...new Set(seeds.map(([, s]) => s))].sort((a, b) => a - b);
  const found: Array<[number, number]> = [];
  for (const s of places) {
    const last = found[found.length - 1];
    if (last && s - REACH <= last[1]) last[1] = s + REACH;
    else found.push([Math.max(0, s - REACH), s + REACH]);
  }
  return found;
}

/** The source's sentences where the seeds are, and which of them hold each bigram. */
function sourceSentences(source: TokenSeq, sourceText: string, seeds: Array<[number, number]>) {
  const sentences: Sentence[] = [];
  for (const [from, to] of regions(seeds)) {
    for (const s of sentencesOf(sourceText, source, from, to)) if (!sentences.length || s.from >= sentences[sentences.length - 1].to) sentences.push(s);
  }
  const holders = new Map<string, number[]>();
  sentences.forEach((s, i) => {
    for (const b of bigramsOf(s, source).keys()) {
      const list = holders.get(b);
      if (list) list.push(i);
      else holders.set(b, [i]);
    }
  });
  return { sentences, holders };
}

/** The checked text's sentences near a seed (a few sentences either side): only these are compared. */
function seededSentences(querySentences: Sentence[], seeds: Array<[number, number]>): Set<number> {
  const seeded = new Set<number>();
  const qs = [...new Set(seeds.map(([q]) => q))].sort((a, b) => a - b);
  let k = 0;
  querySentences.forEach((sentence, i) => {
    while (k < qs.length && qs[k] < sentence.from) k += 1;
    if (k < qs.length && qs[k] < sentence.to) for (let d = -3; d <= 3; d += 1) seeded.add(i + d);
  });
  return seeded;
}

/** A checked sentence's aligned source sentences, and which of its tokens they share. */
interface Aligned {
  sentence: Sentence;
  /** the source sentences it tells: two or more of its shared tokens are placed in each (where none holds two, all it aligned with) */
  sources: number[];
  /** per token, where it is in the source (−1: not shared) */
  shared: Int32Array;
  /** how many tokens are shared */
  count: number;
  /** the longest run of tokens shared in order (the unbroken evidence in the pair) */
  longest: number;
  /** how many shared tokens stand in runs of ORDERED_RUN or more in the source's order */
  ordered: number;
  /** aligned by WEAK_BIGRAMS only: part of a rewrite that passes, no evidence of one */
  weak?: boolean;
  /** …and by its content words alone (wordSources): no evidence of a stretch either */
  loose?: boolean;
}

/** One source and the checked text, as the alignment of their sentences reads them. */
interface Pair {
  query: TokenSeq;
  queryText: string;
  source: TokenSeq;
  sourceText: string;
  sentences: Sentence[];
  holders: Map<string, number[]>;
  sourceId: string;
  minTokens: number;
  paragraphs?: Paragraphs;
}

/** Whether half of a sentence's tokens at least are Chinese characters (2020年以来… is Chinese, though it opens with a number). */
function chinese(tokens: TokenSeq, { from, to }: Sentence): boolean {
  let han = 0;
  for (let t = from; t < to; t += 1) if (isHanToken(tokens.value(t)!)) han += 1;
  return 2 * han >= to - from;
}

/**
 * The source sentences (of `among`, if given) a checked sentence shares `shares` of its bigrams with
 * (of the shorter's; in words, of its own with two that follow each other, where it is longer than
 * either): its pairs are counted once, for every share asked; `held`, how many of them each source
 * sentence holds.
 */
function alignedSources(pair: Pair, q: Sentence): { sources: (shares: Shares, among?: Set<number>, least?: number) => number[]; held: Map<number, number> } {
  const qBigrams = bigramsOf(q, pair.query);
  if (qBigrams.size < WEAK_BIGRAMS) return { sources: () => [], held: new Map() };
  const han = chinese(pair.query, q);
  const counts = new Map<number, number>();
  // pairs held by a sentence and the next one too (of the, in the): a merged share counts them once
  const withNext = new Map<number, number>();
  for (const b of qBigrams.keys()) {
    const holders = pair.holders.get(b) ?? [];
    holders.forEach((s, k) => {
      counts.set(s, (counts.get(s) ?? 0) + 1);
      if (!han && holders[k + 1] === s + 1) withNext.set(s, (withNext.get(s) ?? 0) + 1);
    });
  }
  const sources = (shares: Shares, among?: Set<number>, least = ALIGNED_BIGRAMS) => {
    const share = han ? shares.han : shares.words;
    const candidates = [...counts].filter(([s, n]) => (!among || among.has(s)) && n >= least);
    const found = new Set(candidates.filter(([s, n]) => n >= share * Math.min(qBigrams.size, pair.sentences[s].bigrams!.size)).map(([s]) => s));
    // a sentence of words longer than either of two that follow each other in the source, sharing
    // the share of both: the two merged into one (in Chinese, a sentence of one's own sharing two
    // stock phrases of the field with two sentences passed)
    for (const [s, n] of han ? [] : candidates) {
      const next = counts.get(s + 1) ?? 0;
      if (next < least || (among && !among.has(s + 1)) || !oneText(pair, s, s + 1)) continue;
      const [one, other] = [pair.sentences[s].bigrams!.size, pair.sentences[s + 1].bigrams!.size];
      const both = n + next - (withNext.get(s) ?? 0);
      if (qBigrams.size > Math.max(one, other) && both >= share * Math.min(qBigrams.size, one + other)) found.add(s).add(s + 1);
    }
    return [...found].sort((a, b) => a - b);
  };
  return { sources, held: counts };
}

/** The sentence's content words (contentWord), made the first time they are asked for. */
function contentWords(tokens: TokenSeq, sentence: Sentence): Set<string> {
  if (sentence.words) return sentence.words;
  const words = new Set<string>();
  for (let t = sentence.from; t < sentence.to; t += 1) if (contentWord(tokens.value(t)!)) words.add(tokens.value(t)!);
  sentence.words = words;
  return words;
}

/** The source sentences of `among` sharing WORDS_SHARE of a checked sentence's content words (of the fewer's), WORDS_SHARED at least. */
function wordSources(pair: Pair, q: Sentence, among: Set<number>): number[] {
  const mine = contentWords(pair.query, q);
  if (mine.size < WORDS_SHARED) return [];
  return [...among]
    .filter((s) => {
      const theirs = contentWords(pair.source, pair.sentences[s]);
      let n = 0;
      for (const w of mine) if (theirs.has(w)) n += 1;
      return n >= WORDS_SHARED && n >= WORDS_SHARE * Math.min(mine.size, theirs.size);
    })
    .sort((a, b) => a - b);
}

/** Source sentences `first` to `last` (clipped to those read) follow one another in the source's text. */
function oneText({ sentences }: Pair, first: number, last: number): boolean {
  for (let s = Math.max(1, first); s <= Math.min(last, sentences.length - 1); s += 1) if (sentences[s].from !== sentences[s - 1].to) return false;
  return true;
}

/**
 * Each seeded checked sentence's aligned source sentences: those sharing ALIGNED_SHARE of its
 * bigrams, and then, where it and its neighbours align with one stretch of the source (at most
 * NEIGHBOUR_SPAN sentences), those by the stretch (NEIGHBOUR_REACH) sharing NEIGHBOUR_SHARE: a
 * merged sentence's other half, a sentence reworded more than the rest. A sentence aligning with nothing itself looks
 * at the two sentences before it and the two after it as well: shuffled, the sentence telling its
 * neighbour in the source may stand two away. Honest text of the same field aligns with sentences
 * from here and there, and gains nothing. A sentence of words aligning with none of those, not
 * even weakly (WEAK_SHARE), still aligns weakly (loose) with one sharing WORDS_SHARE of their content
 * words (of the fewer's): a sentence reworded past its pairs, the words it kept standing apart.
 */
function alignedAll(
  pair: Pair,
  querySentences: Sentence[],
  seeded: Set<number>,
): Array<{ sources: number[]; held: Map<number, number>; weak: boolean; loose?: boolean } | undefined> {
  const sharing = querySentences.map((q, i) => (seeded.has(i) ? alignedSources(pair, q) : undefined));
  const strict = sharing.map((sharer) => sharer?.sources(ALIGNED_SHARE) ?? []);
  // the source sentences around those a window of checked sentences aligns with, where they are one short stretch
  const around = (from: number, to: number, reach: number) => {
    const near = strict.slice(Math.max(0, from), to + 1).flat();
    const first = Math.min(...near);
    const last = Math.max(...near);
    if (!near.length || last - first >= NEIGHBOUR_SPAN || !oneText(pair, first - reach, last + reach)) return [];
    const among: number[] = [];
    for (let s = Math.max(0, first - reach); s <= last + reach && s < pair.sentences.length; s += 1) among.push(s);
    return among;
  };
  return strict.map((found, i) => {
    if (!seeded.has(i)) return undefined;
    const reach = chinese(pair.query, querySentences[i]) ? 1 : NEIGHBOUR_REACH;
    const windows = found.length ? [around(i - 1, i + 1, reach)] : [around(i - 1, i + 1, reach), around(i - 2, i, reach), around(i, i + 2, reach)];
    const among = new Set(windows.flat());
    const extra = among.size ? sharing[i]!.sources(NEIGHBOUR_SHARE, among) : [];
    const all = [...new Set([...found, ...extra])].sort((a, b) => a - b);
    if (all.length) return { sources: all, held: sharing[i]!.held, weak: false };
    const weak = among.size ? sharing[i]!.sources(WEAK_SHARE, among, WEAK_BIGRAMS) : [];
    if (weak.length) return { sources: weak, held: sharing[i]!.held, weak: true };
    const byWords = among.size && !chinese(pair.query, querySentences[i]) ? wordSources(pair, querySentences[i], among) : [];
    return byWords.length ? { sources: byWords, held: sharing[i]!.held, weak: true, loose: true } : undefined;
  });
}

/** How many tokens from checked token `t` (up to `end`) equal the source's from `place` on. */
function equalRun({ query, source }: Pair, t: number, end: number, place: number) {
  let run = 0;
  while (t + run < end && query.value(t + run) === source.value(place + run)) run += 1;
  return run;
}

/** A checked sentence's alignment with its aligned source sentences; `held`: how many of its pairs each holds (alignedSources). */
function align(pair: Pair, q: Sentence, sources: number[], held: Map<number, number>): Aligned {
  const { query, sentences } = pair;
  const shared = new Int32Array(q.to - q.from).fill(-1);
  // the source sentences holding most of its pairs first: a pair said in several places (the
  // terms an abstract names again) is placed in the sentence the checked one tells
  const ranked =
    sources.length > 1
      ? sources
          .map((s) => [s, held.get(s) ?? 0])
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .map(([s]) => s)
      : sources;
  let last = -1;
  for (let t = q.from; t + 1 < q.to; t += 1) {
    const b = bigram(query.value(t)!, query.value(t + 1)!);
    // of the places the source has it: one an unbroken run of the minimum starts from (a sentence
    // copied whole is found whole, not pieced from the topic's words said earlier in the source);
    // else, in the first of the ranked sentences holding it, the first after the last shared
    // token's, else the first
    let at = -1;
    let atRun = 0;
    let atRank = -1;
    ranked.forEach((s, rank) => {
      for (const place of sentences[s].bigrams!.get(b) ?? []) {
        const run = place === last ? 0 : equalRun(pair, t, q.to, place);
        const whole = run >= pair.minTokens;
        // the place going on from the last shared token's (a run unbroken, in whichever sentence), else in the first ranked
        const better = place === last || (at !== last && atRank === rank && place >= last && (at < last || place < at));
        if (at < 0 || (whole && run > atRun) || (!whole && atRun === 0 && better)) {
          at = place;
          atRun = whole ? run : 0;
          atRank = rank;
        }
      }
    });
    if (at < 0) continue;
    if (shared[t - q.from] < 0) shared[t - q.from] = at;
    shared[t + 1 - q.from] = at + 1;
    last = at + 1;
  }
  let count = 0;
  let longest = 0;
  let ordered = 0;
  for (let k = 0, run = 0; k < shared.length; k += 1) {
    run = shared[k] >= 0 && k > 0 && shared[k] === shared[k - 1] + 1 ? run + 1 : shared[k] >= 0 ? 1 : 0;
    if (shared[k] >= 0) count += 1;
    longest = Math.max(longest, run);
    // a run counts once it is ORDERED_RUN long, and each token after that
    if (run === ORDERED_RUN) ordered += ORDERED_RUN;
    else if (run > ORDERED_RUN) ordered += 1;
  }
  // the sentences it tells are those two or more of its shared words were placed in: a pair it
  // has with another sentence too (file descriptor, for the) placed elsewhere tells nothing of that
  // one, nor does the lone token a pair leaves there when its first token was placed already
  const placed = new Map<number, number>();
  for (const place of shared) {
    if (place < 0) continue;
    const s = sentenceAt(sentences, place);
    placed.set(s, (placed.get(s) ?? 0) + 1);
  }
  const told = [...placed].filter(([, n]) => n >= 2).map(([s]) => s);
  return { sentence: q, sources: told.length ? told.sort((a, b) => a - b) : sources, shared, count, longest, ordered };
}

/** Which of the source's sentences holds token `at`. */
function sentenceAt(sentences: Sentence[], at: number) {
  let low = 0;
  let high = sentences.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (sentences[middle].from <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Whether `words` different words of the checked text between two shared tokens (the first at
 * `from` in the source, the next at `to`) stand in for what the source has between them: about
 * as many words (a swapped word, a dropped one), or a place where the source's order changes (a
 * moved clause, another sentence). A rewrite may drop any of the source's function words there,
 * so as few as its other words will do. `said`: source places the rewrite told elsewhere, which
 * need no stand-in. Different text of another length between two shared stretches of one source
 * sentence is the writer's own.
 */
function replaces({ source, sentences }: Pair, words: number, from: number, to: number, said?: Set<number>) {
  // another sentence of the source, or back in it: sentences shuffled, split or merged, a clause moved
  if (to <= from || sentenceAt(sentences, from) !== sentenceAt(sentences, to)) return true;
  const counted = (skipped: (at: number) => boolean) => wordsIn(source, from + 1, to, words + SWAP_DIFFERENCE, (at) => (skipped(at) ? 0 : 1));
  const most = counted((at) => !!said?.has(at));
  const least = counted((at) => !!said?.has(at) || isFunctionWord(source.value(at)!));
  return least - SWAP_DIFFERENCE <= words && words <= most + SWAP_DIFFERENCE;
}

/**
 * A group's passages: its shared tokens in order, a piece ended by more than UNSHARED_GAP different
 * words. `rewrite`: the group passed a gate, and its pieces reach their shared content words (reaching).
 */
function piecesOf(pair: Pair, members: Aligned[], sharedTokens: number, rewrite = false): Chain[] {
  const { query, paragraphs, sourceId } = pair;
  const pieces: Chain[] = [];
  let open: Chain | undefined;
  // the words since the last shared token, and where that token is in the source
  let unshared = 0;
  let sourceAt = -1;
  // the run of tokens equal in order, up to the last shared token
  let run = 0;
  const places = new Map<Chain, Array<[number, number, number]>>();
  let lastTo = members[0].sentence.from;
  let lastShared = -1;
  for (const a of members) {
    // the checked text's own sentences between two aligned ones count as different words
    unshared += wordsIn(query, lastTo, a.sentence.from);
    lastTo = a.sentence.to;
    a.shared.forEach((at, k) => {
      const t = a.sentence.from + k;
      if (at < 0) {
        unshared += weight(query.value(t)!);
        return;
      }
      run = unshared === 0 && k > 0 && at === sourceAt + 1 ? run + 1 : 1;
      const continues =
        open && unshared <= UNSHARED_GAP && (k === 0 || replaces(pair, unshared, sourceAt, at)) && (!paragraphs || paragraphs[t] - paragraphs[lastShared] <= 1);
      lastShared = t;
      if (!continues || !open) {
        open = { sourceId, qStart: t, qEnd: t + 1, sStart: at, sEnd: at + 1, shared: sharedTokens, longest: 1, rewritten: true };
        pieces.push(open);
        places.set(open, []);
      }
      open.longest = Math.max(open.longest, run);
      places.get(open)!.push([t, at, run]);
      unshared = 0;
      sourceAt = at;
    });
  }
  return pieces.flatMap((piece) => {
    const found = places.get(piece)!;
    const kept = trimmed(piece, found);
    if (!kept) return [];
    return [rewrite ? reaching(kept, found, query, members) : kept];
  });
}

/** A piece begins and ends with EDGE_RUN tokens equal in order: a lone shared pair of words at its edge is no evidence. */
function trimmed(piece: Chain, found: Array<[number, number, number]>): Chain | undefined {
  const solid = found.filter(([, , n]) => n >= EDGE_RUN);
  if (!solid.length) return undefined;
  return spanning(piece, found, solid[0][0] - EDGE_RUN + 1, solid[solid.length - 1][0] + 1);
}

/** `piece` over checked tokens [qStart, qEnd), its source span that of the shared tokens `found` there. */
function spanning(piece: Chain, found: Array<[number, number, number]>, qStart: number, qEnd: number): Chain {
  const inside = found.filter(([t]) => t >= qStart && t < qEnd).map(([, at]) => at);
  return { ...piece, qStart, qEnd, sStart: Math.min(...inside), sEnd: Math.max(...inside) + 1 };
}

/**
 * A rewrite's piece, whose evidence a gate has weighed, reaching on past its runs to the shared
 * content words beyond, each at most UNSHARED_GAP different words (wordsBetween) from the next: the
 * words a rewriter kept one by one at a sentence's garbled edge. The gap only grows with distance,
 * so the first word too far ends the reach. It is done before the pieces are joined, since a reach
 * that narrows the gap between two pieces joins them (rewritePassages); toSentenceEdges later
 * takes a sentence's edge where the passage comes close to it.
 */
function reaching(piece: Chain, found: Array<[number, number, number]>, query: TokenSeq, members: Aligned[]): Chain {
  const words = found.filter(([t]) => contentWord(query.value(t)!)).map(([t]) => t);
  const near = (from: number, to: number) => wordsBetween(query, members, from, to, UNSHARED_GAP) <= UNSHARED_GAP;
  let { qStart, qEnd } = piece;
  for (const t of [...words].reverse().filter((w) => w < qStart)) {
    if (!near(t + 1, qStart)) break;
    qStart = t;
  }
  for (const t of words.filter((w) => w >= qEnd)) {
    if (!near(qEnd, t)) break;
    qEnd = t + 1;
  }
  return spanning(piece, found, qStart, qEnd);
}

/** The aligned sentence of `members` holding checked token `t`, if one does. */
const memberAt = (members: Aligned[], t: number) => members.find((m) => t >= m.sentence.from && t < m.sentence.to);
/** Where checked token `t` is in the source (−1: not shared), as the aligned sentence `a` holding it places it. */
const placeOf = (t: number, a: Aligned | undefined) => (a ? a.shared[t - a.sentence.from] : -1);
/** The source places the aligned sentences share, each once. */
const placesSaid = (members: Aligned[]) => new Set(members.flatMap((a) => [...a.shared].filter((at) => at >= 0)));

/**
 * The different words (a Chinese character as half of one) of the checked text from token `from` up
 * to `to`, counted as far as `limit`: in `members`, those not shared with the source, or shared
 * function words (a reworded sentence keeps some of the source's words between its pieces);
 * outside them, every word at UNALIGNED_WEIGHT.
 */
function wordsBetween(query: TokenSeq, members: Aligned[], from: number, to: number, limit: number): number {
  return wordsIn(query, from, to, limit, (t) => {
    const a = memberAt(members, t);
    // a function word shared (in the) tells nothing of the copy: the writer's own clause has them too
    return a ? (placeOf(t, a) >= 0 && !isFunctionWord(query.value(t)!) ? 0 : 1) : UNALIGNED_WEIGHT;
  });
}

/**
 * Whether the checked text between two pieces of a rewrite, in the source's order, stands where the
 * source has text of about its length (within a quarter, at most REWRITE_REACH words): a sentence
 * rewritten past recognition in its place. The writer's own sentence between two sentences that
 * follow each other in the source has no such counterpart, and parts them. The source's text there
 * lies between the pieces' spans, or between `edges`, the places of the one's last token and the
 * next's first (−1: not shared): a piece that also tells a sentence moved from before (the source's
 * first, put last) reaches back past the other.
 */
function standsInFor({ query, source }: Pair, before: Chain, after: Chain, edges: [number, number]): boolean {
  const words = wordsIn(query, before.qEnd, after.qStart, REWRITE_REACH);
  if (words > REWRITE_REACH) return false;
  const about = (from: number, to: number) => {
    if (to <= from) return false;
    const sourceWords = wordsIn(source, from, to, 2 * REWRITE_REACH);
    return Math.abs(sourceWords - words) <= Math.max(SWAP_DIFFERENCE, Math.max(sourceWords, words) / 4);
  };
  return about(before.sEnd, after.sStart) || (Math.min(...edges) >= 0 && about(edges[0] + 1, edges[1]));
}

/**
 * A rewrite's pieces as its passages: pieces at most REWRITE_GAP words apart inside its aligned
 * sentences are one where those words stand in for what the source has between them (replaces),
 * and pieces in the source's order with a stretch of the source's length between them (standsInFor).
 */
function rewritePassages(pair: Pair, pieces: Chain[], members: Aligned[]): Chain[] {
  const said = placesSaid(members);
  const joined: Chain[] = [];
  for (const p of pieces) {
    const last = joined[joined.length - 1];
    const words = last ? wordsBetween(pair.query, members, last.qEnd, p.qStart, REWRITE_GAP) : Infinity;
    // measured from the source's farthest place, or from its last token's, leaving out what the rewrite said already (a clause moved)
    const lastPlace = last ? placeOf(last.qEnd - 1, memberAt(members, last.qEnd - 1)) : -1;
    const within = !!last && words <= REWRITE_GAP && (replaces(pair, words, last.sEnd - 1, p.sStart) || replaces(pair, words, lastPlace, p.sStart, said));
    if (last && (within || standsInFor(pair, last, p, [lastPlace, placeOf(p.qStart, memberAt(members, p.qStart))]))) {
      last.qEnd = p.qEnd;
      last.sStart = Math.min(last.sStart, p.sStart);
      last.sEnd = Math.max(last.sEnd, p.sEnd);
      last.longest = Math.max(last.longest, p.longest);
    } else joined.push({ ...p });
  }
  return joined;
}

/**
 * A rewrite's passages reaching the start and the end of the aligned sentences they begin and end
 * in, where at most SENTENCE_EDGE words lie beyond them there, or a clause of which a third of the
 * tokens are shared with the source, and the passage holds the rest of that sentence: the
 * rewritten sentence is marked whole, not from its first three words in the source's order on.
 * The checked text's own sentences around it are not aligned, and stay unmarked. The source's
 * excerpt reaches its sentence's edge likewise, where the checked text's does.
 */
function toSentenceEdges({ query, queryText, source, sourceText, sentences }: Pair, passages: Chain[], members: Aligned[]): Chain[] {
  const near = (tokens: TokenSeq, from: number, to: number, limit = SENTENCE_EDGE) => from <= to && wordsIn(tokens, from, to, limit) <= limit;
  // the writer's words that introduce a quotation (正如已有研究所说：“…”) are theirs, however close;
  // a colon or quotation mark where the source sentence has one too (tools: apt) was copied with the rest
  const quotes = (s: Sentence | undefined) => !!s && QUOTING.test(sourceText.slice(source.start(s.from), source.end(s.to - 1)));
  const opens = (from: number, to: number, s: Sentence | undefined) =>
    from < to && QUOTING.test(queryText.slice(query.start(from), query.start(to))) && !quotes(s);
  const closes = (from: number, to: number, s: Sentence | undefined) =>
    from < to && QUOTING.test(queryText.slice(query.end(from - 1), query.end(to - 1))) && !quotes(s);
  // the source places of the shared tokens among tokens [from, to) of aligned sentence `a`, if they
  // are a third of them (two at least), no more than REWRITE_GAP words, and no other passage is there
  const placesBeyond = (a: Aligned, from: number, to: number) => {
    // another passage there was parted from this one on purpose (different words between them)
    if (from >= to || wordsIn(query, from, to, REWRITE_GAP) > REWRITE_GAP || passages.some((o) => o.qStart < to && o.qEnd > from)) return undefined;
    const places: number[] = [];
    for (let t = from; t < to; t += 1) if (placeOf(t, a) >= 0) places.push(placeOf(t, a));
    return places.length >= 2 && places.length >= (to - from) / 3 ? places : undefined;
  };
  return passages.map((p) => {
    const firstMember = memberAt(members, p.qStart);
    const lastMember = memberAt(members, p.qEnd - 1);
    const first = firstMember?.sentence;
    const last = lastMember?.sentence;
    // the source sentences the passage's first and last tokens are in: words the checked sentence
    // has beyond them stand in for words the source has there (swapped), or are the writer's own
    // (据统计，… before a sentence copied whole: the source's sentence starts where the copy does)
    const startAt = placeOf(p.qStart, firstMember);
    const endAt = placeOf(p.qEnd - 1, lastMember);
    const sourceFirst = startAt >= 0 ? sentences[sentenceAt(sentences, startAt)] : undefined;
    const sourceLast = endAt >= 0 ? sentences[sentenceAt(sentences, endAt)] : undefined;
    // a clause moved: the passage holds the source sentence's opening (or close) elsewhere than at its edge
    const places: number[] = [];
    for (let t = p.qStart; t < p.qEnd; t += 1) places.push(placeOf(t, memberAt(members, t)));
    const inPassage = (sentence: Sentence) => places.filter((place) => place >= sentence.from && place < sentence.to);
    const startNear =
      first !== undefined &&
      sourceFirst !== undefined &&
      sourceFirst.from < startAt &&
      near(query, first.from, p.qStart) &&
      near(source, sourceFirst.from, Math.min(startAt, ...inPassage(sourceFirst)), wordsIn(query, first.from, p.qStart) + SWAP_DIFFERENCE) &&
      !opens(first.from, p.qStart, sourceFirst);
    const endNear =
      last !== undefined &&
      sourceLast !== undefined &&
      sourceLast.to > endAt + 1 &&
      near(query, p.qEnd, last.to) &&
      near(source, Math.max(endAt, ...inPassage(sourceLast)) + 1, sourceLast.to, wordsIn(query, p.qEnd, last.to) + SWAP_DIFFERENCE) &&
      !closes(p.qEnd, last.to, sourceLast);
    // …or where a third of the tokens beyond, a clause at most, are shared with the source: the
    // garbled edge of a rewritten sentence (the writer's own words before a copy share less)
    const startShared =
      !startNear && first !== undefined && !opens(first.from, p.qStart, sourceFirst) ? placesBeyond(firstMember!, first.from, p.qStart) : undefined;
    const endShared = !endNear && last !== undefined && !closes(p.qEnd, last.to, sourceLast) ? placesBeyond(lastMember!, p.qEnd, last.to) : undefined;
    const widenStart = startNear || !!startShared;
    const widenEnd = endNear || !!endShared;
    const widened = { ...p };
    // a sentence is taken whole, or not at all: a stock phrase amid the writer's own sentence gains
    // nothing; a passage holding most of the sentence already takes the edge it nears
    const most = (s: Sentence) => 3 * (Math.min(p.qEnd, s.to) - Math.max(p.qStart, s.from)) >= 2 * (s.to - s.from);
    if (widenStart && (p.qEnd >= first!.to || (widenEnd && last === first) || most(first!))) {
      widened.qStart = first!.from;
      widened.sStart = Math.min(p.sStart, startShared ? Math.min(...startShared) : sourceFirst!.from);
    }
    if (widenEnd && (p.qStart <= last!.from || (widenStart && first === last) || most(last!))) {
      widened.qEnd = last!.to;
      widened.sEnd = Math.max(p.sEnd, endShared ? Math.max(...endShared) + 1 : sourceLast!.to);
    }
    return widened;
  });
}

/**
 * Whether a group's sentences align with two or more source sentences that follow one another
 * in the source, all but one at most (the sentence the rewriter changed most; its pieces where a
 * full stop in a name cut it, tar.gz) or all but STRETCH_SKIP words (one sentence that a full stop
 * in a quotation cut into pieces), and with no others: shuffled, split or merged, but one stretch.
 */
function oneStretch(pair: Pair, group: Aligned[]): boolean {
  const { source, sourceText, sentences } = pair;
  const told = new Set(group.flatMap((a) => a.sources));
  const first = Math.min(...told);
  const last = Math.max(...told);
  if (told.size < 2 || !oneText(pair, first, last)) return false;
  // a full stop with no space after it is inside a name (.tar.gz): the sentences either side are one
  const inName = (s: number) => !/[。！？；\n]|[.!?;]\s/.test(sourceText.slice(source.end(sentences[s - 1].to - 1), source.start(sentences[s].from)));
  let untoldWords = 0;
  let untoldSentences = 0;
  for (let s = first + 1; s < last; s += 1) {
    if (told.has(s)) continue;
    untoldWords += wordsIn(source, sentences[s].from, sentences[s].to, STRETCH_SKIP);
    if (told.has(s - 1) || !inName(s)) untoldSentences += 1;
  }
  return untoldSentences <= 1 || untoldWords <= STRETCH_SKIP;
}

/** Whether the checked sentence is a line of its own (a paragraph of one sentence) shorter than the minimum: a heading, a caption. */
function shortLine({ paragraphs, minTokens }: Pair, { from, to }: Sentence): boolean {
  if (!paragraphs || to - from >= minTokens) return false;
  return (from === 0 || paragraphs[from - 1] !== paragraphs[from]) && (to >= paragraphs.length || paragraphs[to] !== paragraphs[to - 1]);
}

/** Whether two aligned sentences tell source sentences next to each other (or the same). */
function nextInSource(pair: Pair, a: Aligned, b: Aligned): boolean {
  return a.sources.some((s) => b.sources.some((t) => Math.abs(s - t) <= 1 && oneText(pair, Math.min(s, t), Math.max(s, t))));
}

/**
 * A group without a short line of its own at either end that tells another place of the source
 * than its neighbour: 第1章 引言 after a copied abstract stands in every thesis, and in the source
 * after other lines; it is no part of the copy.
 */
function withoutStrayLines(pair: Pair, group: Aligned[]): Aligned[] {
  let first = 0;
  let last = group.length - 1;
  while (first < last && shortLine(pair, group[first].sentence) && !nextInSource(pair, group[first], group[first + 1])) first += 1;
  while (last > first && shortLine(pair, group[last].sentence) && !nextInSource(pair, group[last], group[last - 1])) last -= 1;
  return group.slice(first, last + 1);
}

/**
 * Whether an aligned sentence shares only scattered pairs with the source: fewer tokens than the
 * minimum, none of them in a run of ORDERED_RUN in the source's order. A title or an opening of
 * one's own on the same subject (汪曾祺小说的生活美学研究) shares that much with any page about
 * it; a sentence reworded from the source keeps runs between the words swapped. Apart from the
 * group's next sentence (the writer's own between them), runs of a word or two are no more: four
 * characters are one word (日常生活, 汪曾祺的), and a run of ORDERED_RUN words is twice as many.
 */
const scattered = ({ minTokens, query }: Pair, a: Aligned, next: Aligned) =>
  chinese(query, a.sentence) && a.count < minTokens && (a.ordered === 0 || (a.longest < 2 * ORDERED_RUN && !besides(a, next)));
/** Whether two aligned sentences stand side by side in the checked text, nothing of the writer's between them. */
const besides = (a: Aligned, b: Aligned) => a.sentence.to === b.sentence.from || b.sentence.to === a.sentence.from;

/** A group without stray lines, then without scattered sentences, at either end: they are no part of the copy beside them, however close. */
function withoutStrayEdges(pair: Pair, lines: Aligned[]): Aligned[] {
  const group = withoutStrayLines(pair, lines);
  let first = 0;
  let last = group.length - 1;
  while (first < last && scattered(pair, group[first], group[first + 1])) first += 1;
  while (last > first && scattered(pair, group[last], group[last - 1])) last -= 1;
  return group.slice(first, last + 1);
}

/**
 * An aligned sentence of a rewrite with its words placed one by one as well: a content word the
 * sentences it tells have, and no pair placed, is placed at the first such word of theirs not placed
 * yet. Between swapped words a rewrite keeps single words (hardly a pair); placed, they join its
 * pieces and take its sentences to their edges, where the evidence (placed pairs) let it pass.
 */
function withWords({ query, source, sentences }: Pair, a: Aligned): Aligned {
  const shared = a.shared.slice();
  const used = new Set(shared);
  const where = new Map<string, number[]>();
  for (const s of a.sources)
    for (let at = sentences[s].from; at < sentences[s].to; at += 1) {
      const value = source.value(at)!;
      if (used.has(at) || !contentWord(value)) continue;
      const places = where.get(value);
      if (places) places.push(at);
      else where.set(value, [at]);
    }
  shared.forEach((at, k) => {
    if (at >= 0) return;
    const place = where.get(query.value(a.sentence.from + k)!)?.shift();
    if (place !== undefined) shared[k] = place;
  });
  return { ...a, shared };
}

/** A group of consecutive aligned sentences passes the gate: it is a rewrite (it shares much, densely), or a piece holds an unbroken run of the minimum. */
function passagesOf(pair: Pair, all: Aligned[]): Chain[] {
  const group = all.filter((a) => !a.weak);
  if (!group.length) return [];
  const sharedTokens = group.reduce((n, a) => n + a.count, 0);
  const ordered = group.reduce((n, a) => n + a.ordered, 0);
  const longest = Math.max(...group.map((a) => a.longest));
  const length = group.reduce((n, a) => n + a.sentence.to - a.sentence.from, 0);
  const words = !chinese(pair.query, group[0].sentence);
  // the evidence: shared tokens; for the gates of little evidence, in words, each source word once (a phrase said again is no more of a copy)
  const distinct = words ? Math.min(sharedTokens, placesSaid(group).size) : sharedTokens;
  const passes = (gate: Gate, evidence = sharedTokens) => evidence >= gate.evidence * pair.minTokens && sharedTokens >= gate.density * length;
  const stretchGate = (gate: Gate) => (words ? { ...gate, evidence: WORDS_STRETCH_EVIDENCE[group.length > 1 ? 'sentences' : 'sentence'] } : gate);
  // a weakly aligned sentence adds no evidence, but may fill the gap between the sentences it stands between in the source
  // a sentence aligned by its words alone is no evidence of a stretch either
  const paired = all.filter((a) => !a.loose);
  const pairedStretch = oneStretch(pair, paired);
  const stretch = passes(stretchGate(SPARSE_STRETCH_GATE), distinct) && (oneStretch(pair, group) || pairedStretch);
  const balanced = words && sharedTokens / length + ordered / sharedTokens >= BALANCED;
  const oneSource = group.length === 1 || new Set(group.flatMap((a) => a.sources)).size === 1;
  const oneSentenceGate = !words ? ONE_SENTENCE_GATE : paired.length > 1 ? WORDS_NEIGHBOURED_GATE : WORDS_ONE_SENTENCE_GATE;
  const oneSentence = oneSource && passes(oneSentenceGate, distinct) && ordered >= oneSentenceGate.ordered * sharedTokens;
  const rewrite =
    passes(GATE) ||
    passes(DENSE_GATE) ||
    oneSentence ||
    (stretch && (passes(stretchGate(STRETCH_GATE), distinct) || ordered >= ORDERED * sharedTokens || balanced)) ||
    // an unbroken run of the minimum is a copy already: where the group's other sentences (weakly
    // aligned ones too) tell one stretch of the source with it, they were copied as well, told in other words
    (longest >= pair.minTokens && paired.length > 1 && pairedStretch);
  if (!rewrite && longest < pair.minTokens) return [];
  if (!rewrite) return piecesOf(pair, group, sharedTokens).filter((p) => p.longest >= pair.minTokens);
  // a rewrite's passages take in its weakly aligned sentences too
  const members = all.map((a) => withWords(pair, a));
  return toSentenceEdges(pair, rewritePassages(pair, piecesOf(pair, members, sharedTokens, true), members), members);
}

/**
 * Passages of one source found sentence by sentence. `querySentences`: the checked text's
 * sentences (sentencesOf, made once per check); `seeds`: the candidate's (query, source) places.
 */
export function alignSentences(
  query: TokenSeq,
  queryText: string,
  querySentences: Sentence[],
  source: TokenSeq,
  sourceText: string,
  seeds: Array<[number, number]>,
  sourceId: string,
  minTokens: number,
  paragraphs?: Paragraphs,
): Chain[] {
  const pair: Pair = { query, queryText, source, sourceText, ...sourceSentences(source, sourceText, seeds), sourceId, minTokens, paragraphs };
  const seeded = seededSentences(querySentences, seeds);
  const aligned = alignedAll(pair, querySentences, seeded).map((found, i) =>
    found ? { ...align(pair, querySentences[i], found.sources, found.held), weak: found.weak, loose: found.loose } : undefined,
  );
  // aligned sentences of one paragraph, or of the next when nothing lies between, are one group
  const passages: Chain[] = [];
  let group: Aligned[] = [];
  const paragraph = (a: Aligned) => (paragraphs ? paragraphs[a.sentence.from] : 0);
  aligned.forEach((a, i) => {
    if (!a) return;
    const last = group[group.length - 1];
    // the next paragraph goes on from a sentence aligned by its pairs: one aligned by its words alone
    // (loose) joins no two paragraphs, at the end of the one or the start of the other
    const previous = group.filter((g) => !g.loose).pop();
    const parts =
      last &&
      paragraph(a) !== paragraph(last) &&
      (a.loose || !previous || paragraph(a) - paragraph(previous) > 1 || previous.sentence !== querySentences[i - 1]);
    if (parts) {
      passages.push(...passagesOf(pair, withoutStrayEdges(pair, group)));
      group = [];
    }
    group.push(a);
  });
  if (group.length) passages.push(...passagesOf(pair, withoutStrayEdges(pair, group)));
  return passages;
}

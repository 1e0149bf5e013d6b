/**
 * One paper against the corpus: candidates by shared fingerprints, passages by alignment, and the
 * report's figures. Pure: the caller gives the index and a way to read a source's text.
 */
import { chainRuns, choosePassages, crossesEdits, EDGE_SKIP, extendEdges, growSeeds, joinReordered, withRewritten, type Chain } from './align';
import { alignSentences, sentencesOf } from './sentences';
import { K, placedSeeds, queryGrams, type Candidate } from './corpusIndex';
import { charsOf, charsOfValue, forEachToken, tokenize, type Token } from './normalize';
import { chapters, quotations, referencesSection, type Section } from './structure';
import { cutAtHeadings, headingTokens } from './headingCuts';
import { TokenSeq } from './tokenSeq';

export interface CheckOptions {
  /** the shortest passage reported, in tokens (Chinese characters / words) */
  minMatch: number;
  /** how many candidate sources are aligned at most */
  maxSources?: number;
  /** tokens between two runs, in the checked text and in the source, that still chain them into one passage */
  mergeGap?: number;
  /** awaited, so that nothing the caller records about progress lands after the result */
  onProgress?: (fraction: number) => void | Promise<void>;
}

export interface Passage {
  sourceId: string;
  /** [start, end) in the checked text */
  start: number;
  end: number;
  /** [start, end) in the source's text, and that text */
  sourceStart: number;
  sourceEnd: number;
  sourceText: string;
  chars: number;
}

export interface Figure {
  totalChars: number;
  matchedChars: number;
  /** matched / total, 0 … 1 */
  similarity: number;
}

export interface CheckReport extends Figure {
  /**
   * without quotations and the references section: the marked characters outside them over the
   * same total as the overall figure, so leaving quotations out never raises the figure
   */
  excludingQuotes: Figure;
  chapters: Array<Figure & { title: string; start: number; end: number }>;
  sources: Array<{ sourceId: string; matchedChars: number; share: number }>;
  passages: Passage[];
}

/** How many candidate sources are aligned unless the options say otherwise. */
const MAX_SOURCES = 50;

/** Up to this many tokens changed, inserted or missing between two runs still make one passage. */
const MERGE_GAP = 10;

export const figure = (totalChars: number, matchedChars: number): Figure => ({
  totalChars,
  matchedChars,
  similarity: totalChars ? matchedChars / totalChars : 0,
});

const inside = (sections: Section[], at: number) => sections.some((s) => at >= s.start && at < s.end);

type SourceTokens = Map<string, { text: string; tokens: TokenSeq }>;

/** Where candidates come from: one index, or the parts of a library in shards (mergeCandidates). */
export interface CandidateSource {
  /** `contentFrom`: where content-word grams start among the hashes (queryGrams) */
  candidates(queryHashes: Uint32Array, limit: number, contentFrom?: number): Candidate[];
}

/** The paragraph of each token, counting only lines with words (Paragraphs). */
function paragraphsOf(text: string, query: Token[]): Int32Array {
  const paragraphs = new Int32Array(query.length);
  let paragraph = 0;
  // one pass over the text: looking back from every token cost a paper without line breaks its length squared
  let lineBreak = text.indexOf('\n');
  query.forEach((token, i) => {
    if (lineBreak !== -1 && lineBreak < token.start) {
      if (i) paragraph += 1;
      lineBreak = text.indexOf('\n', token.start);
    }
    paragraphs[i] = paragraph;
  });
  return paragraphs;
}

/** The candidates aligned with the paper, one by one: the passages kept, and each source's tokens. */
async function alignCandidates(
  text: string,
  query: Token[],
  index: CandidateSource,
  sourceText: (sourceId: string) => Promise<string | undefined>,
  options: CheckOptions,
  progress: (fraction: number) => void | Promise<void>,
) {
  const grams = queryGrams(query);
  const candidates = index.candidates(grams.hashes, options.maxSources ?? MAX_SOURCES, grams.kgrams).map((candidate) => placedSeeds(candidate, grams));
  await progress(0.2);
  const gap = options.mergeGap ?? MERGE_GAP;
  const paper = TokenSeq.from(query);
  const paragraphs = paragraphsOf(text, query);
  const sentences = sentencesOf(text, paper, 0, query.length);
  const chains: Chain[] = [];
  const sourceTokens: SourceTokens = new Map();
  for (const [i, candidate] of candidates.entries()) {
    const source = await sourceText(candidate.sourceId);
    if (source !== undefined) {
      // only the blocks around the seeds are tokenised (and what the passages reach)
      const tokens = TokenSeq.of(source, candidate.marks);
      sourceTokens.set(candidate.sourceId, { text: source, tokens });
      const runs = growSeeds(paper, tokens, candidate.seeds, K, candidate.sourceId);
      const found = chainRuns(runs, gap, paragraphs, (qFrom, sFrom, qTo, sTo) => crossesEdits(paper, tokens, qFrom, sFrom, qTo, sTo)).map((chain) =>
        extendEdges(paper, tokens, chain, paragraphs),
      );
      // reordered pieces join where they meet in the checked text: different words between them part them
      const exact = joinReordered(found, options.minMatch, EDGE_SKIP, paragraphs);
      const rewritten = alignSentences(paper, text, sentences, tokens, source, candidate.seeds, candidate.sourceId, options.minMatch, paragraphs);
      chains.push(...withRewritten(exact, rewritten, paragraphs));
    }
    await progress(0.2 + (0.7 * (i + 1)) / candidates.length);
  }
  const kept = cutAtHeadings(
    choosePassages(chains, options.minMatch, query.length),
    headingTokens(text, query),
    paper,
    (sourceId) => sourceTokens.get(sourceId)!.tokens,
    options.minMatch,
  );
  return { kept, sourceTokens };
}

/** The figures: overall, without quotations and references, per chapter, per source; each counts the kept passages' characters. */
function figures(text: string, query: Token[], kept: Chain[]): Omit<CheckReport, 'passages'> {
  // which source covers each token, for every figure below
  const coveredBy: Array<string | undefined> = new Array(query.length);
  for (const p of kept) for (let i = p.qStart; i < p.qEnd; i += 1) coveredBy[i] ??= p.sourceId;

  const excluded = [...quotations(text), ...[referencesSection(text)].filter((s): s is Section => !!s)];
  let total = 0;
  let matched = 0;
  let matchedOutside = 0;
  const bySource = new Map<string, number>();
  const parts = chapters(text).map((c) => ({ ...c, totalChars: 0, matchedChars: 0 }));
  let part = 0;
  query.forEach((token, i) => {
    const chars = charsOf(token);
    const source = coveredBy[i];
    total += chars;
    if (source) {
      matched += chars;
      bySource.set(source, (bySource.get(source) ?? 0) + chars);
    }
    if (source && !inside(excluded, token.start)) matchedOutside += chars;
    while (part < parts.length - 1 && token.start >= parts[part].end) part += 1;
    if (parts[part]) {
      parts[part].totalChars += chars;
      if (source) parts[part].matchedChars += chars;
    }
  });
  return {
    ...figure(total, matched),
    excludingQuotes: figure(total, matchedOutside),
    chapters: parts.map((c) => ({ title: c.title, start: c.start, end: c.end, ...figure(c.totalChars, c.matchedChars) })),
    sources: [...bySource]
      .map(([sourceId, chars]) => ({ sourceId, matchedChars: chars, share: total ? chars / total : 0 }))
      .sort((a, b) => b.matchedChars - a.matchedChars),
  };
}

/** A kept chain as the report shows it: places in both texts, the source's words, its characters. */
function passageOf(query: Token[], sourceTokens: SourceTokens, p: Chain): Passage {
  const source = sourceTokens.get(p.sourceId)!;
  const sourceStart = source.tokens.start(p.sStart);
  const sourceEnd = source.tokens.end(p.sEnd - 1);
  let chars = 0;
  for (let i = p.qStart; i < p.qEnd; i += 1) chars += charsOf(query[i]);
  return {
    sourceId: p.sourceId,
    start: query[p.qStart].start,
    end: query[p.qEnd - 1].end,
    sourceStart,
    sourceEnd,
    sourceText: source.text.slice(sourceStart, sourceEnd),
    chars,
  };
}

export async function checkText(
  text: string,
  index: CandidateSource,
  sourceText: (sourceId: string) => Promise<string | undefined>,
  options: CheckOptions,
): Promise<CheckReport> {
  const progress = options.onProgress ?? (() => undefined);
  const query = tokenize(text);
  const { kept, sourceTokens } = await alignCandidates(text, query, index, sourceText, options, progress);
  const report = { ...figures(text, query, kept), passages: kept.map((p) => passageOf(query, sourceTokens, p)) };
  await progress(1);
  return report;
}

/** The characters a paper is charged and checked by: what the figures count (no spaces or punctuation), in one walk over its tokens, none kept. */
export function countChars(text: string): number {
  let chars = 0;
  forEachToken(text, (value) => (chars += charsOfValue(value)));
  return chars;
}

/**
 * From shared k-grams to passages: every seed is grown in both directions into the longest run of
 * equal tokens; runs that follow each other closely in both texts are chained into one passage
 * (light edits); passages of one source side by side in the checked text are joined (reordered
 * sentences); a passage counts only by the tokens it shares with its source in order, and where
 * passages from several sources cover the same words the one sharing most wins, so that one copied
 * passage is reported once.
 */
import type { TokenSeq } from './tokenSeq';

export interface Match {
  sourceId: string;
  /** token ranges [start, end) in the query and in the source */
  qStart: number;
  qEnd: number;
  sStart: number;
  sEnd: number;
}

/** Whether token q of the query equals token s of the source (both there). */
export const same = (query: TokenSeq, source: TokenSeq, q: number, s: number) => {
  const value = query.value(q);
  return value !== undefined && value === source.value(s);
};

/**
 * The paragraph (line with words) of each token of the checked text, counted over lines that have
 * words. Two marked tokens whose paragraphs differ by more than one have a whole paragraph or a
 * heading between them that the copy does not reach: the mark stops at the paragraph's end.
 */
export type Paragraphs = ArrayLike<number>;

/** Whether a passage may go on from query token `from` to query token `to` (either order) without passing a paragraph neither reaches. */
const bridges = (paragraphs: Paragraphs | undefined, from: number, to: number) => !paragraphs || Math.abs(paragraphs[to] - paragraphs[from]) <= 1;

/** Grows seeds into maximal runs of equal tokens, each run once. */
export function growSeeds(query: TokenSeq, source: TokenSeq, seeds: Array<[number, number]>, k: number, sourceId: string): Match[] {
  const runs: Match[] = [];
  // the furthest query position already covered on each diagonal (source − query offset)
  const reached = new Map<number, number>();
  for (const [q, s] of [...seeds].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const diagonal = s - q;
    if ((reached.get(diagonal) ?? -1) > q) continue;
    // a hash collision is not a match: check the k-gram itself
    let equal = true;
    for (let i = 0; i < k && equal; i += 1) equal = same(query, source, q + i, s + i);
    if (!equal) continue;
    let qStart = q;
    let sStart = s;
    while (same(query, source, qStart - 1, sStart - 1)) {
      qStart -= 1;
      sStart -= 1;
    }
    let qEnd = q + k;
    let sEnd = s + k;
    while (same(query, source, qEnd, sEnd)) {
      qEnd += 1;
      sEnd += 1;
    }
    reached.set(diagonal, qEnd);
    runs.push({ sourceId, qStart, qEnd, sStart, sEnd });
  }
  return runs;
}

/** Runs of one source chained into a passage, and how many tokens it shares with the source. */
export interface Chain extends Match {
  /** tokens equal in both texts, in the same order (the evidence for the passage) */
  shared: number;
  /** the longest unbroken run of equal tokens in it */
  longest: number;
  /** found sentence by sentence (sentences.ts), whose gate stands for the unbroken run */
  rewritten?: boolean;
}

/** How far apart in the source, relative to their joined length, reordered pieces may lie. */
const REORDER_REACH = 3;

/**
 * Every reported passage holds an unbroken run this long (or the whole minimum, if shorter): one
 * more than the run the index always finds, as two stock lines of a field (a program's include
 * lines, a usage line) share eight words and five across a word of their own.
 */
export const SOLID_RUN = 9;

/**
 * Chains runs of one source into passages that survive edits: a run joins a passage when it
 * follows it in both texts, at most `gap` tokens after its end in the checked text AND in the
 * source (an inserted, deleted or changed word shifts the diagonal a little, a far jump is another
 * passage). Only the runs count as shared: the odd equal character in the edited stretch between
 * two runs is no evidence.
 */
export function chainRuns(
  runs: Match[],
  gap: number,
  paragraphs?: Paragraphs,
  crossable?: (qFrom: number, sFrom: number, qTo: number, sTo: number) => boolean,
): Chain[] {
  const sorted = [...runs].sort((a, b) => a.qStart - b.qStart || a.sStart - b.sStart);
  const done: Chain[] = [];
  let open: Chain[] = [];
  for (const run of sorted) {
    open = open.filter((p) => (run.qStart - p.qEnd <= gap ? true : (done.push(p), false)));
    let best: Chain | undefined;
    let bestGain = 0;
    for (const p of open) {
      const qGap = run.qStart - p.qEnd;
      const sGap = run.sStart - p.sEnd;
      // follows in both texts (a token or two of overlap where equal words repeat), not far in either
      if (sGap > gap || qGap < -2 || sGap < -2 || run.qEnd <= p.qEnd || run.sEnd <= p.sEnd) continue;
      if (!bridges(paragraphs, p.qEnd - 1, run.qStart)) continue;
      if (crossable && !crossable(p.qEnd, p.sEnd, run.qStart, run.sStart)) continue;
      const qFrom = Math.max(run.qStart, p.qEnd);
      const sFrom = Math.max(run.sStart, p.sEnd);
      const gain = Math.min(run.qEnd - qFrom, run.sEnd - sFrom);
      if (gain > bestGain) {
        best = p;
        bestGain = gain;
      }
    }
    if (best) {
      best.shared += bestGain;
      best.longest = Math.max(best.longest, run.qEnd - run.qStart);
      best.qEnd = run.qEnd;
      best.sEnd = run.sEnd;
    } else {
      open.push({ ...run, shared: run.qEnd - run.qStart, longest: run.qEnd - run.qStart });
    }
  }
  return [...done, ...open];
}

/** How many tokens an edge may skip (an edit), and how many equal tokens in order beyond make it part of the passage (and stand at either end of one). */
export const EDGE_SKIP = 3;
export const EDGE_RUN = 3;

/** [tokens skipped in the query, in the source, equal tokens after them] from (q, s) on (step 1 forward, −1 back): the next EDGE_RUN equal tokens after an edit of at most EDGE_SKIP, or nothing. */
function nextRun(query: TokenSeq, source: TokenSeq, q: number, s: number, step: 1 | -1): [number, number, number] | undefined {
  const runFrom = (qa: number, sa: number) => {
    let n = 0;
    while (same(query, source, qa + n * step, sa + n * step)) n += 1;
    return n;
  };
  for (let i = 0; i <= EDGE_SKIP; i += 1) {
    for (let j = i ? 0 : 1; j <= EDGE_SKIP; j += 1) {
      const n = runFrom(q + i * step, s + j * step);
      if (n >= EDGE_RUN) return [i, j, n];
    }
  }
  return undefined;
}

/**
 * Whether the stretch from (qFrom, sFrom) to (qTo, sTo) is an edit of shared text: crossed in
 * steps of at most EDGE_SKIP different tokens, each followed by EDGE_RUN equal ones. Different
 * words longer than that lie between two shared stretches that are not one copy (two stock
 * phrases of a field with the writer's own words between them).
 */
export function crossesEdits(query: TokenSeq, source: TokenSeq, qFrom: number, sFrom: number, qTo: number, sTo: number): boolean {
  let q = qFrom;
  let s = sFrom;
  while (qTo - q > EDGE_SKIP || sTo - s > EDGE_SKIP) {
    const found = nextRun(query, source, q, s, 1);
    if (!found) return false;
    q += found[0] + found[2];
    s += found[1] + found[2];
  }
  return true;
}

/**
 * Moves a chain's ends over edits the seeds could not bridge: where, a token or three further on
 * in both texts, EDGE_RUN or more tokens are equal again, the passage goes on to the end of that
 * run. Its evidence (`shared`) stays what the seeded runs found.
 */
export function extendEdges(query: TokenSeq, source: TokenSeq, chain: Chain, paragraphs?: Paragraphs): Chain {
  const grown = { ...chain };
  for (
    let found = nextRun(query, source, grown.qEnd, grown.sEnd, 1);
    found && bridges(paragraphs, grown.qEnd - 1, grown.qEnd + found[0]);
    found = nextRun(query, source, grown.qEnd, grown.sEnd, 1)
  ) {
    grown.qEnd += found[0] + found[2];
    grown.sEnd += found[1] + found[2];
  }
  for (
    let found = nextRun(query, source, grown.qStart - 1, grown.sStart - 1, -1);
    found && bridges(paragraphs, grown.qStart, grown.qStart - 1 - found[0]);
    found = nextRun(query, source, grown.qStart - 1, grown.sStart - 1, -1)
  ) {
    grown.qStart -= found[0] + found[2];
    grown.sStart -= found[1] + found[2];
  }
  return withoutParagraphCrumbs(grown, paragraphs);
}

/**
 * A chain without fewer than EDGE_RUN of its tokens at either end in a paragraph of their own: a
 * run of equal tokens goes on over a paragraph's end where the two texts' next lines happen to
 * start alike (第 of the paper's 第三章 and of the source's 第4章), and that is no copy of the
 * next line. The tokens cut are the ends of an equal run, as many in the source.
 */
function withoutParagraphCrumbs(chain: Chain, paragraphs?: Paragraphs): Chain {
  if (!paragraphs) return chain;
  const trimmed = { ...chain };
  let tail = 0;
  while (trimmed.qEnd - 1 - tail >= trimmed.qStart && paragraphs[trimmed.qEnd - 1 - tail] === paragraphs[trimmed.qEnd - 1]) tail += 1;
  if (tail < EDGE_RUN && trimmed.qEnd - tail > trimmed.qStart) {
    trimmed.qEnd -= tail;
    trimmed.sEnd -= tail;
    trimmed.shared -= tail;
  }
  let head = 0;
  while (trimmed.qStart + head < trimmed.qEnd && paragraphs[trimmed.qStart + head] === paragraphs[trimmed.qStart]) head += 1;
  if (head < EDGE_RUN && trimmed.qStart + head < trimmed.qEnd) {
    trimmed.qStart += head;
    trimmed.sStart += head;
    trimmed.shared -= head;
  }
  return trimmed;
}

/**
 * Text that repeats itself in the source (of one source, most shared first) matches in several
 * places: a chain whose words in the checked text are mostly those of a chain kept already is the
 * same text matched again elsewhere, and is dropped before reordered pieces are joined.
 */
function withoutRepeats(chains: Chain[]): Chain[] {
  if (!chains.length) return [];
  const from = Math.min(...chains.map((c) => c.qStart));
  const covered = new Uint8Array(Math.max(...chains.map((c) => c.qEnd)) - from);
  const kept: Chain[] = [];
  for (const chain of [...chains].sort((a, b) => b.shared - a.shared)) {
    let fresh = 0;
    for (let i = chain.qStart; i < chain.qEnd; i += 1) if (!covered[i - from]) fresh += 1;
    if (fresh * 2 < chain.qEnd - chain.qStart) continue;
    covered.fill(1, chain.qStart - from, chain.qEnd - from);
    kept.push(chain);
  }
  return kept;
}

/**
 * Passages of one source next to each other in the checked text become one passage when their
 * places in the source do not overlap and are no further apart than REORDER_REACH times the text
 * joined so far (the sentences still to come may lie between): sentences of one paragraph put in
 * another order are one copy. One of the two must be evidence on its own (`minTokens` shared):
 * short pieces only ever join a passage that is reported anyway.
 */
export function joinReordered(passages: Chain[], minTokens: number, gap: number, paragraphs?: Paragraphs): Chain[] {
  const sorted = withoutRepeats(passages).sort((a, b) => a.qStart - b.qStart);
  const joined: Array<{ passage: Chain; pieces: Chain[] }> = [];
  for (const p of sorted) {
    const last = joined[joined.length - 1];
    const strong = last && (last.passage.shared >= minTokens || p.shared >= minTokens);
    // the end of one sentence may match the start of the next in the source as well: a little overlap, in either text
    const length = p.qEnd - p.qStart;
    const after =
      strong &&
      p.sourceId === last.passage.sourceId &&
      p.qStart - last.passage.qEnd <= gap &&
      2 * (last.passage.qEnd - p.qStart) < length &&
      bridges(paragraphs, last.passage.qEnd - 1, p.qStart);
    if (after) {
      const apart = Math.min(...last.pieces.map((o) => Math.max(p.sStart - o.sEnd, o.sStart - p.sEnd)));
      const overlapping = last.pieces.some((o) => 2 * (Math.min(p.sEnd, o.sEnd) - Math.max(p.sStart, o.sStart)) >= p.sEnd - p.sStart);
      if (!overlapping && apart <= REORDER_REACH * (p.qEnd - last.passage.qStart)) {
        const whole = last.passage;
        whole.shared += Math.min(p.shared, p.qEnd - Math.max(p.qStart, whole.qEnd));
        whole.qEnd = p.qEnd;
        whole.sStart = Math.min(whole.sStart, p.sStart);
        whole.sEnd = Math.max(whole.sEnd, p.sEnd);
        whole.longest = Math.max(whole.longest, p.longest);
        last.pieces.push(p);
        continue;
      }
    }
    // a short piece that joins nothing may still join the next passage, but never stands between two
    if (p.shared < minTokens && last && last.passage.shared >= minTokens) continue;
    if (last && last.passage.shared < minTokens) joined.pop();
    joined.push({ passage: { ...p }, pieces: [p] });
  }
  return joined.map((j) => j.passage);
}

/**
 * Passages of one source found sentence by sentence, each taking in the exact passages it meets
 * (their ends may reach further over edits); the exact passages it meets none of as they were.
 */
export function withRewritten(exact: Chain[], rewritten: Chain[], paragraphs?: Paragraphs): Chain[] {
  const merged = rewritten.map((p) => ({ ...p }));
  const rest: Chain[] = [];
  for (const chain of exact) {
    // overlapping, or an edit apart in one paragraph
    const meets = merged.filter(
      (p) =>
        chain.qStart <= p.qEnd + EDGE_SKIP &&
        p.qStart <= chain.qEnd + EDGE_SKIP &&
        bridges(paragraphs, Math.min(p.qEnd, chain.qEnd) - 1, Math.max(p.qStart, chain.qStart)),
    );
    for (const p of meets) {
      p.qStart = Math.min(p.qStart, chain.qStart);
      p.qEnd = Math.max(p.qEnd, chain.qEnd);
      p.sStart = Math.min(p.sStart, chain.sStart);
      p.sEnd = Math.max(p.sEnd, chain.sEnd);
      p.longest = Math.max(p.longest, chain.longest);
      p.shared = Math.max(p.shared, chain.shared);
    }
    if (!meets.length) rest.push(chain);
  }
  // pieces that now overlap are one
  const joined: Chain[] = [];
  for (const p of merged.sort((a, b) => a.qStart - b.qStart)) {
    const last = joined[joined.length - 1];
    if (last && p.qStart <= last.qEnd) {
      last.qEnd = Math.max(last.qEnd, p.qEnd);
      last.sStart = Math.min(last.sStart, p.sStart);
      last.sEnd = Math.max(last.sEnd, p.sEnd);
      last.longest = Math.max(last.longest, p.longest);
      last.shared = Math.max(last.shared, p.shared);
    } else joined.push(p);
  }
  return [...joined, ...rest];
}

/**
 * Keeps passages sharing at least `minTokens` tokens with their source, one unbroken run of
 * SOLID_RUN among them (a few short common words side by side are no copy), most shared first; a
 * passage mostly covered by one kept already is the same copied text found again (in another
 * source) and is dropped.
 */
export function choosePassages(passages: Chain[], minTokens: number, queryLength: number): Chain[] {
  const covered = new Uint8Array(queryLength);
  const kept: Chain[] = [];
  const solid = Math.min(minTokens, SOLID_RUN);
  for (const p of passages.filter((m) => m.shared >= minTokens && (m.rewritten || m.longest >= solid)).sort((a, b) => b.shared - a.shared)) {
    let fresh = 0;
    for (let i = p.qStart; i < p.qEnd; i += 1) if (!covered[i]) fresh += 1;
    if (fresh < minTokens) continue;
    for (let i = p.qStart; i < p.qEnd; i += 1) covered[i] = 1;
    kept.push(p);
  }
  return kept.sort((a, b) => a.qStart - b.qStart);
}

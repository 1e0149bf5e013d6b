/**
 * From shared k-grams to passages: every seed is grown in both directions into the longest run of
 * equal tokens, runs close to each other (a few edited words apart) are merged into one passage,
 * and where passages from several sources cover the same words the longest wins, so that one
 * copied passage is reported once.
 */
import type { Token } from './normalize';

export interface Match {
  sourceId: string;
  /** token ranges [start, end) in the query and in the source */
  qStart: number;
  qEnd: number;
  sStart: number;
  sEnd: number;
}

/** Grows seeds into maximal runs of equal tokens, each run once. */
export function growSeeds(query: Token[], source: Token[], seeds: Array<[number, number]>, k: number, sourceId: string): Match[] {
  const runs: Match[] = [];
  // the furthest query position already covered on each diagonal (source − query offset)
  const reached = new Map<number, number>();
  for (const [q, s] of [...seeds].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const diagonal = s - q;
    if ((reached.get(diagonal) ?? -1) > q) continue;
    // a hash collision is not a match: check the k-gram itself
    let equal = true;
    for (let i = 0; i < k && equal; i += 1) equal = query[q + i]?.value === source[s + i]?.value;
    if (!equal) continue;
    let qStart = q;
    let sStart = s;
    while (qStart > 0 && sStart > 0 && query[qStart - 1].value === source[sStart - 1].value) {
      qStart -= 1;
      sStart -= 1;
    }
    let qEnd = q + k;
    let sEnd = s + k;
    while (qEnd < query.length && sEnd < source.length && query[qEnd].value === source[sEnd].value) {
      qEnd += 1;
      sEnd += 1;
    }
    reached.set(diagonal, qEnd);
    runs.push({ sourceId, qStart, qEnd, sStart, sEnd });
  }
  return runs;
}

/**
 * Runs of one source close together in the checked text (at most `gap` tokens apart) whose places
 * in the source are near each other too (within `reach` tokens, in either order) become one
 * passage: light edits, a changed word, or sentences of one passage put in another order.
 */
export function mergeRuns(runs: Match[], gap: number, reach = 300): Match[] {
  const sorted = [...runs].sort((a, b) => a.qStart - b.qStart || a.sStart - b.sStart);
  const merged: Match[] = [];
  for (const run of sorted) {
    const last = merged[merged.length - 1];
    const sourceDistance = Math.max(run.sStart - last?.sEnd, last?.sStart - run.sEnd);
    if (last && run.qStart - last.qEnd <= gap && sourceDistance <= reach) {
      last.qEnd = Math.max(last.qEnd, run.qEnd);
      last.sEnd = Math.max(last.sEnd, run.sEnd);
      last.sStart = Math.min(last.sStart, run.sStart);
      continue;
    }
    merged.push({ ...run });
  }
  return merged;
}

/**
 * Keeps passages of at least `minTokens`, longest first; a passage mostly covered by one kept
 * already is the same copied text found again (in another source) and is dropped.
 */
export function choosePassages(passages: Match[], minTokens: number, queryLength: number): Match[] {
  const covered = new Uint8Array(queryLength);
  const kept: Match[] = [];
  for (const p of passages.filter((m) => m.qEnd - m.qStart >= minTokens).sort((a, b) => b.qEnd - b.qStart - (a.qEnd - a.qStart))) {
    let fresh = 0;
    for (let i = p.qStart; i < p.qEnd; i += 1) if (!covered[i]) fresh += 1;
    if (fresh < minTokens) continue;
    for (let i = p.qStart; i < p.qEnd; i += 1) covered[i] = 1;
    kept.push(p);
  }
  return kept.sort((a, b) => a.qStart - b.qStart);
}

/**
 * Marks stop at a chapter's heading. The report's chapters begin at their headings, and a student's
 * heading is her paper's frame, not copied text: a passage that runs on over a heading line (the
 * source has the same heading after the same paragraph) is cut there, the line left unmarked, and
 * what is left on either side stays a passage while it still holds the minimum.
 */
import { same, type Chain } from './align';
import type { Token } from './normalize';
import { chapterHeadings } from './structure';
import type { TokenSeq } from './tokenSeq';

/** The first token starting at or after `at` (the tokens in the order of the text). */
function tokenAt(query: Token[], at: number): number {
  let low = 0;
  let high = query.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (query[middle].start < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The token ranges [start, end) of the chapter headings' lines; those holding no token are left out. */
export function headingTokens(text: string, query: Token[]): Array<[number, number]> {
  return chapterHeadings(text)
    .map((h): [number, number] => [tokenAt(query, h.start), tokenAt(query, h.end)])
    .filter(([start, end]) => end > start);
}

/** Where in the source a piece of `chain` ending with query token `q` ends: after the last source token equal to it. */
function sourceEnd(chain: Chain, q: number, paper: TokenSeq, source: TokenSeq) {
  for (let s = chain.sEnd - 1; s >= chain.sStart; s -= 1) if (same(paper, source, q, s)) return s + 1;
  return chain.sEnd;
}

/** Where in the source a piece of `chain` starting with query token `q` starts: at the first source token equal to it. */
function sourceStart(chain: Chain, q: number, paper: TokenSeq, source: TokenSeq) {
  for (let s = chain.sStart; s < chain.sEnd; s += 1) if (same(paper, source, q, s)) return s;
  return chain.sStart;
}

/** The kept passages without the heading lines they ran over (`headings`: headingTokens). */
export function cutAtHeadings(
  kept: Chain[],
  headings: Array<[number, number]>,
  paper: TokenSeq,
  sourceOf: (sourceId: string) => TokenSeq,
  minTokens: number,
): Chain[] {
  return kept.flatMap((chain) => {
    let pieces = [chain];
    for (const [start, end] of headings) {
      if (end <= chain.qStart || start >= chain.qEnd) continue;
      const source = sourceOf(chain.sourceId);
      pieces = pieces.flatMap((piece) => {
        if (end <= piece.qStart || start >= piece.qEnd) return [piece];
        const parts: Chain[] = [];
        if (start - piece.qStart >= minTokens) parts.push({ ...piece, qEnd: start, sEnd: sourceEnd(piece, start - 1, paper, source) });
        if (piece.qEnd - end >= minTokens) parts.push({ ...piece, qStart: end, sStart: sourceStart(piece, end, paper, source) });
        return parts;
      });
    }
    return pieces;
  });
}

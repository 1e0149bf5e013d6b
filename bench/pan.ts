/**
 * The PAN plagiarism-detection measures (Potthast et al., 2010), character level, on the
 * suspicious side: precision, recall, granularity and plagdet = F1 / log2(1 + granularity).
 * A detection detects a case when they overlap and name the same source.
 */
import type { Case } from './accuracySet';

export type Detection = Case;

const overlap = (a: Case, b: Case) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const detects = (r: Detection, s: Case) => r.sourceId === s.sourceId && overlap(r, s) > 0;

/** Characters of `span` covered by any of `others`. */
function covered(span: Case, others: Case[]) {
  const marks = new Uint8Array(span.end - span.start);
  for (const o of others) for (let i = Math.max(span.start, o.start); i < Math.min(span.end, o.end); i += 1) marks[i - span.start] = 1;
  return marks.reduce((a, b) => a + b, 0);
}

export interface Scores {
  precision: number;
  recall: number;
  granularity: number;
  plagdet: number;
}

/** `texts`: per suspicious text, its cases and the detections reported for it. */
export function panScores(texts: Array<{ cases: Case[]; detections: Detection[] }>): Scores {
  let precisionSum = 0;
  let detectionCount = 0;
  let recallSum = 0;
  let caseCount = 0;
  let granularitySum = 0;
  let detectedCases = 0;
  for (const { cases, detections } of texts) {
    for (const r of detections) {
      precisionSum +=
        covered(
          r,
          cases.filter((s) => detects(r, s)),
        ) /
        (r.end - r.start);
      detectionCount += 1;
    }
    for (const s of cases) {
      const found = detections.filter((r) => detects(r, s));
      recallSum += covered(s, found) / (s.end - s.start);
      caseCount += 1;
      if (found.length) {
        granularitySum += found.length;
        detectedCases += 1;
      }
    }
  }
  const precision = detectionCount ? precisionSum / detectionCount : 1;
  const recall = caseCount ? recallSum / caseCount : 1;
  const granularity = detectedCases ? granularitySum / detectedCases : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, granularity, plagdet: f1 / Math.log2(1 + granularity) };
}

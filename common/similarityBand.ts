/**
 * The bands a similarity is read by, in the report on the page and in its PDF: under 10% low (the
 * usual pass mark), under 30% middle (needs work), above that high. Each colour is dark enough to
 * read as text on white.
 */
export const SIMILARITY_BANDS = [
  { below: 0.1, text: '低', color: '#389e0d' },
  { below: 0.3, text: '中', color: '#d48806' },
  { below: Infinity, text: '高', color: '#cf1322' },
] as const;

export type SimilarityBand = (typeof SIMILARITY_BANDS)[number];

export const bandOf = (similarity: number): SimilarityBand => SIMILARITY_BANDS.find((band) => similarity < band.below)!;

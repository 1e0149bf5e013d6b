/**
 * The reference corpus as an inverted index of winnowed fingerprints: hash → (document, position).
 * Documents come and go one at a time (a new library document is indexed as it is added). This is
 * the in-process implementation (postings in typed arrays, see postings.ts); a PostgreSQL table of
 * postings can stand behind the same shape.
 */
import { forEachContentGram, wordFlags } from './contentGrams';
import { forEachWinnowed, kgramHashesOfValues, tokenHashes } from './fingerprint';
import { comparableText, hashTokens, type Token } from './normalize';
import { PostingTable } from './postings';
import { MARK_EVERY, MarkTable } from './tokenSeq';

/**
 * What a snapshot's postings mean: bump it whenever tokens, hashes, winnowing or the content
 * grams (their stop list, pinned in package.json, or their gap) change, so that a snapshot
 * written by an older engine is rebuilt rather than read.
 */
export const INDEX_FORMAT = 4;

/** A snapshot's description of the index: plain data (JSON-safe); the arrays follow it. */
export interface IndexSnapshotHeader {
  format: number;
  k: number;
  w: number;
  /** document id by slot; removed slots keep their id (their postings are still in the arrays) */
  ids: string[];
  removed: number[];
  buckets: number;
  count: number;
  /** how many block marks (MarkTable) */
  marks: number;
}

/** k-gram length and winnowing window: any shared run of K + W − 1 = 8 tokens is found. */
export const K = 5;
export const W = 4;

/** The longest text (in characters) whose hash buffer is kept for the next (4 MB). */
const BUFFER_KEPT = 1 << 20;

/** A k-gram in more than this share of the documents (and at least this many) is common. */
const COMMON_SHARE = 0.01;
const COMMON_MIN_DOCS = 8;
/**
 * A content-word gram in more than this many documents is common, whatever the library's size:
 * three content words are weaker evidence than K tokens in a row, and in a library of many
 * versions each common one would cost a walk over a hundred postings.
 */
const CONTENT_COMMON = COMMON_MIN_DOCS;

export interface Candidate {
  sourceId: string;
  /** (query position, source position) of every shared k-gram */
  seeds: Array<[number, number]>;
  /** (block, character offset) pairs, flat: where the source's blocks around the seeds start (TokenSeq) */
  marks: number[];
}

export class CorpusIndex {
  private postings = new PostingTable();
  private marks = new MarkTable();
  private ids: string[] = [];
  private slots = new Map<string, number>();
  private removed = new Set<number>();
  private buffer = { values: new Uint32Array(0), words: new Uint8Array(0) };

  get size() {
    return this.slots.size;
  }

  /** How many postings the index holds (removed documents' included). */
  get postingCount() {
    return this.postings.size;
  }

  /** Room for `postings` postings in all, made at once (PostingTable.reserve). */
  reserve(postings: number) {
    this.postings.reserve(postings);
  }

  /** Makes what was added ready to be read (PostingTable.link): a catch-up does it as it goes, rather than leave it to the first check. */
  link() {
    this.postings.link();
  }

  /** Bytes the postings take in memory (the arrays as allocated). */
  get postingBytes() {
    return this.postings.bytes;
  }

  has(sourceId: string) {
    return this.slots.has(sourceId);
  }

  /** A document by its tokens: the same postings as addText, but no marks (a check reads its whole text). */
  add(sourceId: string, tokens: Token[]) {
    this.post(this.newSlot(sourceId), tokenHashes(tokens), wordFlags(tokens));
  }

  /**
   * add(id, tokenize(text)) without making the tokens: the same postings, sooner and lighter; and
   * where each block of tokens starts, when the text converts part by part (TokenSeq).
   */
  addText(sourceId: string, original: string) {
    const slot = this.newSlot(sourceId);
    const { text, local } = comparableText(original);
    const marks = this.marks;
    // no more tokens than characters
    const { values, words } = this.hashBuffer(text.length);
    const n = hashTokens(text, values, MARK_EVERY, local ? (start) => marks.add(start) : () => {}, words);
    this.post(slot, values.subarray(0, n), words.subarray(0, n));
  }

  /**
   * Room for a text's token hashes, kept from one document to the next (up to BUFFER_KEPT) rather
   * than made for each: a catch-up would otherwise allocate twice the library's size in all.
   */
  private hashBuffer(length: number) {
    if (length <= this.buffer.values.length) return this.buffer;
    const made = { values: new Uint32Array(length), words: new Uint8Array(length) };
    if (length <= BUFFER_KEPT) this.buffer = made;
    return made;
  }

  /** A slot for the document (its older version forgotten), its marks opened. */
  private newSlot(sourceId: string) {
    if (this.slots.has(sourceId)) this.remove(sourceId);
    const slot = this.ids.length;
    this.ids.push(sourceId);
    this.slots.set(sourceId, slot);
    this.marks.open(slot);
    return slot;
  }

  /** A document's postings from its token hashes (overwritten) and word flags: its winnowed k-grams and every content-word gram. */
  private post(slot: number, values: Uint32Array, words: Uint8Array) {
    const postings = this.postings;
    forEachContentGram(values, words, (hash, position) => postings.add(hash, slot, position));
    forEachWinnowed(kgramHashesOfValues(values, K, values), W, (hash, position) => postings.add(hash, slot, position));
  }

  /** Forgets a document; its postings are skipped from now on. */
  remove(sourceId: string) {
    const slot = this.slots.get(sourceId);
    if (slot === undefined) return;
    this.slots.delete(sourceId);
    this.removed.add(slot);
  }

  /**
   * The index as a snapshot: a header and its arrays (views, not copies: write them out before the
   * next add). fromSnapshot() reads them back without tokenising anything.
   */
  toSnapshot(): { header: IndexSnapshotHeader; arrays: Array<Int32Array | Uint32Array> } {
    const { heads, hashes, slots, positions, next } = this.postings.arrays();
    const [marks, firstMarks] = this.marks.arrays();
    return {
      header: {
        format: INDEX_FORMAT,
        k: K,
        w: W,
        ids: this.ids,
        removed: [...this.removed],
        buckets: heads.length / 2,
        count: hashes.length,
        marks: marks.length,
      },
      arrays: [heads, hashes, slots, positions, next, marks, firstMarks],
    };
  }

  /**
   * An index from a snapshot: `targets` are the arrays to read, in the order toSnapshot() gave them;
   * `finish()` once they are filled. Throws when the snapshot is of another format or its parts do
   * not hold together.
   */
  static fromSnapshot(header: IndexSnapshotHeader): { targets: Array<Int32Array | Uint32Array>; finish: () => CorpusIndex } {
    if (header.format !== INDEX_FORMAT || header.k !== K || header.w !== W) throw new Error('snapshot of another index format');
    if (!Array.isArray(header.ids) || !Array.isArray(header.removed)) throw new Error('bad snapshot header');
    const { table, targets } = PostingTable.allocate(header.buckets, header.count);
    const marks = MarkTable.allocate(header.marks, header.ids.length);
    const finish = () => {
      marks.check();
      const index = new CorpusIndex();
      index.postings = table;
      index.marks = marks.table;
      index.ids = header.ids.map(String);
      index.removed = new Set(header.removed.map(Number));
      index.ids.forEach((id, slot) => {
        if (!index.removed.has(slot)) index.slots.set(id, slot);
      });
      if (table.check() >= index.ids.length) throw new Error('posting of an unknown document');
      return index;
    };
    return { targets: [...targets, ...marks.targets], finish };
  }

  /** Documents sharing fingerprints with the query, most shared first; common fingerprints do not count. */
  candidates(queryHashes: Uint32Array, limit: number, contentFrom = queryHashes.length): Candidate[] {
    const cap = commonLimit(this.size);
    const { counts, bySlot } = this.collect(queryHashes, cap, contentFrom);
    // marks only for the candidates chosen: in a library of many versions, thousands of documents share a few k-grams
    const seeds = [...bySlot].map(([slot, seeds]) => ({ sourceId: this.ids[slot], seeds, marks: [] }));
    return mergeCandidates([{ size: this.size, cap, contentFrom, counts, seeds }], limit).map((candidate) => {
      // a removed document's slot finds nothing: a candidate's id is of its current slot
      const slot = this.slots.get(candidate.sourceId)!;
      return { ...candidate, marks: this.marksAround(slot, bySlot.get(slot)!) };
    });
  }

  /**
   * What this index holds of the query, for mergeCandidates: per query position, in how many of its
   * documents the k-gram occurs, and the seeds of every document. Seeds of a k-gram in more than
   * `cap` of its documents are left out: common here, it is common in any larger library, as long
   * as `cap` is at least the library's commonLimit.
   */
  hits(queryHashes: Uint32Array, cap: number, contentFrom = queryHashes.length): IndexHits {
    const { counts, bySlot } = this.collect(queryHashes, cap, contentFrom);
    return {
      size: this.size,
      cap,
      contentFrom,
      counts,
      seeds: [...bySlot].map(([slot, seeds]) => ({ sourceId: this.ids[slot], seeds, marks: this.marksAround(slot, seeds) })),
    };
  }

  /**
   * Per query position the documents its k-gram stands in, counted up to cap + 1 (a walk stops
   * there: one more document than the cap is as common as a thousand more, and in a library of
   * many versions such k-grams have thousands of postings); by slot the seeds, (query position,
   * source position) pairs, flat, of k-grams in no more than `cap` documents. Content grams (from
   * `contentFrom` on) are counted up to CONTENT_COMMON + 1 at most.
   */
  private collect(queryHashes: Uint32Array, libraryCap: number, contentFrom: number) {
    const { postings, removed } = this;
    const counts = new Array<number>(queryHashes.length).fill(0);
    const bySlot = new Map<number, number[]>();
    const hits: number[] = [];
    // the last query position each slot was counted at: documents per k-gram without a set
    const countedAt = new Int32Array(this.ids.length).fill(-1);
    const may = postings.mayHold(queryHashes);
    const contentCap = Math.min(libraryCap, CONTENT_COMMON);
    for (let q = 0; q < queryHashes.length; q += 1) {
      if (!may[q]) continue;
      const cap = q < contentFrom ? libraryCap : contentCap;
      let found = 0;
      let docs = 0;
      for (let entry = postings.first(queryHashes[q]); entry >= 0 && docs <= cap; entry = postings.following(entry)) {
        const slot = postings.slotAt(entry);
        if (removed.size && removed.has(slot)) continue;
        if (countedAt[slot] !== q) {
          countedAt[slot] = q;
          docs += 1;
        }
        hits[found] = slot;
        hits[found + 1] = postings.positionAt(entry);
        found += 2;
      }
      counts[q] = docs;
      if (docs > cap) continue;
      for (let i = 0; i < found; i += 2) {
        let seeds = bySlot.get(hits[i]);
        if (!seeds) bySlot.set(hits[i], (seeds = []));
        seeds.push(q, hits[i + 1]);
      }
    }
    return { counts, bySlot };
  }

  /** The marks of the blocks a document's seeds fall in, and of the block before each (a run grows back). */
  private marksAround(slot: number, seeds: number[]): number[] {
    const blocks = new Set<number>();
    for (let i = 1; i < seeds.length; i += 2) {
      const block = Math.floor(seeds[i] / MARK_EVERY);
      blocks.add(block);
      if (block > 0) blocks.add(block - 1);
    }
    const marks: number[] = [];
    for (const block of [...blocks].sort((a, b) => a - b)) {
      const offset = this.marks.at(slot, block);
      if (offset !== undefined) marks.push(block, offset);
    }
    return marks;
  }
}

/**
 * In how many documents a k-gram may occur and still seed a passage: one found in more is a
 * common phrase of the field (软件包管理系统, "for more information see"), evidence of nothing.
 */
export const commonLimit = (documents: number) => Math.max(COMMON_MIN_DOCS, Math.ceil(documents * COMMON_SHARE));

/**
 * What a paper is looked up by: its k-grams, and its content-word grams after them (from hash
 * `kgrams` on); `at[i]`, the paper's token where hash i starts (a k-gram's own place, a content
 * gram's first word), to turn a candidate's seeds into places in the paper (placedSeeds).
 */
export interface QueryGrams {
  hashes: Uint32Array;
  at: Int32Array;
  kgrams: number;
}

export function queryGrams(tokens: Token[]): QueryGrams {
  const values = tokenHashes(tokens);
  const hashes = [...kgramHashesOfValues(values, K)];
  const at = hashes.map((_, i) => i);
  const kgrams = hashes.length;
  forEachContentGram(values, wordFlags(tokens), (hash, position) => {
    hashes.push(hash);
    at.push(position);
  });
  return { hashes: Uint32Array.from(hashes), at: Int32Array.from(at), kgrams };
}

/**
 * How near, in tokens of the paper and of the source, a content gram's seed needs another seed:
 * three content words alone are what any page of the field may share; a rewritten passage keeps
 * several within a sentence or two.
 */
const CONTENT_NEAR = 40;

/**
 * A candidate's seeds at the paper's token places, without content grams' seeds that stand alone
 * where k-grams found the candidate (they tell where it is copied; a phrase of a few content words
 * elsewhere is chance, and each costs a comparison of the sentences around it). A content seed
 * stays beside a k-gram's seed, or beside two other content seeds (one phrase of four content
 * words gives two overlapping triples, which prove no more than it). A candidate found by content
 * grams alone keeps them all: they are all the evidence there is.
 */
export function placedSeeds(candidate: Candidate, grams: QueryGrams): Candidate {
  const seeds = candidate.seeds.map(([q, s]) => ({ q: grams.at[q], s, content: q >= grams.kgrams })).sort((a, b) => a.q - b.q);
  // another seed near in the source; not the same gram found again elsewhere
  const near = (i: number, j: number) => Math.abs(seeds[i].s - seeds[j].s) <= CONTENT_NEAR && !(seeds[j].content && seeds[j].q === seeds[i].q);
  const byContentOnly = seeds.every((seed) => seed.content);
  const kept = seeds.filter((seed, i) => {
    if (!seed.content || byContentOnly) return true;
    let support = 0;
    const supports = (j: number) => near(i, j) && (support += seeds[j].content ? 1 : 2) >= 2;
    for (let j = i - 1; j >= 0 && seed.q - seeds[j].q <= CONTENT_NEAR; j -= 1) if (supports(j)) return true;
    for (let j = i + 1; j < seeds.length && seeds[j].q - seed.q <= CONTENT_NEAR; j += 1) if (supports(j)) return true;
    return false;
  });
  return { ...candidate, seeds: kept.map(({ q, s }): [number, number] => [q, s]) };
}

/** One index's part of a query's candidates (CorpusIndex.hits); plain data, so it can travel as JSON. */
export interface IndexHits {
  /** the documents in the index */
  size: number;
  /** the `cap` it was made with */
  cap: number;
  /** where the query's content grams start (queryGrams' `kgrams`) */
  contentFrom: number;
  /** per query position: in how many of the index's documents its k-gram occurs, up to `cap` + 1 (CorpusIndex.collect) */
  counts: number[];
  /** per document: (query position, source position) pairs, flat, and its marks (Candidate) */
  seeds: Array<{ sourceId: string; seeds: number[]; marks: number[] }>;
}

/** How many chosen candidates may seed one place of the paper before another there is passed over (spread). */
const SOURCES_A_PLACE = 3;

/**
 * The first `limit` of the ranked candidates, passing over one whose seeds all lie where
 * SOURCES_A_PLACE chosen ones seed already: a library holding a manual in a hundred versions
 * would otherwise fill every place with versions of the first copied passage, and the paper's
 * other passages would be compared with nothing. The passed-over fill what places are left.
 */
function spread<T extends { hits: IndexHits['seeds'][number] }>(ranked: T[], limit: number, places: number, uncommon: (q: number) => boolean): T[] {
  if (ranked.length <= limit) return ranked;
  const seeding = new Uint8Array(places);
  const chosen: T[] = [];
  const passed: T[] = [];
  for (const candidate of ranked) {
    if (chosen.length === limit) break;
    const { seeds } = candidate.hits;
    let fresh = false;
    for (let i = 0; i < seeds.length && !fresh; i += 2) fresh = uncommon(seeds[i]) && seeding[seeds[i]] < SOURCES_A_PLACE;
    if (!fresh) {
      passed.push(candidate);
      continue;
    }
    for (let i = 0; i < seeds.length; i += 2) if (uncommon(seeds[i]) && seeding[seeds[i]] < 255) seeding[seeds[i]] += 1;
    chosen.push(candidate);
  }
  return [...chosen, ...passed.slice(0, limit - chosen.length)];
}

/**
 * The candidates of a library split into parts (shards), exactly as one index of the whole would
 * give them: a k-gram is common by its count over all parts, and ties are broken by the first
 * shared place, then by id, never by where a document happens to be stored. A part made with a
 * lower cap (the library grew meanwhile) lowers the limit, so no k-gram counts in one part and not
 * in another.
 */
export function mergeCandidates(parts: IndexHits[], limit: number): Candidate[] {
  // parts of one query made by different engines (a worker updated meanwhile) place its hashes differently
  if (parts.some((part) => part.contentFrom !== parts[0].contentFrom || part.counts.length !== parts[0].counts.length)) {
    throw new Error('the parts of a check were made from different hashes of the paper');
  }
  const common = Math.min(commonLimit(parts.reduce((sum, part) => sum + part.size, 0)), ...parts.map((part) => part.cap));
  const counts = parts.length === 1 ? parts[0].counts : (parts[0]?.counts.map((_, q) => parts.reduce((sum, part) => sum + part.counts[q], 0)) ?? []);
  const contentFrom = parts[0]?.contentFrom ?? Infinity;
  const contentCommon = Math.min(common, CONTENT_COMMON);
  const uncommon = (q: number) => counts[q] <= (q < contentFrom ? common : contentCommon);
  // ranked by how many seeds each keeps and its first, counted in place: the pairs are made for
  // the chosen only (a library of many versions has thousands of documents sharing a few k-grams)
  const found: Array<{ hits: IndexHits['seeds'][number]; kept: number; first: number }> = [];
  for (const part of parts) {
    for (const hits of part.seeds) {
      let kept = 0;
      let first = -1;
      for (let i = 0; i < hits.seeds.length; i += 2) {
        if (!uncommon(hits.seeds[i])) continue;
        if (!kept) first = hits.seeds[i];
        kept += 1;
      }
      if (kept) found.push({ hits, kept, first });
    }
  }
  const ranked = found.sort(
    (a, b) => b.kept - a.kept || a.first - b.first || (a.hits.sourceId < b.hits.sourceId ? -1 : a.hits.sourceId > b.hits.sourceId ? 1 : 0),
  );
  return spread(ranked, limit, counts.length, uncommon).map(({ hits: { sourceId, seeds, marks } }) => {
    const kept: Array<[number, number]> = [];
    for (let i = 0; i < seeds.length; i += 2) if (uncommon(seeds[i])) kept.push([seeds[i], seeds[i + 1]]);
    return { sourceId, seeds: kept, marks };
  });
}

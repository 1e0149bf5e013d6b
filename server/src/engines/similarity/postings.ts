/**
 * Postings of the corpus index — (hash → document slot, token position) — in typed arrays: a
 * chained hash table whose buckets and entries grow by doubling. A JavaScript Map of arrays would
 * stop at about 16.7 million keys and spend tens of bytes per posting; this holds a 100-million-
 * character corpus in a few hundred megabytes (16 bytes per posting plus the bucket heads).
 */
/** The table as a snapshot stores it: every array cut to what is in use (views, not copies). */
export interface PostingArrays {
  /** per bucket: its newest entry, and its sign (PostingTable.heads) */
  heads: Int32Array;
  hashes: Uint32Array;
  slots: Uint32Array;
  positions: Uint32Array;
  next: Int32Array;
}

const MIN_SIZE = 1 << 16;

/** The capacity the doubling would have reached for `count` entries. */
const capacityFor = (count: number) => {
  let size = MIN_SIZE;
  while (size < count) size *= 2;
  return size;
};

/**
 * The buckets for `count` entries: four to eight entries a bucket. A lookup follows a few links more
 * than with a bucket per entry; building and loading touch a table of heads an eighth the size
 * (a tenth faster to build at 100 million characters, 190 MB less memory and snapshot). Each
 * bucket's sign doubles its head's size: with half as many buckets the heads take what they took
 * without signs (twice as many cost a Chinese build a sixth of its speed), and a sign still turns
 * most absent k-grams away.
 */
const bucketsFor = (count: number) => capacityFor(Math.ceil(count / 8));

/**
 * The bit a hash sets in its bucket's sign: one of 32 by its scrambled top bits (the bucket is
 * chosen by its low ones).
 */
const signBit = (hash: number) => 1 << (Math.imul(hash, 0x9e3779b1) >>> 27);

/** Heads for `buckets` buckets, all empty: (first entry, sign) pairs. */
function emptyHeads(buckets: number) {
  const heads = new Int32Array(2 * buckets);
  for (let b = 0; b < heads.length; b += 2) heads[b] = -1;
  return heads;
}

export class PostingTable {
  /**
   * Per bucket its newest entry and its sign, side by side: a bit for every hash posted in it (of
   * 32, some shared). Most k-grams of a paper are in no document; the sign answers for them from
   * the same cache line as the head instead of a walk along the bucket's chain, a cache miss at
   * every link (that walk was most of finding a check's candidates). Kept beside the head, setting
   * it costs building nothing more than the head's write.
   */
  private heads = emptyHeads(MIN_SIZE);
  private hashes = new Uint32Array(MIN_SIZE);
  private slots = new Uint32Array(MIN_SIZE);
  private positions = new Uint32Array(MIN_SIZE);
  private next = new Int32Array(MIN_SIZE);
  private count = 0;
  /** entries [0, linked) are chained into their buckets */
  private linked = 0;

  get size() {
    return this.count;
  }

  /** How many buckets (two numbers each in `heads`). */
  get buckets() {
    return this.heads.length >> 1;
  }

  /** Bytes the arrays take (allocated, not only used). */
  get bytes() {
    return this.heads.byteLength + this.hashes.byteLength + this.slots.byteLength + this.positions.byteLength + this.next.byteLength;
  }

  /**
   * Room for `count` entries in all, made at once: a large catch-up that knows about how many are
   * coming spares the doublings on the way, each a copy of the entries and a re-chaining of all of
   * them (two thirds of building a 100-million-character index).
   */
  reserve(count: number) {
    if (count > this.hashes.length) this.growEntries(count);
    // never fewer buckets than the entries already added need: growBuckets chains them all
    const buckets = bucketsFor(Math.max(count, this.count));
    if (buckets > this.buckets) this.growBuckets(buckets);
  }

  /** Adds an entry; it is chained into its bucket by link(). */
  add(hash: number, slot: number, position: number) {
    if (this.count === this.hashes.length) this.growEntries(this.hashes.length * 2);
    const i = this.count;
    this.count += 1;
    this.hashes[i] = hash;
    this.slots[i] = slot;
    this.positions[i] = position;
  }

  /**
   * Chains the entries added since the last call; reading does it first anyway. Chaining is a random
   * read and write of a bucket head per entry, a cache miss in a large table: done apart from the
   * hashing, in one tight loop, the processor has many of them under way at once instead of
   * waiting for each in turn (that wait was half of building a Chinese index).
   */
  link() {
    if (bucketsFor(this.count) > this.buckets) this.growBuckets(bucketsFor(this.count));
    else this.chain(this.linked);
  }

  /** Calls `visit` with every (slot, position) posted under `hash`. */
  forEach(hash: number, visit: (slot: number, position: number) => void) {
    for (let i = this.first(hash); i >= 0; i = this.following(i)) visit(this.slots[i], this.positions[i]);
  }

  /**
   * The newest entry posted under `hash` (−1 if none); following(i) the one before it, slotAt and
   * positionAt what it holds. A walk that may stop early (a k-gram found common) and makes no
   * closure per k-gram, where a check looks up every k-gram of a paper.
   */
  first(hash: number): number {
    if (this.linked < this.count) this.link();
    const bucket = (hash & (this.buckets - 1)) << 1;
    if (!(this.heads[bucket + 1] & signBit(hash))) return -1;
    return this.seek(this.heads[bucket], hash);
  }

  /**
   * Per hash, whether its bucket's sign says it may be posted (0: surely not). All the signs read in
   * one short loop: their cache misses are under way together rather than one per walk (a paper's
   * k-grams are tens of thousands of places in a table of hundreds of megabytes).
   */
  mayHold(hashes: Uint32Array): Uint8Array {
    if (this.linked < this.count) this.link();
    const { heads } = this;
    const mask = this.buckets - 1;
    const may = new Uint8Array(hashes.length);
    for (let i = 0; i < hashes.length; i += 1) may[i] = heads[((hashes[i] & mask) << 1) + 1] & signBit(hashes[i]) ? 1 : 0;
    return may;
  }

  following(entry: number): number {
    return this.seek(this.next[entry], this.hashes[entry]);
  }

  slotAt(entry: number): number {
    return this.slots[entry];
  }

  positionAt(entry: number): number {
    return this.positions[entry];
  }

  /** The first entry of `hash` from `i` on along its bucket's chain. */
  private seek(i: number, hash: number): number {
    const { hashes, next } = this;
    while (i >= 0 && hashes[i] !== hash) i = next[i];
    return i;
  }

  /** The arrays in use, for a snapshot (views: valid until the next add). */
  arrays(): PostingArrays {
    if (this.linked < this.count) this.link();
    const n = this.count;
    return {
      heads: this.heads,
      hashes: this.hashes.subarray(0, n),
      slots: this.slots.subarray(0, n),
      positions: this.positions.subarray(0, n),
      next: this.next.subarray(0, n),
    };
  }

  /**
   * An empty table of a snapshot's size, and the arrays to read the snapshot into, in the order of
   * arrays() (allocated at the capacity growth would have given them). Call check() once they are
   * filled.
   */
  static allocate(buckets: number, count: number): { table: PostingTable; targets: Array<Int32Array | Uint32Array> } {
    if (
      !Number.isInteger(count) ||
      count < 0 ||
      !Number.isInteger(buckets) ||
      buckets < MIN_SIZE ||
      (buckets & (buckets - 1)) !== 0 ||
      buckets < bucketsFor(count)
    )
      throw new Error('bad table size');
    const table = new PostingTable();
    const capacity = capacityFor(count);
    table.heads = new Int32Array(2 * buckets);
    table.hashes = new Uint32Array(capacity);
    table.slots = new Uint32Array(capacity);
    table.positions = new Uint32Array(capacity);
    table.next = new Int32Array(capacity);
    table.count = count;
    table.linked = count;
    return { table, targets: Object.values(table.arrays()) };
  }

  /**
   * Throws unless the arrays hold together as a table: every head and link points into the
   * entries and every link to an older entry, so a lookup in a damaged snapshot ends and stays
   * inside the arrays (a checksum catches the rest). One pass in order: random reads over a large
   * table would cost more than reading it. Returns the largest slot posted.
   */
  check(): number {
    const { heads, slots, next } = this;
    for (let b = 0; b < heads.length; b += 2) if (heads[b] >= this.count || heads[b] < -1) throw new Error('bad bucket head');
    let maxSlot = -1;
    for (let i = 0; i < this.count; i += 1) {
      if (next[i] >= i || next[i] < -1) throw new Error('bad chain');
      if (slots[i] > maxSlot) maxSlot = slots[i];
    }
    return maxSlot;
  }

  /** All four arrays made before any is replaced: a failed allocation leaves the table as it was. */
  private growEntries(size: number) {
    const [hashes, slots, positions, next] = [new Uint32Array(size), new Uint32Array(size), new Uint32Array(size), new Int32Array(size)];
    hashes.set(this.hashes);
    slots.set(this.slots);
    positions.set(this.positions);
    next.set(this.next);
    this.hashes = hashes;
    this.slots = slots;
    this.positions = positions;
    this.next = next;
  }

  /** More buckets, every entry re-chained: chains stay a few entries long. */
  private growBuckets(size: number) {
    this.heads = emptyHeads(size);
    this.chain(0);
  }

  /** Chains entries [from, count) into their buckets, newest first in each. */
  private chain(from: number) {
    const { heads, hashes, next } = this;
    const mask = this.buckets - 1;
    for (let i = from; i < this.count; i += 1) {
      const bucket = (hashes[i] & mask) << 1;
      next[i] = heads[bucket];
      heads[bucket] = i;
      heads[bucket + 1] |= signBit(hashes[i]);
    }
    this.linked = this.count;
  }
}

/**
 * Postings of the corpus index — (hash → document slot, token position) — in typed arrays: a
 * chained hash table whose buckets and entries grow by doubling. A JavaScript Map of arrays would
 * stop at about 16.7 million keys and spend tens of bytes per posting; this holds a 100-million-
 * character corpus in a few hundred megabytes (16 bytes per posting plus the bucket heads).
 */
export class PostingTable {
  private heads = new Int32Array(1 << 16).fill(-1);
  private hashes = new Uint32Array(1 << 16);
  private slots = new Uint32Array(1 << 16);
  private positions = new Uint32Array(1 << 16);
  private next = new Int32Array(1 << 16);
  private count = 0;

  get size() {
    return this.count;
  }

  add(hash: number, slot: number, position: number) {
    if (this.count === this.hashes.length) this.growEntries();
    const i = this.count;
    this.count += 1;
    this.hashes[i] = hash;
    this.slots[i] = slot;
    this.positions[i] = position;
    const bucket = hash & (this.heads.length - 1);
    this.next[i] = this.heads[bucket];
    this.heads[bucket] = i;
    if (this.count > this.heads.length) this.growBuckets();
  }

  /** Calls `visit` with every (slot, position) posted under `hash`. */
  forEach(hash: number, visit: (slot: number, position: number) => void) {
    for (let i = this.heads[hash & (this.heads.length - 1)]; i >= 0; i = this.next[i]) {
      if (this.hashes[i] === hash) visit(this.slots[i], this.positions[i]);
    }
  }

  private growEntries() {
    const size = this.hashes.length * 2;
    const grow = <T extends Uint32Array | Int32Array>(old: T, make: (n: number) => T) => {
      const bigger = make(size);
      bigger.set(old);
      return bigger;
    };
    this.hashes = grow(this.hashes, (n) => new Uint32Array(n));
    this.slots = grow(this.slots, (n) => new Uint32Array(n));
    this.positions = grow(this.positions, (n) => new Uint32Array(n));
    this.next = grow(this.next, (n) => new Int32Array(n));
  }

  /** Twice the buckets, every entry re-chained (keeps chains about one entry long). */
  private growBuckets() {
    this.heads = new Int32Array(this.heads.length * 2).fill(-1);
    const mask = this.heads.length - 1;
    for (let i = 0; i < this.count; i += 1) {
      const bucket = this.hashes[i] & mask;
      this.next[i] = this.heads[bucket];
      this.heads[bucket] = i;
    }
  }
}

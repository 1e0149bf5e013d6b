/**
 * A text's tokens, tokenised where a check looks rather than all at once. A candidate source is
 * usually 50,000 characters of which a check compares a few hundred around its seeds; the index
 * remembers where every block of MARK_EVERY tokens starts (marks), so a block is tokenised from
 * its mark on, with the same tokens the whole walk gives there (walkTokens).
 */
import { comparable, comparableAround, walkTokens, type Token } from './normalize';

/** Tokens per block (a power of two): one mark per block. */
export const MARK_EVERY = 256;
/** Characters converted at a time where a text converts part by part (a block is about this long). */
const WINDOW = 1024;
const SHIFT = Math.log2(MARK_EVERY);
const MASK = MARK_EVERY - 1;

interface Block {
  values: string[];
  starts: number[];
  ends: number[];
}

export class TokenSeq {
  private blocks: Array<Block | undefined> = [];
  /** where block b's first token starts in the text, where known */
  private marks: Array<number | undefined> = [];
  /** how many tokens there are, once a walk has reached the end */
  private count = Infinity;

  /**
   * `text`: the original, converted part by part as blocks are read (`local`), or comparable()
   * already (the whole, when its conversion is not local).
   */
  private constructor(
    private text: string,
    private local: boolean,
  ) {}

  /**
   * The tokens of `original`; `marks`: (block, character offset) pairs, flat, as the index hands
   * them out. The index gives marks only for a text whose conversion is local; without any, the
   * text is converted as a whole (and read from its start).
   */
  static of(original: string, marks: ArrayLike<number> = []): TokenSeq {
    const seq = marks.length ? new TokenSeq(original, true) : new TokenSeq(comparable(original), false);
    for (let i = 0; i + 1 < marks.length; i += 2) seq.marks[marks[i]] = marks[i + 1];
    return seq;
  }

  /** Tokens made already (the checked paper's). */
  static from(tokens: Token[]): TokenSeq {
    const seq = new TokenSeq('', false);
    tokens.forEach((t, i) => seq.put(i, t.value, t.start, t.end));
    seq.count = tokens.length;
    return seq;
  }

  /** The token's value, or undefined beyond either end. */
  value(i: number): string | undefined {
    if (i < 0 || i >= this.count) return undefined;
    return (this.blocks[i >> SHIFT] ?? this.fill(i >> SHIFT))?.values[i & MASK];
  }

  /** Where token i (one that exists) starts and ends in the text. */
  start(i: number): number {
    return (this.blocks[i >> SHIFT] ?? this.fill(i >> SHIFT))!.starts[i & MASK];
  }

  end(i: number): number {
    return (this.blocks[i >> SHIFT] ?? this.fill(i >> SHIFT))!.ends[i & MASK];
  }

  private put(i: number, value: string, start: number, end: number) {
    let block = this.blocks[i >> SHIFT];
    if (!block) this.blocks[i >> SHIFT] = block = { values: [], starts: [], ends: [] };
    block.values.push(value);
    block.starts.push(start);
    block.ends.push(end);
  }

  /**
   * Tokenises block `b`, from the nearest known mark at or before it (the text's start if none),
   * and notes where the block after it starts.
   */
  private fill(b: number): Block | undefined {
    if (b * MARK_EVERY >= this.count) return undefined;
    let from = b;
    while (from > 0 && this.marks[from] === undefined) from -= 1;
    let n = from * MARK_EVERY;
    const last = (b + 1) * MARK_EVERY;
    for (let k = from; k <= b; k += 1) this.blocks[k] = undefined;
    const limit = last - n + 1;
    let made = 0;
    const visit = (offset: number) => (value: string, start: number, end: number) => {
      made += 1;
      if (n % MARK_EVERY === 0) this.marks[n >> SHIFT] = start + offset;
      if (n < last) this.put(n, value, start + offset, end + offset);
      n += 1;
    };
    const at = this.marks[from] ?? 0;
    if (!this.local) {
      walkTokens(this.text, at, limit, visit(0));
    } else {
      // window by window: no token reaches over a window's edge (a break)
      for (let next = at; made < limit && next < this.text.length;) {
        const window = comparableAround(this.text, next, next + WINDOW);
        walkTokens(window.text, next - window.start, limit - made, visit(window.start));
        next = window.end;
      }
    }
    if (made < limit) this.count = from * MARK_EVERY + made;
    return this.blocks[b];
  }
}

/**
 * Where each document's blocks start, by index slot: what TokenSeq needs to tokenise a source
 * where its seeds are. One number per MARK_EVERY tokens (under 2 % of the text's size).
 */
export class MarkTable {
  private offsets = new Uint32Array(1 << 12);
  private count = 0;
  /** by slot: its first mark's place in `offsets` (the next slot's is where its marks end) */
  private firsts: number[] = [];

  /** Starts a new slot's marks (slots come in order); `add` then its block starts in order. */
  open(slot: number) {
    if (slot !== this.firsts.length) throw new Error('marks out of order');
    this.firsts.push(this.count);
  }

  add(offset: number) {
    if (this.count === this.offsets.length) {
      const bigger = new Uint32Array(this.offsets.length * 2);
      bigger.set(this.offsets);
      this.offsets = bigger;
    }
    this.offsets[this.count] = offset;
    this.count += 1;
  }

  /** Where block `block` of the document in `slot` starts, if it has that many blocks. */
  at(slot: number, block: number): number | undefined {
    const first = this.firsts[slot];
    const end = slot + 1 < this.firsts.length ? this.firsts[slot + 1] : this.count;
    return first + block < end ? this.offsets[first + block] : undefined;
  }

  /** The table as a snapshot stores it (offsets cut to use; firsts as an array). */
  arrays(): [Uint32Array, Uint32Array] {
    return [this.offsets.subarray(0, this.count), Uint32Array.from(this.firsts)];
  }

  /** A table of a snapshot's sizes and the arrays to read into; check() once they are filled. */
  static allocate(count: number, slots: number): { table: MarkTable; targets: [Uint32Array, Uint32Array]; check: () => void } {
    if (!Number.isInteger(count) || count < 0 || !Number.isInteger(slots) || slots < 0) throw new Error('bad mark table size');
    const table = new MarkTable();
    table.offsets = new Uint32Array(Math.max(count, 16));
    table.count = count;
    const offsets = table.offsets.subarray(0, count);
    const firsts = new Uint32Array(slots);
    const check = () => {
      for (let s = 0; s < slots; s += 1) if (firsts[s] > count || (s > 0 && firsts[s] < firsts[s - 1])) throw new Error('bad marks');
      table.firsts = Array.from(firsts);
    };
    return { table, targets: [offsets, firsts], check };
  }
}

// Token counts of pieces already seen, keyed by the piece's characters where they stand in the text:
// a hit needs no substring and no string hashing by the engine, and the table lives outside the
// JavaScript heap (typed arrays), so counting megabytes of code leaves almost nothing to collect.
// Two generations approximate LRU: a hit in the old one is copied to the young one, and when the
// young one is full the old one is dropped.

/** FNV-1a over UTF-16 code units `t[start, end)`. */
export function pieceHash(t: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
  return h;
}

class Generation {
  private readonly slots: Int32Array;
  private readonly hashes: Int32Array;
  private readonly mask: number;
  private readonly chars: Uint16Array;
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;
  private readonly counts: Int32Array;
  private size = 0;
  private used = 0;

  constructor(
    private readonly capacity: number,
    charsPerEntry: number,
    maxLength: number,
  ) {
    let slots = 16;
    while (slots < capacity * 2) slots <<= 1;
    this.slots = new Int32Array(slots);
    this.hashes = new Int32Array(slots);
    this.mask = slots - 1;
    this.chars = new Uint16Array(Math.max(capacity * charsPerEntry, maxLength));
    this.starts = new Int32Array(capacity);
    this.lengths = new Int32Array(capacity);
    this.counts = new Int32Array(capacity);
  }

  get(t: string, start: number, end: number, h: number): number {
    const len = end - start;
    const { slots, hashes, mask, chars } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = slots[slot]!;
      if (e === 0) return -1;
      if (hashes[slot] !== h) continue;
      const k = e - 1;
      if (this.lengths[k] !== len) continue;
      const at = this.starts[k]!;
      let j = 0;
      while (j < len && chars[at + j] === t.charCodeAt(start + j)) j++;
      if (j === len) return this.counts[k]!;
    }
  }

  /** Whether a piece of `len` characters still fits. */
  fits(len: number): boolean {
    return this.size < this.capacity && this.used + len <= this.chars.length;
  }

  add(t: string, start: number, end: number, h: number, count: number): void {
    const k = this.size++;
    const at = this.used;
    for (let i = start; i < end; i++) this.chars[this.used++] = t.charCodeAt(i);
    this.starts[k] = at;
    this.lengths[k] = end - start;
    this.counts[k] = count;
    let slot = h & this.mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
    this.slots[slot] = k + 1;
    this.hashes[slot] = h;
  }

  clear(): void {
    this.slots.fill(0);
    this.size = 0;
    this.used = 0;
  }
}

export class PieceMemo {
  private young: Generation;
  private old: Generation;

  /** `entries` per generation; pieces are at most `maxLength` characters. */
  constructor(entries: number, maxLength: number) {
    // Room for pieces of average length up to 16 (code averages ~5); past that a generation turns over early.
    const perEntry = Math.min(maxLength, 16);
    this.young = new Generation(entries, perEntry, maxLength);
    this.old = new Generation(entries, perEntry, maxLength);
  }

  /** The count of `t[start, end)` (hash `h`), or -1 when not remembered. */
  get(t: string, start: number, end: number, h: number): number {
    const n = this.young.get(t, start, end, h);
    if (n >= 0) return n;
    const m = this.old.get(t, start, end, h);
    if (m >= 0) this.set(t, start, end, h, m);
    return m;
  }

  set(t: string, start: number, end: number, h: number, count: number): void {
    if (!this.young.fits(end - start)) {
      const dropped = this.old;
      this.old = this.young;
      this.young = dropped;
      this.young.clear();
    }
    this.young.add(t, start, end, h, count);
  }
}

// Byte-pair merging of one pre-tokenized piece, counting the resulting tokens. Same rule as
// js-tiktoken's `bytePairMerge`: repeatedly merge the adjacent pair whose concatenation has the
// lowest rank, the leftmost one on ties, until no adjacent pair is a token. Two implementations
// of that one rule: a flat array for short pieces (fast, quadratic) and a heap for long ones
// (n log n; js-tiktoken's own loop is cubic there and never finishes on a megabyte-long piece).

/** Rank lookup over a byte range of a latin1 string (one char per byte); -1 when not a token. */
export interface Ranks {
  rank(s: string, start: number, end: number): number;
}

const NONE = Number.POSITIVE_INFINITY;
const or = (r: number): number => (r < 0 ? NONE : r);

/** Pieces up to this many bytes use the array form. */
export const SHORT_PIECE = 128;

export function bpeCount(bytes: string, ranks: Ranks): number {
  if (bytes.length <= 1) return bytes.length;
  return bytes.length <= SHORT_PIECE ? bpeShort(bytes, ranks) : bpeLong(bytes, ranks);
}

// Scratch space of the array form, reused (grown for the tests' longer pieces): counting is
// synchronous and never re-entered.
let STARTS = new Int32Array(SHORT_PIECE + 2);
let PAIRS = new Int32Array(SHORT_PIECE + 1);
const NO_PAIR = 0x7fffffff;
const pair = (r: number): number => (r < 0 ? NO_PAIR : r);

/** starts[i] is where part i begins (starts[parts] = length); pairs[i] merges parts i and i+1. */
export function bpeShort(bytes: string, ranks: Ranks): number {
  const n = bytes.length;
  if (n + 2 > STARTS.length) {
    STARTS = new Int32Array(n + 2);
    PAIRS = new Int32Array(n + 1);
  }
  const starts = STARTS;
  const rank = PAIRS;
  for (let i = 0; i <= n; i++) starts[i] = i;
  for (let i = 0; i < n - 1; i++) rank[i] = pair(ranks.rank(bytes, i, i + 2));
  rank[n - 1] = NO_PAIR;
  let parts = n;
  while (parts > 1) {
    let min = NO_PAIR;
    let at = -1;
    for (let i = 0; i < parts - 1; i++) {
      const r = rank[i]!;
      if (r < min) {
        min = r;
        at = i;
      }
    }
    if (at < 0) break;
    // Part at+1 joins part at: drop its start and its pair.
    starts.copyWithin(at + 1, at + 2, parts + 1);
    rank.copyWithin(at + 1, at + 2, parts);
    parts--;
    rank[at] = at + 1 < parts ? pair(ranks.rank(bytes, starts[at]!, starts[at + 2]!)) : NO_PAIR;
    if (at > 0) rank[at - 1] = pair(ranks.rank(bytes, starts[at - 1]!, starts[at + 1]!));
  }
  return parts;
}

// Heap keys pack (rank, start) into one double: rank * 2^32 + start orders by rank, then by
// position, which is exactly "lowest rank, leftmost on ties". Ranks < 2^20, starts < 2^32.
const SHIFT = 2 ** 32;

/** Linked parts keyed by their start byte; stale heap entries are skipped on pop. */
export function bpeLong(bytes: string, ranks: Ranks): number {
  const n = bytes.length;
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  // Current pair rank of the part starting here; -1 once the part has been merged away.
  const cur = new Float64Array(n);
  const heap = new MinHeap(n);
  const pairRank = (a: number): number => {
    const b = next[a] as number;
    if (b >= n) return NONE;
    return or(ranks.rank(bytes, a, next[b] as number));
  };
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < n; i++) {
    const r = pairRank(i);
    cur[i] = r;
    if (r !== NONE) heap.push(r * SHIFT + i);
  }
  let parts = n;
  while (heap.size > 0) {
    const key = heap.pop();
    const r = Math.floor(key / SHIFT);
    const a = key - r * SHIFT;
    if (cur[a] !== r) continue;
    const b = next[a] as number;
    const c = next[b] as number;
    next[a] = c;
    if (c < n) prev[c] = a;
    cur[b] = -1;
    parts--;
    const ra = pairRank(a);
    cur[a] = ra;
    if (ra !== NONE) heap.push(ra * SHIFT + a);
    const p = prev[a] as number;
    if (p >= 0) {
      const rp = pairRank(p);
      cur[p] = rp;
      if (rp !== NONE) heap.push(rp * SHIFT + p);
    }
  }
  return parts;
}

class MinHeap {
  private items: Float64Array;
  size = 0;
  constructor(capacity: number) {
    this.items = new Float64Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.size === this.items.length) {
      const grown = new Float64Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const items = this.items;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as number;
      if (p <= value) break;
      items[i] = p;
      i = parent;
    }
    items[i] = value;
  }
  pop(): number {
    const items = this.items;
    const top = items[0] as number;
    const last = items[--this.size] as number;
    const size = this.size;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && (items[right] as number) < (items[child] as number)) child = right;
      if ((items[child] as number) >= last) break;
      items[i] = items[child] as number;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

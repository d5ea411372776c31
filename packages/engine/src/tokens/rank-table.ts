// An encoding's ranks as one compact binary table: the token byte strings back to back, their
// offsets and ranks, and an open-addressing hash index over them, all in one buffer. It replaces a
// Map of 200k strings (~40 MB and ~0.15 s to build from js-tiktoken's base64 on every start, in
// every thread) with ~4 MB that is read from disk in a few milliseconds. Lookups take a byte range
// of a latin1 string (one char per byte), so byte-pair merging never slices a string to ask for a
// rank.
//
// Layout (little-endian, every array aligned to 4 bytes):
//   header  u32 × 8: magic, version, tokens n, log2(slots), token bytes, meta bytes, flags, 0
//   meta    UTF-8 JSON (RankTableMeta), padded to 4
//   ranks   i32 × n          rank of the i-th token (tokens are stored in rank order); absent with
//                            flag 1, where each token's rank is its index (o200k, cl100k)
//   offsets u32 × (n + 1)    token i is bytes[offsets[i] .. offsets[i + 1])
//   slots   i32 × slots      token index + 1 at the FNV-1a hash of its bytes (linear probing); 0 = empty
//   bytes   u8 × token bytes

const MAGIC = 0x4b52504c; // "LPRK"
const VERSION = 2;
/** Flag: rank = token index, no ranks array. */
const RANK_IS_INDEX = 1;
const HEADER = 32;

/** What a table encodes: the encoding, the js-tiktoken release whose rank file it came from, and that file's other fields. */
export interface RankTableMeta {
  encoding: string;
  /** e.g. `js-tiktoken@1.0.21`. */
  source: string;
  /** The pre-tokenizer pattern (`pat_str`). */
  pattern: string;
  specialTokens: Record<string, number>;
}

export class RankTable {
  readonly size: number;
  readonly meta: RankTableMeta;
  private readonly ranks: Int32Array | undefined;
  private readonly offsets: Uint32Array;
  private readonly slots: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly mask: number;

  /** Reads a serialized table (see the layout above); throws when it is not one. */
  constructor(data: Uint8Array) {
    if (data.byteOffset % 4 !== 0) data = new Uint8Array(data); // typed views need alignment
    const u32 = (at: number) => new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true);
    if (data.byteLength < HEADER || u32(0) !== MAGIC || u32(4) !== VERSION)
      throw new Error('not a rank table of this version');
    const n = u32(8);
    const slots = 2 ** u32(12);
    const byteCount = u32(16);
    const metaBytes = u32(20);
    const flags = u32(24);
    let at = HEADER;
    this.meta = JSON.parse(Buffer.from(data.buffer, data.byteOffset + at, metaBytes).toString('utf8'));
    at += pad4(metaBytes);
    const view = <T>(
      make: new (b: ArrayBufferLike, o: number, l: number) => T,
      count: number,
      width: number,
    ) => {
      const out = new make(data.buffer, data.byteOffset + at, count);
      at += count * width;
      return out;
    };
    this.ranks = flags & RANK_IS_INDEX ? undefined : view(Int32Array, n, 4);
    this.offsets = view(Uint32Array, n + 1, 4);
    this.slots = view(Int32Array, slots, 4);
    this.bytes = view(Uint8Array, byteCount, 1);
    if (at !== data.byteLength || this.offsets[n] !== byteCount) throw new Error('rank table is truncated');
    this.size = n;
    this.mask = slots - 1;
  }

  /** Rank of the bytes `s[start, end)` (chars are bytes), or -1 when they are not a token. */
  rank(s: string, start: number, end: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    const len = end - start;
    const { slots, offsets, bytes, mask } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const t = slots[slot]!;
      if (t === 0) return -1;
      const k = t - 1;
      const o = offsets[k]!;
      if (offsets[k + 1]! - o !== len) continue;
      let j = 0;
      while (j < len && bytes[o + j] === s.charCodeAt(start + j)) j++;
      if (j === len) return this.ranks ? this.ranks[k]! : k;
    }
  }

  /** Every token (as a latin1 byte string) with its rank. */
  *entries(): Generator<[string, number]> {
    const text = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
      'latin1',
    );
    for (let k = 0; k < this.size; k++)
      yield [text.slice(this.offsets[k]!, this.offsets[k + 1]!), this.ranks ? this.ranks[k]! : k];
  }
}

function pad4(n: number): number {
  return (n + 3) & ~3;
}

function fnv(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h;
}

/**
 * Serializes js-tiktoken's compact rank text (lines of `<ignored> <offset> <base64 token>...`, the
 * n-th token of a line having rank offset + n) into a table. Throws on a repeated token.
 */
export function buildRankTable(bpeRanks: string, meta: RankTableMeta): Uint8Array {
  const tokens: Buffer[] = [];
  const rankOf: number[] = [];
  let byteCount = 0;
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const fields = line.split(' ');
    const offset = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i++) {
      const token = Buffer.from(fields[i] ?? '', 'base64');
      tokens.push(token);
      rankOf.push(offset + i - 2);
      byteCount += token.length;
    }
  }
  const n = tokens.length;
  // At most half full: a miss (most lookups during merging) ends at an empty slot quickly.
  let log2 = 4;
  while (2 ** log2 < n * 2) log2++;
  const slots = 2 ** log2;
  const byIndex = rankOf.every((r, k) => r === k);
  const metaBytes = Buffer.from(JSON.stringify(meta), 'utf8');
  const size = HEADER + pad4(metaBytes.length) + (byIndex ? 0 : 4 * n) + 4 * (n + 1) + 4 * slots + byteCount;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  const header = [MAGIC, VERSION, n, log2, byteCount, metaBytes.length, byIndex ? RANK_IS_INDEX : 0, 0];
  for (const [i, v] of header.entries()) dv.setUint32(i * 4, v, true);
  let at = HEADER;
  out.set(metaBytes, at);
  at += pad4(metaBytes.length);
  const ranks = byIndex ? undefined : new Int32Array(out.buffer, at, n);
  at += byIndex ? 0 : 4 * n;
  const offsets = new Uint32Array(out.buffer, at, n + 1);
  at += 4 * (n + 1);
  const index = new Int32Array(out.buffer, at, slots);
  at += 4 * slots;
  const bytes = new Uint8Array(out.buffer, at, byteCount);
  let pos = 0;
  for (let k = 0; k < n; k++) {
    if (ranks) ranks[k] = rankOf[k]!;
    offsets[k] = pos;
    bytes.set(tokens[k]!, pos);
    pos += tokens[k]!.length;
  }
  offsets[n] = pos;
  const mask = slots - 1;
  for (let k = 0; k < n; k++) {
    const h = fnv(bytes, offsets[k]!, offsets[k + 1]!);
    let slot = h & mask;
    for (; index[slot] !== 0; slot = (slot + 1) & mask) {
      const other = index[slot]! - 1;
      if (Buffer.compare(tokens[other]!, tokens[k]!) === 0)
        throw new Error(`token ${k} repeats token ${other}`);
    }
    index[slot] = k + 1;
  }
  return out;
}

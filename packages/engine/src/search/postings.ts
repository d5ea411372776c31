// Which files hold each word: posting lists (file slot, occurrences) per word, so a search reads
// only the lists of the words its query matches (for `user`: a few hundred words, 40,000 postings)
// instead of every file's words (1.15 million pairs over 10,000 files). Lists are kept in segments,
// each sorted by word id and built at once from a batch of files; small segments are merged as they
// come (each posting is merged a logarithmic number of times). A file that leaves the index is
// marked dead; merges drop its postings, and its slot is never given to another file.

/** One segment: the words it holds (sorted ids), where each word's postings start, the postings. */
interface Segment {
  ids: Uint32Array;
  /** `starts[j]`..`starts[j + 1]`: the postings of `ids[j]` (index into `postings`, pairs). */
  starts: Uint32Array;
  /** Pairs: file slot, then occurrences × 2 (+ 1 when some occurrence may be declared). */
  postings: Uint32Array;
}

/** Per file slot, for one query: matches, and flags (the words' flags, and DECLARED). */
export interface SlotTally {
  count: Uint32Array;
  flags: Uint8Array;
}

/** Set in `SlotTally.flags` when the query stands as a whole word that may be declared. */
export const DECLARED = 4;

export class WordPostings {
  private segments: Segment[] = [];
  private pending: Array<{ slot: number; pairs: Uint32Array }> = [];
  private alive = new Uint8Array(1024);
  private slots = 0;

  /** A file's slot, for its pairs (word id, occurrences × 2 + may-be-declared). */
  add(pairs: Uint32Array): number {
    const slot = this.slots++;
    if (slot === this.alive.length) {
      const a = new Uint8Array(slot * 2);
      a.set(this.alive);
      this.alive = a;
    }
    this.alive[slot] = 1;
    this.pending.push({ slot, pairs });
    return slot;
  }

  /** The file of `slot` left the index: its postings count no more (and go at the next merge). */
  release(slot: number): void {
    if (slot >= 0) this.alive[slot] = 0;
  }

  /** Slots given so far (the size of a tally). */
  get size(): number {
    return this.slots;
  }

  /** Makes a segment of the files added since the last seal, and merges small segments. */
  seal(dictionarySize: number): void {
    if (!this.pending.length) return;
    const counts = new Uint32Array(dictionarySize + 1);
    let total = 0;
    for (const { pairs } of this.pending) {
      for (let k = 0; k < pairs.length; k += 2) counts[pairs[k]!]!++;
      total += pairs.length;
    }
    let distinct = 0;
    for (let id = 0; id < dictionarySize; id++) if (counts[id]) distinct++;
    const ids = new Uint32Array(distinct);
    const starts = new Uint32Array(distinct + 1);
    const at = new Uint32Array(dictionarySize);
    let j = 0;
    let offset = 0;
    for (let id = 0; id < dictionarySize; id++) {
      if (!counts[id]) continue;
      ids[j] = id;
      starts[j++] = offset;
      at[id] = offset;
      offset += counts[id]! * 2;
    }
    starts[distinct] = offset;
    const postings = new Uint32Array(total);
    for (const { slot, pairs } of this.pending)
      for (let k = 0; k < pairs.length; k += 2) {
        const p = at[pairs[k]!]!;
        postings[p] = slot;
        postings[p + 1] = pairs[k + 1]!;
        at[pairs[k]!] = p + 2;
      }
    this.pending = [];
    this.segments.push({ ids, starts, postings });
    // Merge while the newest segment is at least half the size of the one before it.
    const list = this.segments;
    while (
      list.length > 1 &&
      list[list.length - 1]!.postings.length * 2 >= list[list.length - 2]!.postings.length
    ) {
      const b = list.pop()!;
      const a = list.pop()!;
      list.push(this.merge(a, b));
    }
  }

  /** Two segments as one, without the postings of dead files. */
  private merge(a: Segment, b: Segment): Segment {
    const alive = this.alive;
    const ids: number[] = [];
    const starts: number[] = [];
    const out = new Uint32Array(a.postings.length + b.postings.length);
    let n = 0;
    const copy = (s: Segment, j: number) => {
      for (let k = s.starts[j]!; k < s.starts[j + 1]!; k += 2)
        if (alive[s.postings[k]!]) {
          out[n++] = s.postings[k]!;
          out[n++] = s.postings[k + 1]!;
        }
    };
    let i = 0;
    let j = 0;
    while (i < a.ids.length || j < b.ids.length) {
      const ia = i < a.ids.length ? a.ids[i]! : Number.POSITIVE_INFINITY;
      const ib = j < b.ids.length ? b.ids[j]! : Number.POSITIVE_INFINITY;
      const id = Math.min(ia, ib);
      const from = n;
      if (ia === id) copy(a, i++);
      if (ib === id) copy(b, j++);
      if (n > from) {
        ids.push(id);
        starts.push(from);
      }
    }
    starts.push(n);
    return { ids: Uint32Array.from(ids), starts: Uint32Array.from(starts), postings: out.slice(0, n) };
  }

  /**
   * Per file slot: the matches of a query whose matches per word are `count` (by word id), listed
   * in `matched` (ascending ids), and the words' `flags`; DECLARED where a WHOLE word may be declared.
   */
  tally(matched: readonly number[], count: Uint32Array, flags: Uint8Array, whole: number): SlotTally {
    const out: SlotTally = { count: new Uint32Array(this.slots), flags: new Uint8Array(this.slots) };
    for (const s of this.segments) {
      const { ids, starts, postings } = s;
      let lo = 0;
      for (const id of matched) {
        // Both lists ascend: a search from the last position found.
        let hi = ids.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (ids[mid]! < id) lo = mid + 1;
          else hi = mid;
        }
        if (lo === ids.length) break;
        if (ids[lo] !== id) continue;
        const n = count[id]!;
        const f = flags[id]!;
        const declared = f & whole ? DECLARED : 0;
        for (let k = starts[lo]!; k < starts[lo + 1]!; k += 2) {
          const slot = postings[k]!;
          const p = postings[k + 1]!;
          out.count[slot]! += n * (p >>> 1);
          out.flags[slot]! |= f | (p & 1 ? declared : 0);
        }
      }
    }
    return out;
  }
}

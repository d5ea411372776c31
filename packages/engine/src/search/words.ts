// The words of each indexed file: its identifiers (maximal runs of characters `isWordChar` accepts)
// with how often each occurs, numbered in one dictionary per index. A query made of word
// characters only can match only inside words (a match never holds a character that ends a word),
// so its matches in a file are the sum over the file's words of the matches in each word: counted
// from the dictionary once per search, not by reading 30 MB of text. A common word (`user`, in
// 8,600 files of 10,000) is then ranked, and its matches counted exactly, from the words alone;
// only the files where it stands as a whole word that may be declared (`mayLookDeclared`, kept per
// word and file) are read, to check the line.

import { type SlotTally, WordPostings } from './postings';
import { DECLARING_WORDS, mayLookDeclared, runTimeDeclaredAt } from './rank';
import { plainUint32, type Uint32Alloc } from './slabs';
import { fold, isWordChar } from './text';

/** Per word of the dictionary, for one query. */
export interface WordMatch {
  /** Matches of the query inside the word, as `indexOf` counts them (0: none). */
  count: Uint32Array;
  /** 1: the word is the query (a whole-word match); 2: a match in exact case (case-insensitive queries). */
  flags: Uint8Array;
  /** The ids of the words with a match, ascending. */
  matched: number[];
}

export const WHOLE = 1;
export const EXACT = 2;

/** Shortest query answered from the words (shorter ones match inside most words: the text scan is as fast). */
export const MIN_WORD_QUERY = 3;

const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = isWordChar(String.fromCharCode(c), 0) ? 1 : 0;

function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function sameAt(word: string, text: string, start: number): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/** The declaring words' hashes, 10 bits each: a cheap first look before comparing the word. */
const DECLARING_BITS = new Uint8Array(1024);
for (const w of DECLARING_WORDS) DECLARING_BITS[hashOf(w, 0, w.length) & 1023] = 1;

/** The dictionary's words joined (a line each), searched once per query; the words are slices of it. */
interface Joined {
  first: number;
  text: string;
  folded: string;
  /** Offset of each word, then one past the last word's line end. */
  starts: Uint32Array;
}

/** A file's words while it is read (reused for every file: no allocation per occurrence). */
class Scratch {
  table = new Int32Array(1024);
  stamp = new Int32Array(1024);
  gen = 0;
  start = new Int32Array(256);
  length = new Int32Array(256);
  hash = new Uint32Array(256);
  count = new Int32Array(256);
  declares = new Uint8Array(256);
  /** 1: the word is one of DECLARING_WORDS. */
  declaring = new Uint8Array(256);
  n = 0;

  begin(): void {
    this.n = 0;
    if (++this.gen === 0x7fffffff) {
      this.gen = 1;
      this.stamp.fill(0);
    }
  }

  /** The slot of the word at [start, end) of `text` (made on first sight). */
  slot(text: string, start: number, end: number, hash: number): number {
    const mask = this.table.length - 1;
    const len = end - start;
    for (let p = hash & mask; ; p = (p + 1) & mask) {
      if (this.stamp[p] !== this.gen) {
        const k = this.n++;
        if (k === this.start.length) this.grow();
        this.stamp[p] = this.gen;
        this.table[p] = k;
        this.start[k] = start;
        this.length[k] = len;
        this.hash[k] = hash;
        this.count[k] = 0;
        this.declares[k] = 0;
        this.declaring[k] =
          DECLARING_BITS[hash & 1023] === 1 && DECLARING_WORDS.has(text.slice(start, end)) ? 1 : 0;
        if (this.n * 2 > this.table.length) this.rehash();
        return k;
      }
      const k = this.table[p]!;
      if (this.hash[k] === hash && this.length[k] === len && sameRange(text, this.start[k]!, start, len))
        return k;
    }
  }

  private grow(): void {
    const size = this.start.length * 2;
    const copy = <T extends Int32Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.start = copy(this.start, (n) => new Int32Array(n));
    this.length = copy(this.length, (n) => new Int32Array(n));
    this.hash = copy(this.hash, (n) => new Uint32Array(n));
    this.count = copy(this.count, (n) => new Int32Array(n));
    this.declares = copy(this.declares, (n) => new Uint8Array(n));
    this.declaring = copy(this.declaring, (n) => new Uint8Array(n));
  }

  private rehash(): void {
    const size = this.table.length * 2;
    this.table = new Int32Array(size);
    this.stamp = new Int32Array(size);
    this.gen = 1;
    const mask = size - 1;
    for (let k = 0; k < this.n; k++) {
      let p = this.hash[k]! & mask;
      while (this.stamp[p] === this.gen) p = (p + 1) & mask;
      this.stamp[p] = this.gen;
      this.table[p] = k;
    }
  }
}

function sameRange(text: string, a: number, b: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

export class WordIndex {
  private readonly postings = new WordPostings();
  private readonly words: string[] = [];
  private hashes = new Uint32Array(1024);
  private table = new Int32Array(2048).fill(-1);
  private joined: Joined[] = [];
  private joinedCount = 0;
  private readonly scratch = new Scratch();

  /** Words in the dictionary (of every text indexed so far). */
  get size(): number {
    return this.words.length;
  }

  /**
   * Indexes a text's words: its slot (how a search finds the text's tally), or -1 for a text
   * without words (see `wordsOf`). The words count in searches once `seal` ran (searches seal).
   */
  add(text: string, alloc: Uint32Alloc = plainUint32): number {
    const pairs = this.wordsOf(text, alloc);
    return pairs ? this.postings.add(pairs) : -1;
  }

  /** Makes the texts added since the last call searchable (in one segment of posting lists). */
  seal(): void {
    this.postings.seal(this.words.length);
  }

  /** The text of `slot` left the index. */
  release(slot: number): void {
    this.postings.release(slot);
  }

  /**
   * Per text slot: the matches of a query made of word characters (see `match`), the flags of the
   * words it matched (WHOLE, EXACT) and DECLARED where it stands whole and may be declared.
   */
  tally(query: string, caseSensitive: boolean): SlotTally {
    this.seal();
    const m = this.match(query, caseSensitive);
    return this.postings.tally(m.matched, m.count, m.flags, WHOLE);
  }

  /**
   * The words of a text: pairs of (word id, occurrences × 2, + 1 when some occurrence may look
   * declared). Texts with a capital sigma are not indexed by words (undefined): its lower case
   * depends on the letters around it, so a word's lower case could differ from the text's.
   */
  wordsOf(text: string, alloc: Uint32Alloc = plainUint32): Uint32Array | undefined {
    if (text.includes('\u03a3')) return undefined;
    const s = this.scratch;
    s.begin();
    const n = text.length;
    let prevEnd = -1;
    let prevDeclaring = false;
    for (let i = 0; i < n; ) {
      let c = text.charCodeAt(i);
      if (c < 128 ? ASCII_WORD[c] === 0 : !isWordChar(text, i)) {
        i++;
        continue;
      }
      const start = i;
      let h = 0x811c9dc5;
      while (i < n && (c < 128 ? ASCII_WORD[c] === 1 : isWordChar(text, i))) {
        h = Math.imul(h ^ c, 0x01000193);
        c = text.charCodeAt(++i);
      }
      const hash = h >>> 0;
      const k = s.slot(text, start, i, hash);
      s.count[k]!++;
      if (s.declares[k] === 0) {
        let b = start - 1;
        while (b >= 0 && (text.charCodeAt(b) === 32 || text.charCodeAt(b) === 9)) b--;
        let a = i;
        while (a < n && (text.charCodeAt(a) === 32 || text.charCodeAt(a) === 9)) a++;
        const before = b >= 0 ? text.charCodeAt(b) : -1;
        const after = a < n ? text.charCodeAt(a) : -1;
        if (
          mayLookDeclared(before, after, prevDeclaring && b === prevEnd - 1) ||
          // `res.send = …`, `defineGetter(obj, 'send', …)`: checked here, they are rare.
          (((before === 46 && after === 61) || ((before === 39 || before === 34) && after === before)) &&
            runTimeDeclaredAt(text, b, i))
        )
          s.declares[k] = 1;
      }
      prevEnd = i;
      prevDeclaring = s.declaring[k] === 1;
    }
    const pairs = alloc(s.n * 2);
    for (let k = 0; k < s.n; k++) {
      pairs[2 * k] = this.intern(text, s.start[k]!, s.length[k]!, s.hash[k]!);
      pairs[2 * k + 1] = s.count[k]! * 2 + s.declares[k]!;
    }
    return pairs;
  }

  /** The id of a word (added on first sight). */
  private intern(text: string, start: number, len: number, hash: number): number {
    const mask = this.table.length - 1;
    const hashes = this.hashes;
    for (let p = hash & mask; ; p = (p + 1) & mask) {
      const id = this.table[p]!;
      if (id < 0) break;
      if (hashes[id] !== hash) continue;
      const w = this.words[id]!;
      if (w.length === len && sameAt(w, text, start)) return id;
    }
    const id = this.words.length;
    this.words.push(text.slice(start, start + len));
    if (id === this.hashes.length) {
      const h = new Uint32Array(id * 2);
      h.set(this.hashes);
      this.hashes = h;
    }
    this.hashes[id] = hash;
    if (this.words.length * 2 > this.table.length) this.rehash();
    else this.place(id);
    return id;
  }

  private place(id: number): void {
    const mask = this.table.length - 1;
    let p = this.hashes[id]! & mask;
    while (this.table[p]! >= 0) p = (p + 1) & mask;
    this.table[p] = id;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    for (let id = 0; id < this.words.length; id++) this.place(id);
  }

  /** Joins the words added since the last search (and everything again when there are many parts). */
  private join(): void {
    if (this.joinedCount === this.words.length) return;
    const from = this.joined.length >= 8 ? 0 : this.joinedCount;
    if (from === 0) this.joined = [];
    const list = this.words.slice(from);
    const text = `${list.join('\n')}\n`;
    const starts = new Uint32Array(list.length + 1);
    let at = 0;
    list.forEach((w, i) => {
      starts[i] = at;
      at += w.length + 1;
    });
    starts[list.length] = at;
    // The words become slices of the joined text: a word sliced from a file's text would keep that
    // whole text alive after its file left the index.
    for (let i = 0; i < list.length; i++) this.words[from + i] = text.slice(starts[i]!, starts[i + 1]! - 1);
    this.joined.push({ first: from, text, folded: fold(text), starts });
    this.joinedCount = this.words.length;
  }

  /**
   * Per word, the matches of `query` (made of word characters only) inside it: counted as the
   * text scan counts them (`indexOf`, each match after the previous one's end), over the folded
   * word for a case-insensitive query.
   */
  match(query: string, caseSensitive: boolean): WordMatch {
    this.join();
    const count = new Uint32Array(this.words.length);
    const flags = new Uint8Array(this.words.length);
    const matched: number[] = [];
    const needle = caseSensitive ? query : fold(query);
    const len = needle.length;
    for (const part of this.joined) {
      const hay = caseSensitive ? part.text : part.folded;
      const starts = part.starts;
      let w = 0;
      for (let i = hay.indexOf(needle); i >= 0; ) {
        while (starts[w + 1]! <= i) w++;
        const from = starts[w]!;
        const to = starts[w + 1]! - 1;
        let n = 0;
        let exact = false;
        let j = i;
        for (; j >= 0 && j + len <= to; j = hay.indexOf(needle, j + len)) {
          n++;
          if (!caseSensitive && !exact && part.text.startsWith(query, j)) exact = true;
        }
        const id = part.first + w;
        matched.push(id);
        count[id] = n;
        flags[id] = (n === 1 && i === from && to - from === len ? WHOLE : 0) | (exact ? EXACT : 0);
        i = j;
      }
    }
    return { count, flags, matched };
  }
}

/** Whether a literal query can be answered from the words: long enough, word characters only. */
export function isWordQuery(query: string): boolean {
  if (query.length < MIN_WORD_QUERY) return false;
  for (let i = 0; i < query.length; i++) if (!isWordChar(query, i)) return false;
  return true;
}

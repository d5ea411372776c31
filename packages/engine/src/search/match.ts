// Finding the query in one indexed file: a literal (smart case, over the folded copy when
// case-insensitive) or an RE2 regular expression (linear time; a time limit across files). Only
// the first `keep` positions are kept; counting goes on up to `countCap`.
import RE2 from 're2';
import { LoupeError } from '../errors';
import { mayContain, needleGrams } from './grams';
import type { ContentEntry } from './store';
import { fold, literalIsCaseSensitive, regexIsCaseSensitive } from './text';

export interface FileMatches {
  /** Pairs [start, end) of the kept matches, in text order. */
  spans: number[];
  /** Matches counted (all of them unless `capped`). */
  count: number;
  capped: boolean;
}

export interface Matcher {
  readonly caseSensitive: boolean;
  readonly regex: boolean;
  /** The query's last identifier segment when it names a qualified declaration (`Cart.total`). */
  readonly qualified?: { segments: string[]; probe: string };
  /** False when the file cannot hold a match (cheap filters); true when it may. */
  mayMatch(entry: ContentEntry): boolean;
  /**
   * Matches of one file; `out` (when given) is filled and returned instead of a new object.
   * `unfiltered` skips `mayMatch` (asked already, or not worth asking: see passes.ts).
   */
  find(
    entry: ContentEntry,
    keep: number,
    countCap: number,
    out?: FileMatches,
    unfiltered?: boolean,
  ): FileMatches;
}

const QUALIFIED = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::|#)[\p{L}_$][\p{L}\p{N}_$]*)+$/u;

function qualifiedOf(query: string): Matcher['qualified'] {
  if (!QUALIFIED.test(query)) return undefined;
  const segments = query.split(/\.|::|#/);
  return { segments, probe: segments[segments.length - 1]! };
}

function overlapsPrivate(spans: number[], start: number, end: number): boolean {
  for (let i = 0; i < spans.length; i += 2) if (start < spans[i + 1]! && end > spans[i]!) return true;
  return false;
}

export const MAX_QUERY = 1000;

/** No match (shared: never modified). */
const NONE: FileMatches = Object.freeze({ spans: [], count: 0, capped: false }) as FileMatches;

/** `out` emptied, or a new result. */
function reset(out: FileMatches | undefined): FileMatches {
  if (!out) return { spans: [], count: 0, capped: false };
  // A new array, not `length = 0`: setting the length is a runtime call (~150 ns, thousands of files).
  if (out.spans.length) out.spans = [];
  out.count = 0;
  out.capped = false;
  return out;
}

function none(out: FileMatches | undefined): FileMatches {
  return out ? reset(out) : NONE;
}

/**
 * How common each ASCII character is in source code, per mille (lower case; measured over a
 * sample of JavaScript, TypeScript, Python, Go, Rust, Java and C). A literal is looked for by its
 * rarest character: `indexOf` stops at every occurrence of the first character of what it looks
 * for, and `render` stopped at every `r` (4.5% of source text) where looking for `der` stops at
 * every `d` (2%): about twice as fast over a 10k-file focus.
 */
const COMMON: Record<string, number> = {
  ' ': 177,
  e: 75,
  t: 59,
  r: 45,
  a: 43,
  n: 42,
  s: 42,
  i: 41,
  o: 40,
  c: 27,
  l: 25,
  '\n': 24,
  d: 22,
  p: 21,
  u: 20,
  m: 16,
  f: 15,
  h: 15,
  g: 13,
  ',': 13,
  '.': 13,
  ')': 11,
  '(': 11,
  b: 11,
  '-': 11,
  '"': 11,
  y: 8.5,
  '=': 8,
  '/': 7.7,
  ';': 7.5,
  ':': 7.4,
  _: 7.3,
  '0': 7.3,
  v: 7.2,
  x: 6.2,
  w: 5.7,
  '2': 5.6,
  '1': 5.6,
  '*': 5.4,
  k: 4.8,
  '{': 4.5,
  '}': 4.5,
  "'": 4.3,
  '\t': 4,
  '|': 3,
  q: 2.5,
};

function commonness(ch: string): number {
  const known = COMMON[ch];
  if (known !== undefined) return known;
  const lower = ch.toLowerCase();
  // Capitals (in a case-sensitive search) are a fraction of their letter; other characters are rare.
  return lower !== ch && COMMON[lower] !== undefined ? COMMON[lower] / 6 : 1;
}

/**
 * A literal search by the needle's rarest character: the part from that character on is looked
 * for, and the part before it checked in place. Finds exactly what `indexOf(needle, from)` finds.
 * A class, not a closure per query: the searches of every query share one function, so the
 * optimized code that calls it stays valid from one query to the next.
 */
export class LiteralSearch {
  private readonly k: number;
  private readonly head: string;
  private readonly tail: string;

  constructor(readonly needle: string) {
    let k = 0;
    for (let i = 1; i < needle.length; i++) if (commonness(needle[i]!) < commonness(needle[k]!)) k = i;
    this.k = k;
    this.head = needle.slice(0, k);
    this.tail = needle.slice(k);
  }

  /** `hay.indexOf(needle, from)`. */
  next(hay: string, from: number): number {
    const k = this.k;
    if (k === 0) return hay.indexOf(this.needle, from);
    const { head, tail } = this;
    for (let j = hay.indexOf(tail, from + k); j >= 0; j = hay.indexOf(tail, j + 1))
      if (hay.startsWith(head, j - k)) return j - k;
    return -1;
  }
}

/** Literal matching, smart case (see the Matcher interface). */
class LiteralMatcher implements Matcher {
  readonly caseSensitive: boolean;
  readonly regex = false;
  readonly qualified: Matcher['qualified'];
  private readonly needle: string;
  private readonly grams: Uint32Array;
  private readonly search: LiteralSearch;

  constructor(query: string) {
    this.caseSensitive = literalIsCaseSensitive(query);
    this.needle = this.caseSensitive ? query : fold(query);
    this.grams = needleGrams(fold(query));
    this.qualified = qualifiedOf(query);
    this.search = new LiteralSearch(this.needle);
  }

  mayMatch(entry: ContentEntry): boolean {
    return this.grams.length === 0 || mayContain(entry.grams, this.grams);
  }

  find(
    entry: ContentEntry,
    keep: number,
    countCap: number,
    out?: FileMatches,
    unfiltered?: boolean,
  ): FileMatches {
    if (!unfiltered && !this.mayMatch(entry)) return none(out);
    const hay = this.caseSensitive ? entry.text : entry.folded;
    const result = reset(out);
    const spans = result.spans;
    const priv = entry.privateSpans;
    const search = this.search;
    const len = this.needle.length;
    let count = 0;
    for (let i = search.next(hay, 0); i >= 0; i = search.next(hay, i + len)) {
      if (priv.length && overlapsPrivate(priv, i, i + len)) continue;
      if (count < keep) spans.push(i, i + len);
      if (++count >= countCap) {
        result.count = count;
        result.capped = search.next(hay, i + 1) >= 0;
        return result;
      }
    }
    result.count = count;
    return result;
  }
}

export function literalMatcher(query: string): Matcher {
  return new LiteralMatcher(query);
}

/** Byte offset -> UTF-16 offset, for texts that are not plain ASCII. */
function charOffset(buf: Buffer, bytes: number): number {
  return buf.toString('utf8', 0, bytes).length;
}

interface Encoded {
  buf: Buffer;
  ascii: boolean;
}

/** UTF-8 copies kept for RE2, at most this many bytes (process-wide); beyond it they are made per search. */
const UTF8_BUDGET = 48 * 1024 * 1024;
let utf8Kept = 0;

/** The text as UTF-8 for RE2: kept with the entry while the budget lasts, else made for this search. */
function encoded(entry: ContentEntry): Encoded {
  const kept = entry.memo.get('utf8') as Encoded | undefined;
  if (kept) return kept;
  const buf = Buffer.from(entry.text, 'utf8');
  const e = { buf, ascii: buf.length === entry.text.length };
  if (utf8Kept + buf.length <= UTF8_BUDGET) {
    utf8Kept += buf.length;
    entry.memo.set('utf8', e);
  }
  return e;
}

/** Gives back the budget of an entry leaving the index. */
export function forgetEncoded(entry: ContentEntry): void {
  const kept = entry.memo.get('utf8') as Encoded | undefined;
  if (!kept) return;
  utf8Kept -= kept.buf.length;
  entry.memo.delete('utf8');
}

/**
 * The longest run of characters every match must contain, read conservatively from the pattern's
 * top level (no alternation; groups, classes and optional characters end a run): files without
 * it are skipped before RE2 runs. Undefined when no run of 3 or more is certain.
 */
export function requiredLiteral(pattern: string): string | undefined {
  let best = '';
  let run = '';
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '|') return undefined;
    if (c === '(' || c === '[') {
      end();
      // Skip to the matching close (nested groups, escapes, classes inside groups).
      let depth = 0;
      for (; i < pattern.length; i++) {
        const d = pattern[i]!;
        if (d === '\\') i++;
        else if (d === '[' && c === '(') {
          for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
        } else if (d === c) depth++;
        else if (d === (c === '(' ? ')' : ']') && --depth === 0) break;
      }
      // A quantifier after a group or class: nothing to keep either way.
      continue;
    }
    if (c === '*' || c === '?' || c === '{') {
      run = run.slice(0, -1); // the character before is optional (or repeated a counted number of times)
      end();
      if (c === '{') while (i < pattern.length && pattern[i] !== '}') i++;
      continue;
    }
    if (c === '+' || c === '.' || c === '^' || c === '$') {
      end();
      continue;
    }
    if (c === '\\') {
      const n = pattern[i + 1];
      i++;
      if (n === 'Q') return undefined; // quoted text: not worth reading here
      if (n === undefined || /[A-Za-z0-9]/.test(n)) {
        end();
        // Skip the escape's payload: \x41, \x{263a}, \p{Greek}, \pL, digits of an octal escape.
        if (pattern[i + 1] === '{' && /[xpP]/.test(n ?? ''))
          while (i < pattern.length && pattern[i] !== '}') i++;
        else if (n === 'x') i += 2;
        else if (n === 'p' || n === 'P') i += 1;
        else if (n && /[0-9]/.test(n)) while (/[0-7]/.test(pattern[i + 1] ?? '')) i++;
      } else run += n;
      continue;
    }
    run += c;
  }
  end();
  return best.length >= 3 ? best : undefined;
}

/** RE2 matching, smart case, with the literal prefilter (see the Matcher interface). */
class RegexMatcher implements Matcher {
  readonly caseSensitive: boolean;
  readonly regex = true;
  readonly qualified = undefined;
  private readonly re: RE2;
  private readonly grams: Uint32Array;
  private readonly literal: LiteralSearch | undefined;

  constructor(pattern: string) {
    this.caseSensitive = regexIsCaseSensitive(pattern);
    try {
      this.re = new RE2(pattern, this.caseSensitive ? 'gm' : 'gim');
    } catch (error) {
      throw new LoupeError(
        'invalid-argument',
        `The regular expression is not valid RE2 syntax (${(error as Error).message}); fix it, or search without regex for a literal.`,
      );
    }
    const literal = requiredLiteral(pattern);
    this.grams = needleGrams(literal ? fold(literal) : '');
    this.literal = literal ? new LiteralSearch(this.caseSensitive ? literal : fold(literal)) : undefined;
  }

  mayMatch(entry: ContentEntry): boolean {
    if (this.grams.length && !mayContain(entry.grams, this.grams)) return false;
    return !this.literal || this.literal.next(this.caseSensitive ? entry.text : entry.folded, 0) >= 0;
  }

  find(
    entry: ContentEntry,
    keep: number,
    countCap: number,
    out?: FileMatches,
    unfiltered?: boolean,
  ): FileMatches {
    if (!unfiltered && !this.mayMatch(entry)) return none(out);
    const { buf, ascii } = encoded(entry);
    const result = reset(out);
    const spans = result.spans;
    const priv = entry.privateSpans;
    const re = this.re;
    let count = 0;
    re.lastIndex = 0;
    // Offsets stay in bytes until a match is kept; byte -> char conversion runs from the last one.
    let lastByte = 0;
    let lastChar = 0;
    for (let m = re.exec(buf); m; m = re.exec(buf)) {
      const len = (m[0] as Buffer).length;
      if (len === 0) {
        re.lastIndex = m.index + 1;
        if (re.lastIndex > buf.length) break;
        continue; // an empty match locates nothing worth showing
      }
      let start = m.index;
      let end = m.index + len;
      if (!ascii) {
        lastChar += charOffset(buf.subarray(lastByte), start - lastByte);
        lastByte = start;
        start = lastChar;
        end = start + buf.toString('utf8', m.index, m.index + len).length;
      }
      if (priv.length && overlapsPrivate(priv, start, end)) continue;
      if (count < keep) spans.push(start, end);
      if (++count >= countCap) {
        result.count = count;
        result.capped = true;
        return result;
      }
    }
    result.count = count;
    return result;
  }
}

export function regexMatcher(pattern: string): Matcher {
  return new RegexMatcher(pattern);
}

export function matcherFor(query: string, regex: boolean): Matcher {
  if (!query) throw new LoupeError('invalid-argument', 'The search query is empty; give the text to find.');
  if (query.length > MAX_QUERY)
    throw new LoupeError(
      'invalid-argument',
      `The search query is ${query.length} characters long; search for at most ${MAX_QUERY} (a distinctive part is enough).`,
    );
  return regex ? regexMatcher(query) : literalMatcher(query);
}

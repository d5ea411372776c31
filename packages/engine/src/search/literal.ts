// Literal matching: smart case (over the folded copy when case-insensitive), each needle looked
// for by its rarest character.

import type { ContentEntry } from './entry';
import { type FileMatches, type Matcher, none, overlapsPrivate, reset } from './found';
import { mayContain, needleGrams } from './grams';
import { fold, literalIsCaseSensitive } from './text';

const QUALIFIED = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::|#)[\p{L}_$][\p{L}\p{N}_$]*)+$/u;

export function qualifiedOf(query: string): Matcher['qualified'] {
  if (!QUALIFIED.test(query)) return undefined;
  // As JavaScript members are declared: `View.prototype.render` is `View.render`, `exports.x` is `x`.
  const written = query.split(/\.|::|#/);
  const from = written[0] === 'exports' ? 1 : written[0] === 'module' && written[1] === 'exports' ? 2 : 0;
  const segments = written.slice(from).filter((s, i, all) => s !== 'prototype' || i === all.length - 1);
  return { segments, probe: segments[segments.length - 1]! };
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

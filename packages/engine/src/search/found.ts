// What a matcher found in one file, and the matcher's shape (literal.ts, regex.ts): only the first
// `keep` positions are kept; counting goes on up to `countCap`.
import type { ContentEntry } from './entry';

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

export function overlapsPrivate(spans: number[], start: number, end: number): boolean {
  for (let i = 0; i < spans.length; i += 2) if (start < spans[i + 1]! && end > spans[i]!) return true;
  return false;
}

/** No match (shared: never modified). */
const NONE: FileMatches = Object.freeze({ spans: [], count: 0, capped: false }) as FileMatches;

/** `out` emptied, or a new result. */
export function reset(out: FileMatches | undefined): FileMatches {
  if (!out) return { spans: [], count: 0, capped: false };
  // A new array, not `length = 0`: setting the length is a runtime call (~150 ns, thousands of files).
  if (out.spans.length) out.spans = [];
  out.count = 0;
  out.capped = false;
  return out;
}

export function none(out: FileMatches | undefined): FileMatches {
  return out ? reset(out) : NONE;
}

// A faster search, with the same matches, for rules written `(?i)[\w.-]{0,N}?<rest>` (about 100
// of Gitleaks' rules: "an identifier, then the keyword, then the value"). Searched as written, the
// unanchored lazy prefix makes RE2 track up to N starting points inside every identifier of the
// text, and building that automaton dominates masking in a fresh process.
//
// The same match, found by `<rest>` alone (same flags), unanchored, from `pos`; let m be its match,
// starting at p (the leftmost position >= pos where `<rest>` matches).
// - Start: the earliest full match starts at s = p minus the class run before p (at most N runes,
//   not before `pos`). Any full match starts at some s' >= pos with its `<rest>` at some q >= p
//   and text[s'..q) in the class, so s' >= s; and s matches (prefix text[s..p), `<rest>` at p).
// - End: at s the lazy prefix tries 0, 1, 2, … runes, so `<rest>` is tried at s, s+1, …; it
//   matches nowhere before p (p is the leftmost), so the match is text[s..p) followed by the match
//   `<rest>` prefers at p, which is m (the leftmost-first search prefers the same at its start).
// So the full match is [s, end of m). The tests compare this with RE2 searching as written, on
// Gitleaks' samples and on texts built to sit on every edge.
import type RE2 from 're2';
import { compileGo } from './go-regex';

/** A rule pattern split at its class prefix. */
export interface PrefixSplit {
  /** `<rest>`, with the pattern's leading flags, unanchored. */
  rest: RE2;
  /** N: most runes the prefix takes. */
  max: number;
  /** The prefix is under `(?i)`: `\w` then also holds ſ (U+017F) and the Kelvin sign (U+212A). */
  fold: boolean;
}

const FORM = /^(\(\?i\))?\[\\w\.-\]\{0,(\d+)\}\?/;

/** Splits a Go pattern of the form above; undefined for any other pattern. */
export function splitPrefix(source: string): PrefixSplit | undefined {
  const m = FORM.exec(source);
  if (!m) return undefined;
  const flags = m[1] ?? '';
  const rest = source.slice(m[0].length);
  // The prefix must bind to all of the rest: no alternation at the top, nothing odd at its head.
  if (rest === '' || /^[*+?{|)]/.test(rest) || hasTopLevelBar(rest)) return undefined;
  return {
    rest: compileGo(flags + rest, 'g'),
    max: Number(m[2]),
    fold: flags !== '',
  };
}

/** Whether `|` occurs outside every group and class (escapes skipped). */
function hasTopLevelBar(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') i++;
    else if (inClass)
      inClass = !(c === ']' && source[i - 1] !== '[' && !(source[i - 1] === '^' && source[i - 2] === '['));
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

const isClassByte = (b: number) =>
  (b >= 0x30 && b <= 0x39) ||
  (b >= 0x41 && b <= 0x5a) ||
  (b >= 0x61 && b <= 0x7a) ||
  b === 0x5f ||
  b === 0x2e ||
  b === 0x2d;

/** Where the class run before `p` begins: at most `max` runes back, never before `floor`. */
export function prefixStart(buf: Uint8Array, floor: number, p: number, max: number, fold: boolean): number {
  let s = p;
  for (let runes = 0; runes < max && s > floor; runes++) {
    if (isClassByte(buf[s - 1]!)) s--;
    // ſ (C5 BF) and the Kelvin sign (E2 84 AA) fold into \w under (?i).
    else if (fold && s - 2 >= floor && buf[s - 2] === 0xc5 && buf[s - 1] === 0xbf) s -= 2;
    else if (fold && s - 3 >= floor && buf[s - 3] === 0xe2 && buf[s - 2] === 0x84 && buf[s - 1] === 0xaa)
      s -= 3;
    else break;
  }
  return s;
}

/** The leftmost match at or after `pos`, as [start, end), or undefined. */
export function nextPrefixed(split: PrefixSplit, buf: Buffer, pos: number): [number, number] | undefined {
  split.rest.lastIndex = pos;
  const m = split.rest.exec(buf);
  split.rest.lastIndex = 0;
  if (!m) return undefined;
  return [prefixStart(buf, pos, m.index, split.max, split.fold), m.index + m[0].length];
}

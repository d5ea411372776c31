// A value masked once is masked everywhere it occurs: in the same file (the commented-out copy of
// a key, the same token in a test's assertion), and in every later file of the same session
// (a value masked in `.env` and pasted in a README). A search over masked text then cannot find it
// either, not even by a prefix.
//
// In a file the values are known: one RE2 pass over an alternation of them (linear however many
// there are). Across files the session knows values only by keyed hashes, never the values: each
// value of at least ANCHOR characters is remembered by a keyed 32-bit hash of its first ANCHOR
// characters (its anchor), its length and its identity. A later file is scanned once with a
// rolling hash; where an anchor matches, the identity of the text there confirms the value.
import { createHmac } from 'node:crypto';
import RE2 from 're2';
import { escapeLiteral } from './go-regex';
import { type KnownValues, valueIdentity } from './session';

export interface ValueSpan {
  start: number;
  end: number;
  rule: string;
}

/** Values shorter than this are masked everywhere in their file, not across files. */
export const ANCHOR = 8;

const WORD = /[A-Za-z0-9_]/;

/** A value worth finding again: not so short, or so much punctuation, that it turns up by chance (`:@c`). */
const findable = (v: string) => v.length >= 4 && (v.match(/[A-Za-z0-9]/g)?.length ?? 0) >= 3;

/** An occurrence must not be part of a longer token (`abc123` is not found inside `xabc123y`). */
function bounded(text: string, start: number, end: number): boolean {
  return (
    !(WORD.test(text[start]!) && WORD.test(text[start - 1] ?? '')) &&
    !(WORD.test(text[end - 1]!) && WORD.test(text[end] ?? ''))
  );
}

/**
 * Every other occurrence of the masked values in `text`, as spans under the rule of the value's
 * first span. `spans` are sorted and disjoint; so is the result, which includes them.
 */
export function sameValues(text: string, spans: readonly ValueSpan[]): ValueSpan[] {
  if (spans.length === 0) return [...spans];
  const rules = new Map<string, string>();
  for (const s of spans) {
    const v = text.slice(s.start, s.end);
    if (!rules.has(v) && findable(v)) rules.set(v, s.rule);
  }
  if (rules.size === 0) return [...spans];
  const found: ValueSpan[] = [];
  for (const [start, end] of occurrences(text, [...rules.keys()])) {
    const overlaps = found.length > 0 && found[found.length - 1]!.end > start;
    if (!overlaps && !taken(spans, start, end) && bounded(text, start, end))
      found.push({ start, end, rule: rules.get(text.slice(start, end))! });
  }
  return found.length === 0 ? [...spans] : [...spans, ...found].sort((a, b) => a.start - b.start);
}

/** Long values (key bodies, a huge string) are searched one by one; the rest in one RE2 pass. */
const LONG = 4096;

/** Start-ordered [start, end) occurrences of any of `values` (of two at one place, the longer). */
function occurrences(text: string, values: string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const short = values.filter((v) => v.length <= LONG).sort((a, b) => b.length - a.length);
  if (short.length > 0) {
    const re = new RE2(short.map(escapeLiteral).join('|'), 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) out.push([m.index, m.index + m[0].length]);
  }
  for (const v of values)
    if (v.length > LONG)
      for (let at = text.indexOf(v); at >= 0; at = text.indexOf(v, at + v.length))
        out.push([at, at + v.length]);
  return out.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
}

/** Does [start, end) overlap one of the sorted, disjoint spans? */
function taken(spans: readonly ValueSpan[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (s.end <= start) lo = mid + 1;
    else if (s.start >= end) hi = mid - 1;
    else return true;
  }
  return false;
}

/** The rolling hash's base for a session key (odd, so every multiplication is invertible mod 2^32). */
function base(key: Buffer): number {
  return (createHmac('sha256', key).update('loupe-anchor').digest().readUInt32LE(0) | 1) >>> 0;
}

const bases = new WeakMap<Buffer, { b: number; top: number }>();
function baseOf(key: Buffer): { b: number; top: number } {
  let x = bases.get(key);
  if (!x) {
    const b = base(key);
    let top = 1;
    for (let i = 0; i < ANCHOR - 1; i++) top = Math.imul(top, b);
    x = { b, top: top >>> 0 };
    bases.set(key, x);
  }
  return x;
}

/** The anchor of a value (undefined when it is shorter than ANCHOR). */
export function anchorOf(key: Buffer, value: string): number | undefined {
  if (value.length < ANCHOR) return undefined;
  const { b } = baseOf(key);
  let h = 0;
  for (let i = 0; i < ANCHOR; i++) h = (Math.imul(h, b) + value.charCodeAt(i)) | 0;
  return h >>> 0;
}

/**
 * Occurrences in `text` of values the session knows, outside `taken` spans (sorted, disjoint).
 * One rolling pass; a 64 Ki-bit filter on the anchors keeps the pass to a few operations a character.
 */
export function knownValues(
  text: string,
  known: KnownValues,
  key: Buffer,
  taken: readonly ValueSpan[],
): ValueSpan[] {
  if (known.values.length === 0 || text.length < ANCHOR) return [];
  const byAnchor = new Map<number, KnownValues['values']>();
  const filter = new Uint8Array(8192);
  for (const v of known.values) {
    const list = byAnchor.get(v.anchor);
    if (list) list.push(v);
    else byAnchor.set(v.anchor, [v]);
    const k = v.anchor >>> 16;
    filter[k >> 3]! |= 1 << (k & 7);
  }
  const { b, top } = baseOf(key);
  const out: ValueSpan[] = [];
  let t = 0;
  let h = 0;
  for (let i = 0; i < ANCHOR; i++) h = (Math.imul(h, b) + text.charCodeAt(i)) | 0;
  for (let p = 0; p + ANCHOR <= text.length; p++) {
    if (p > 0) {
      h = (Math.imul(h - Math.imul(text.charCodeAt(p - 1), top), b) + text.charCodeAt(p + ANCHOR - 1)) | 0;
    }
    const u = h >>> 0;
    const k = u >>> 16;
    if ((filter[k >> 3]! & (1 << (k & 7))) === 0) continue;
    const list = byAnchor.get(u);
    if (!list) continue;
    while (t < taken.length && taken[t]!.end <= p) t++;
    if (t < taken.length && taken[t]!.start <= p) continue;
    if (out.length > 0 && out[out.length - 1]!.end > p) continue;
    for (const v of list) {
      const end = p + v.length;
      if (end > text.length || (t < taken.length && taken[t]!.start < end)) continue;
      if (!bounded(text, p, end) || valueIdentity(key, text.slice(p, end)) !== v.identity) continue;
      out.push({ start: p, end, rule: v.rule });
      break;
    }
  }
  return out;
}

// Numbers and counts in words, the same in every room: the window's focus line, the agents' live
// context, a pack's footer and the CLI say `1,234 files` and `34.1k tokens` alike. No Intl: its
// first call costs ~15 ms and ~5 MB of locale data (~100 ms in Chromium), more than formatting
// every number of a pack.

/** `1234567` -> `1,234,567`, exactly as `toLocaleString('en-US')` writes it; non-integers and non-finite numbers fall back to it. */
export function groupDigits(x: number): string {
  if (!Number.isSafeInteger(x) || Object.is(x, -0)) return x.toLocaleString('en-US');
  const digits = String(Math.abs(x));
  let i = digits.length % 3 || 3;
  let out = digits.slice(0, i);
  for (; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return x < 0 ? `-${out}` : out;
}

/** The word for a count: `file` for 1, `files` otherwise. */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** `1 file`, `2 files`, `1,234 matches`: the count grouped, the word by the count. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${groupDigits(n)} ${noun(n, one, many)}`;
}

const trim = (s: string) => s.replace(/\.0$/, '');

/** A count at a glance: `999`, `1.2k`, `12.3k`, `123k`, `1.2M`, `123M`. */
export function compactCount(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 100_000) return `${trim((n / 1000).toFixed(1))}k`;
  if (n < 999_500) return `${Math.round(n / 1000)}k`;
  if (n < 100_000_000) return `${trim((n / 1_000_000).toFixed(1))}M`;
  return `${Math.round(n / 1_000_000)}M`;
}

/** What a session's reads delivered against the same files read whole (from the ledger, never estimated). */
export interface Savings {
  /** Result tokens of the calls that read files (get_file and pack). */
  delivered: number;
  /** What the files those calls read or referenced cost whole, at the content they had then. */
  whole: number;
}

/** `delivered 23.5k tokens; whole files 51.2k; saved 27.7k (54%)`; undefined when nothing was read. */
export function savingsText(s: Savings): string | undefined {
  if (s.whole <= 0) return undefined;
  const head = `delivered ${compactCount(s.delivered)} tokens; whole files ${compactCount(s.whole)}`;
  const saved = s.whole - s.delivered;
  if (saved < 0) return `${head}; ${compactCount(-saved)} more than whole files`;
  return `${head}; saved ${compactCount(saved)} (${Math.round((saved / s.whole) * 100)}%)`;
}

// Whitespace other than the space, separators, and invisible or control characters (bidi marks
// and overrides, C1 controls, line separators): JSON leaves many of them as they are.
const INVISIBLE = /[\s\p{C}\p{Z}]/gu;

/**
 * JSON text (a name, a ready tool call's arguments) in which every invisible or line-breaking
 * character is a `\uXXXX` escape: `JSON.parse` gives back the exact value, and the text cannot
 * reorder or split the line it sits in.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(INVISIBLE, (ch) => {
    if (ch === ' ') return ch;
    let out = '';
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

// Text helpers for the search index: case folding that keeps offsets, line starts, and the
// smart-case rule (case-insensitive unless the query has capitals).
export { lineAt, lineStarts } from '../util/lines';

/**
 * Lower case with every offset kept: `fold(s)[i]` stands for `s[i]`. `toLowerCase` keeps the
 * length except for the few characters whose lower case is longer (U+0130 `İ`); for text that
 * holds one, each such character is kept as it is.
 */
export function fold(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (const ch of s) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Whether a literal query asks for exact case: it has a capital letter. */
export function literalIsCaseSensitive(query: string): boolean {
  return query !== fold(query);
}

/** Whether a regular expression asks for exact case: a capital outside escapes (`\S`, `\W` …) and `(?i)`. */
export function regexIsCaseSensitive(pattern: string): boolean {
  if (/\(\?[a-zA-Z]*i/.test(pattern)) return false;
  const bare = pattern.replace(/\\./g, '');
  return bare !== fold(bare);
}

/** Number of lines as editors count them (a final newline ends the last line). */
export function lineTotal(text: string, starts: Uint32Array): number {
  if (!text) return 0;
  return text.endsWith('\n') ? starts.length - 1 : starts.length;
}

/** Line `n` (1-based) without its line break. */
export function lineText(text: string, starts: Uint32Array, n: number): string {
  const from = starts[n - 1];
  if (from === undefined) return '';
  const next = starts[n];
  let to = next === undefined ? text.length : next - 1;
  if (to > from && text.charCodeAt(to - 1) === 13) to--;
  return text.slice(from, to);
}

const WORD = /[\p{L}\p{N}_$]/u;

/** Whether the character at `i` belongs to an identifier (false outside the text). */
export function isWordChar(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 128)
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  return WORD.test(text[i]!);
}

/** Whether [start, end) is a whole identifier or stands apart from identifiers at both ends. */
export function isWholeWord(text: string, start: number, end: number): boolean {
  return (
    !(isWordChar(text, start - 1) && isWordChar(text, start)) &&
    !(isWordChar(text, end) && isWordChar(text, end - 1))
  );
}

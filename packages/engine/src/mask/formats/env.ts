// `.env` files: `[export] KEY=value` with single, double or backtick quotes (double quotes take
// escapes; quoted values may span lines) or unquoted values ending at ` #`. Values of keys that
// name a secret are masked (environment naming: STRIPE_KEY, DB_PASS, … count).
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

export interface EnvValue {
  key: string;
  keyStart: number;
  /** Content bounds (quotes excluded). */
  start: number;
  end: number;
  quoted: boolean;
  /** Offset where the next assignment may begin. */
  next: number;
}

/** Reads one `KEY=value` assignment at `at` (after indentation and `export`), or undefined. */
export function readAssignment(text: string, at: number, lineEnd: number): EnvValue | undefined {
  const m = /^(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*/.exec(text.slice(at, lineEnd));
  if (!m) return undefined;
  const key = m[1]!;
  const keyStart = at + m[0].indexOf(key, m[0].startsWith('export') ? 6 : 0);
  const v = at + m[0].length;
  const q = text[v];
  if (q === '"' || q === "'" || q === '`') {
    let i = v + 1;
    while (i < text.length && text[i] !== q) i += q === '"' && text[i] === '\\' ? 2 : 1;
    if (i < text.length) {
      const nl = text.indexOf('\n', i);
      return { key, keyStart, start: v + 1, end: i, quoted: true, next: nl < 0 ? text.length : nl + 1 };
    }
  }
  let end = v;
  while (
    end < lineEnd &&
    !(text[end] === '#' && (end === v || text[end - 1] === ' ' || text[end - 1] === '\t'))
  )
    end++;
  while (end > v && /\s/.test(text[end - 1]!)) end--;
  return { key, keyStart, start: v, end, quoted: false, next: lineEnd + 1 };
}

export function scanEnv(text: string, out: Candidate[]): void {
  let i = 0;
  while (i < text.length) {
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = text.length;
    let at = i;
    while (at < lineEnd && (text[at] === ' ' || text[at] === '\t')) at++;
    const a = text[at] === '#' ? undefined : readAssignment(text, at, lineEnd);
    if (a) {
      if (isSecretKey(a.key, true)) pushValue(out, text, a.start, a.end, LABEL.value);
      i = Math.max(a.next, lineEnd + 1);
    } else i = lineEnd + 1;
  }
}

// JDBC and ADO.NET connection strings: only `Password=` / `Pwd=` values are masked, and only in a
// string that looks like a connection string (`;`-separated, with a server/database/user key).
// Matches come in text order, so every "next X at or after here" is a cursor that only moves
// forward: a line of many `pwd=` is read once, not once per match (linear in the text).
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { pushValue } from './values';

const PASSWORD = /(?:^|[;\s"'{(,])(password|pwd)\s*=\s*/gi;
const CONTEXT =
  /(?:^|[;\s"'])(?:server|data source|host|hostname|address|addr|network address|database|databasename|dbname|initial catalog|user id|userid|uid|user|username|port|driver|provider|dsn|trusted_connection|integrated security|encrypt|sslmode|servicename|service name)\s*=/i;
const AROUND = 512;

export function scanConnectionStrings(text: string, out: Candidate[]): void {
  const newline = firstOf(text, (c) => c === '\n');
  const unquotedEnd = firstOf(text, (c) => ';"\'<\r\n'.includes(c));
  const brace = firstOf(text, (c) => c === '}');
  const quoted = { '"': oddRun(text, '"'), "'": oddRun(text, "'") };
  PASSWORD.lastIndex = 0;
  for (let m = PASSWORD.exec(text); m; m = PASSWORD.exec(text)) {
    const valueStart = m.index + m[0].length;
    const lineEnd = newline(valueStart);
    const around = text.slice(lineStartWithin(text, m.index), Math.min(lineEnd, valueStart + AROUND));
    if (!around.includes(';') || !CONTEXT.test(around)) continue;
    const open = text[valueStart];
    let start = valueStart;
    let end: number;
    if (open === "'" || open === '"') {
      // Up to the first lone quote (a doubled one is an escaped quote), or the line's end.
      start++;
      end = Math.min(lineEnd, quoted[open](start));
    } else if (open === '{') {
      start++;
      end = brace(start);
      if (end >= text.length || end > lineEnd) continue;
    } else end = unquotedEnd(start);
    pushValue(out, text, start, end, LABEL.conn);
  }
}

/** The line's start, or AROUND before `at` if the line starts earlier: only that much is looked at. */
function lineStartWithin(text: string, at: number): number {
  const lo = Math.max(0, at - AROUND);
  for (let k = Math.min(at, text.length - 1); k >= lo; k--) if (text[k] === '\n') return k + 1;
  return lo;
}

/** The first index ≥ p whose character passes `test` (text.length if none), for p that never decreases. */
function firstOf(text: string, test: (c: string) => boolean): (p: number) => number {
  let from = 0;
  let at = -1;
  return (p) => {
    if (p < from || p > at) {
      from = p;
      at = p;
      while (at < text.length && !test(text[at]!)) at++;
    }
    return at;
  };
}

/**
 * Where a quoted value opened just before `s` ends when `qq` is an escaped quote: the last quote
 * of the first run of an odd number of quotes (counting from `s` in a run that `s` is inside),
 * text.length if none. For `s` that never decreases.
 */
function oddRun(text: string, q: string): (s: number) => number {
  let from = 0;
  let at = -1;
  const runFrom = (p: number): number => {
    let k = p;
    while (k < text.length && text[k] === q) k++;
    return k;
  };
  return (s) => {
    // The rest of a run `s` is inside: odd ends the value at its last quote, even is skipped.
    const afterRun = runFrom(s);
    if ((afterRun - s) % 2 === 1) return afterRun - 1;
    if (afterRun < from || afterRun > at) {
      from = afterRun;
      at = text.length;
      for (let k = text.indexOf(q, afterRun); k >= 0; k = text.indexOf(q, k)) {
        const end = runFrom(k);
        if ((end - k) % 2 === 1) {
          at = end - 1;
          break;
        }
        k = end;
      }
    }
    return at;
  };
}

// Connection strings by cursors (formats/connstr.ts) against the scan per match it replaced, on
// random texts made of the pieces its branches turn on, and on a hostile line.
import { rng } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates';
import { scanConnectionStrings } from './formats/connstr';
import { LABEL } from './formats/labels';
import { pushValue } from './formats/values';

const PASSWORD = /(?:^|[;\s"'{(,])(password|pwd)\s*=\s*/gi;
const CONTEXT =
  /(?:^|[;\s"'])(?:server|data source|host|hostname|address|addr|network address|database|databasename|dbname|initial catalog|user id|userid|uid|user|username|port|driver|provider|dsn|trusted_connection|integrated security|encrypt|sslmode|servicename|service name)\s*=/i;

/** The scan as it was (each match read its line again: matches × line length); the oracle. */
function asItWas(text: string, out: Candidate[]): void {
  PASSWORD.lastIndex = 0;
  for (let m = PASSWORD.exec(text); m; m = PASSWORD.exec(text)) {
    const valueStart = m.index + m[0].length;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    let lineEnd = text.indexOf('\n', valueStart);
    if (lineEnd < 0) lineEnd = text.length;
    const around = text.slice(Math.max(lineStart, m.index - 512), Math.min(lineEnd, valueStart + 512));
    if (!around.includes(';') || !CONTEXT.test(around)) continue;
    const open = text[valueStart];
    let start = valueStart;
    let end: number;
    if (open === "'" || open === '"') {
      start++;
      end = start;
      while (end < lineEnd && !(text[end] === open && text[end + 1] !== open))
        end += text[end] === open ? 2 : 1;
    } else if (open === '{') {
      start++;
      end = text.indexOf('}', start);
      if (end < 0 || end > lineEnd) continue;
    } else {
      end = start;
      while (end < lineEnd && !';"\'<\r'.includes(text[end]!)) end++;
    }
    pushValue(out, text, start, end, LABEL.conn);
  }
}

const scan = (f: (t: string, o: Candidate[]) => void, text: string) => {
  const out: Candidate[] = [];
  f(text, out);
  return out;
};

describe('connection strings', () => {
  it('finds exactly what the scan per match found, on random texts', () => {
    const r = rng(26);
    const pieces = [
      'Password=',
      'pwd =',
      ';',
      'Server=db;',
      'User Id=sa;',
      '"',
      "'",
      '""',
      "''",
      '{',
      '}',
      'hunter2X9',
      's3cr3t!',
      '\n',
      '\r',
      ' ',
      ',',
      '(',
      '<',
      'x'.repeat(300),
    ];
    for (let round = 0; round < 4000; round++) {
      const text = Array.from(
        { length: Math.floor(r() * 24) },
        () => pieces[Math.floor(r() * pieces.length)]!,
      ).join('');
      expect(scan(scanConnectionStrings, text), text).toEqual(scan(asItWas, text));
    }
  });

  it('reads a one-line text of many passwords once', () => {
    // Built at run time so this source holds no secret-shaped literal (the false-positive corpus reads it).
    const unit = `Server=db;${['Pass', 'word'].join('')}="aZ3$kLp9Qx" ;pwd={x ;Pwd='q''q ,pwd=abc `;
    const text = unit.repeat(20_000); // 1.1 MB on one line, no closing brace or quote after the first
    const t = process.cpuUsage();
    const out = scan(scanConnectionStrings, text);
    const cpu = process.cpuUsage(t);
    expect(out.length).toBeGreaterThan(20_000);
    // The answer is a count's; this bound only tells linear (well under a second) from per-match rescans (minutes).
    expect((cpu.user + cpu.system) / 1e6).toBeLessThan(5);
    const head = text.slice(0, unit.length * 200);
    expect(scan(scanConnectionStrings, head)).toEqual(scan(asItWas, head));
  });
});

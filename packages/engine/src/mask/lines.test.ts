// A line's facts once per file (lines.ts) against the line made per match as it was: the same
// `gitleaks:allow` answer and the same allowlist answer for every match, on random texts.
import { rng } from '@loupe/common';
import RE2 from 're2';
import { describe, expect, it } from 'vitest';
import { FileLines } from './lines';

const NL = 10;

/** Gitleaks' Finding.Line as the detector made it for each match (the oracle). */
function lineAsItWas(buf: Buffer, start: number, end: number, noNewline: boolean): string {
  if (noNewline) return buf.toString('utf8', 0, Math.max(buf.length, end));
  const from = Math.max(0, buf.lastIndexOf(NL, start));
  let to = buf.indexOf(NL, end);
  if (to < 0) {
    if (buf.indexOf(NL, start) < 0) {
      to = end;
      while (to < buf.length && buf[to] !== NL && buf[to] !== 13) to++;
    } else to = end;
  }
  return buf.toString('utf8', from, Math.max(to, end));
}

describe('a line, once per file', () => {
  it('answers every match as its own line did', () => {
    const r = rng(42);
    const pieces = [
      'x',
      'gitleaks:allow',
      'gitleaks:',
      'allow',
      '\n',
      '\r',
      'é',
      '\xff',
      '--mount=type=secret,',
      ' ',
    ];
    const sets = [new RE2.Set(['--mount=type=secret,', 'é x']), new RE2.Set(['^\\n?x', 'allow$'])];
    for (let round = 0; round < 1500; round++) {
      const parts = Array.from(
        { length: Math.floor(r() * 14) },
        () => pieces[Math.floor(r() * pieces.length)]!,
      );
      // Invalid UTF-8 on purpose: the decoded line is what the allowlists see.
      const buf = Buffer.concat(parts.map((p) => (p === '\xff' ? Buffer.from([0xff]) : Buffer.from(p))));
      const lines = new FileLines(buf);
      const noNewline = buf.indexOf(NL) < 0;
      for (let k = 0; k < 8; k++) {
        const start = Math.floor(r() * (buf.length + 1));
        const end = start + Math.floor(r() * (buf.length - start + 1));
        const expected = lineAsItWas(buf, start, end, noNewline);
        const line = lines.around(start, end);
        expect(buf.toString('utf8', line.from, line.to)).toBe(expected);
        expect(lines.allowSigned(line)).toBe(expected.includes('gitleaks:allow'));
        const test = lines.tester(line);
        for (const set of sets) expect(test(set)).toBe(set.test(expected));
      }
    }
  });

  it('tests a long line against a list once, however many matches it holds', () => {
    const buf = Buffer.from('key = "x" '.repeat(100_000));
    const lines = new FileLines(buf);
    const tested: string[] = [];
    const set = new RE2.Set(['--mount=type=secret,']);
    const counting = {
      test: (s: string) => {
        tested.push(s);
        return set.test(s);
      },
    } as unknown as InstanceType<typeof RE2.Set>;
    let allowed = 0;
    for (let at = 0; at < buf.length; at += 10) {
      const line = lines.around(at, at + 9);
      if (lines.allowSigned(line) || lines.tester(line)(counting)) allowed++;
    }
    expect(allowed).toBe(0);
    expect(tested).toHaveLength(1);
    expect(tested[0]).toHaveLength(buf.length);
  });
});

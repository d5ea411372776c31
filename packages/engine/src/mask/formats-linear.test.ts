// Format-tier steps rewritten to read a long line once (code.ts `continues`, pem.ts `pemBody`)
// against the expressions they replaced, on random texts, and hostile one-line files that took
// matches × line length before.
import { rng } from '@loupe/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { continues } from './formats/code';
import { pemBody } from './formats/pem';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

const CONTINUED = /(?:\s|\\\r?\n|#[^\n]*)*[rRbBuUfF]{0,2}["']/y;

/** pemBody as it was (its END marker looked for back to the text's start); the oracle. */
function pemBodyAsItWas(text: string, start: number, end: number) {
  const headerEnd = text.indexOf('-----', start + 10);
  if (headerEnd < 0 || headerEnd >= end) return undefined;
  let from = headerEnd + 5;
  const endMarker = text.lastIndexOf('-----END', end);
  if (endMarker < from) return undefined;
  let to = endMarker;
  // The armor headers are skipped as pemBody does: the same call on the text from `from` on.
  from = pemBody(`-----BEGIN X-----${text.slice(from, to)}-----END X-----`, 0, 1e9)?.start ?? -1;
  if (from < 0) return undefined;
  from += headerEnd + 5 - 17;
  const isBreak = (c: string) => c === '\n' || c === '\r' || c === ' ' || c === '\t';
  for (;;) {
    if (to > from && isBreak(text[to - 1]!)) to--;
    else if (to - 2 >= from && text[to - 2] === '\\' && /[nr]/.test(text[to - 1]!)) to -= 2;
    else if (to > from && text[to - 1] === '"') to--;
    else break;
  }
  return to > from ? { start: from, end: to } : undefined;
}

let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});

describe('format steps that read a line once', () => {
  it('answers "another literal follows" as the expression did', () => {
    const r = rng(240);
    const pieces = [
      ' ',
      '\t',
      '\n',
      '\r',
      '\\',
      '#',
      '"',
      "'",
      'r',
      'b',
      'f',
      'U',
      'x',
      '\u00a0',
      '\u2028',
      '# c',
      'rb',
    ];
    for (let round = 0; round < 20_000; round++) {
      const text = Array.from(
        { length: Math.floor(r() * 10) },
        () => pieces[Math.floor(r() * pieces.length)]!,
      ).join('');
      for (let at = 0; at <= text.length; at++) {
        CONTINUED.lastIndex = at;
        expect(continues(text, at), JSON.stringify([text, at])).toBe(CONTINUED.test(text));
      }
    }
  });

  it('finds the same PEM body as the lookup back to the start did', () => {
    const r = rng(82);
    const pieces = [
      '-----BEGIN RSA PRIVATE KEY-----',
      '-----END RSA PRIVATE KEY-----',
      '-----END',
      '-----',
      'MIIEow',
      '\n',
      '\\n',
      ' ',
      '"',
      'Version: 1\n',
    ];
    let bodies = 0;
    for (let round = 0; round < 20_000; round++) {
      const text = Array.from(
        { length: Math.floor(r() * 8) },
        () => pieces[Math.floor(r() * pieces.length)]!,
      ).join('');
      const start = Math.floor(r() * (text.length + 1));
      const end = start + Math.floor(r() * (text.length - start + 1));
      const body = pemBody(text, start, end);
      if (body) bodies++;
      expect(body, JSON.stringify([text, start, end])).toEqual(pemBodyAsItWas(text, start, end));
    }
    expect(bodies).toBeGreaterThan(150);
  });

  // Built at run time so this source holds no secret-shaped literal (the false-positive corpus reads it).
  it.each([
    ['a.py', `${'pass'}word = '${'abc123'}XYZ789' # `],
    ['a.txt', '-----BEGIN RSA PRIVATE KEY----- '],
    ['a.ts', 'const password = "'],
  ])('masks a one-line %s of many places in time linear in its size', (path, unit) => {
    const cpu = (mib: number) => {
      const text = unit.repeat(Math.ceil((mib * 1024 * 1024) / unit.length));
      const t = process.cpuUsage();
      const out = maskText(text, path, rules, new MaskSession());
      const c = process.cpuUsage(t);
      expect(out.withheld).toBeUndefined();
      return (c.user + c.system) / 1e6;
    };
    cpu(0.05); // warm
    // The least of three runs each: a pause for GC or a busy machine only ever adds CPU time. The
    // sizes take turns, so a busy spell of the machine weighs on both alike, not on one size's runs.
    let small = Number.POSITIVE_INFINITY;
    let large = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      small = Math.min(small, cpu(0.25));
      large = Math.min(large, cpu(1));
    }
    // Four times the bytes: linear is about 4x; the old steps were 9-13x. Floors keep noise out.
    expect(large).toBeLessThan(Math.max(small, 0.1) * 7);
  });
});

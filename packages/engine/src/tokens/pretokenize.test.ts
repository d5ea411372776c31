// The hand-written o200k pre-tokenizer against the pattern itself: the same pieces, boundary for
// boundary, on random strings over the characters each alternative turns on (ASCII classes, the
// contractions, and non-ASCII letters, digits, marks and spaces it must leave to the pattern), on
// the generated corpus and on real files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rng } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { corpus } from './corpus';
import { withoutCaptures } from './count';
import { O200K_PATTERN, o200kPiece } from './pretokenize';
import { rankFile } from './ranks';

const source = withoutCaptures(O200K_PATTERN);

/** Piece ends as js-tiktoken finds them (matchAll). */
function byPattern(text: string): number[] {
  return [...text.matchAll(new RegExp(source, 'gu'))].map((m) => m.index + m[0].length);
}

/** Piece ends with the hand-written pre-tokenizer first, the pattern where it declines. */
function byHand(text: string): number[] {
  const sticky = new RegExp(source, 'yu');
  const search = new RegExp(source, 'gu');
  const out: number[] = [];
  let pos = 0;
  while (pos < text.length) {
    let end = o200kPiece(text, pos);
    if (end < 0) {
      sticky.lastIndex = pos;
      if (sticky.test(text)) end = sticky.lastIndex;
      else {
        search.lastIndex = pos;
        const m = search.exec(text);
        if (!m) break;
        end = m.index + m[0].length;
      }
    }
    out.push(end);
    pos = end;
  }
  return out;
}

const EDGE = [
  ...'aAzZbYmM09 \t\n\r\u000b\u000c\'"sStTrReEvVlLdD/._-(){}[];:,!?@#$%^&*+=<>|\\`~',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
];
const WIDE = [
  'é',
  'Ω',
  '中',
  '\u00a0',
  '\u2028',
  '٣',
  '\u0301',
  '😀',
  'ß',
  'İ',
  'ǅ',
  '\u3000',
  '\ufeff',
  '\u0085',
];

describe('o200k pre-tokenizer', () => {
  it('reproduces the pattern js-tiktoken ships for o200k_base', () => {
    const file = rankFile('o200k_base');
    expect(file.pat_str).toBe(O200K_PATTERN);
  });

  it('finds the pattern’s pieces on 300,000 random strings', () => {
    const r = rng(8);
    let checked = 0;
    const bad: string[] = [];
    for (let k = 0; k < 300_000; k++) {
      let text = '';
      const n = 1 + Math.floor(r() * 24);
      for (let i = 0; i < n; i++)
        text += r() < 0.9 ? EDGE[Math.floor(r() * EDGE.length)] : WIDE[Math.floor(r() * WIDE.length)];
      checked++;
      if (byHand(text).join() !== byPattern(text).join()) bad.push(JSON.stringify(text));
      if (bad.length > 5) break;
    }
    expect(bad).toEqual([]);
    expect(checked).toBe(300_000);
  });

  it('finds the pattern’s pieces on the generated corpus and on real files', () => {
    const texts = corpus(4711, 1_500_000).map((d) => d.text);
    const require = createRequire(import.meta.url);
    for (const m of ['typescript/lib/lib.es5.d.ts', 'picomatch/README.md', 're2/vendor/re2/re2/re2.cc'])
      try {
        texts.push(readFileSync(require.resolve(m), 'utf8'));
      } catch {
        // a layout change in a package: the generated corpus carries the test
      }
    for (const text of texts) expect(byHand(text).join()).toBe(byPattern(text).join());
  });
});

import { describe, expect, it } from 'vitest';
import { compareBytewise, sortBytewise } from './order';

// Characters from every UTF-8 length, and the ranges where UTF-16 order differs from byte order.
const ALPHABET = [
  'a',
  'B',
  '-',
  '/',
  '.',
  '_',
  '~',
  'é',
  'ß',
  '中',
  '\uE000',
  '\uFFFD',
  '😀',
  '𝔸',
  '\u{10FFFD}',
  ' ',
  '0',
];

function randomString(rnd: () => number): string {
  let s = '';
  const n = Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(rnd() * ALPHABET.length)];
  return s;
}

function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

describe('compareBytewise', () => {
  it('agrees with Buffer.compare of the UTF-8 bytes on 20,000 random pairs', () => {
    const rnd = seeded(7);
    for (let i = 0; i < 20_000; i++) {
      const a = randomString(rnd);
      const b = randomString(rnd);
      const expected = Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
      expect([a, b, Math.sign(compareBytewise(a, b))]).toEqual([a, b, expected]);
    }
  });

  it('puts an astral character after a private-use BMP one (where UTF-16 order disagrees)', () => {
    expect('😀' < '\uE000').toBe(true);
    expect(compareBytewise('😀', '\uE000')).toBeGreaterThan(0);
  });

  it('sorts only when needed and then bytewise', () => {
    const sorted = ['A', 'B', 'a', 'b'];
    expect(sortBytewise([...sorted], (s) => s)).toEqual(sorted);
    expect(sortBytewise(['b', '😀', 'a', '\uE000'], (s) => s)).toEqual(['a', 'b', '\uE000', '😀']);
  });
});

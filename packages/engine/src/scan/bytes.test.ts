import { compareBytewise, sortBytewise } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { fromBytes, toBytes } from './bytes';

describe('byte order', () => {
  const words = ['b', 'a', 'é', 'z', '😀', '\ue000', 'A', 'a/b', 'a b', 'ä'];
  const byBuffer = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));

  it('compareBytewise orders like UTF-8 bytes, astral characters after U+E000', () => {
    expect([...words].sort(compareBytewise)).toEqual(byBuffer);
    expect(compareBytewise('😀', '\ue000')).toBeGreaterThan(0);
    expect('😀' < '\ue000').toBe(true); // what plain JS comparison would get wrong
  });

  it('sortBytewise uses the fast path only when it agrees', () => {
    expect(sortBytewise([...words], (w) => w)).toEqual(byBuffer);
    expect(sortBytewise(['b', 'a', 'C'], (w) => w)).toEqual(['C', 'a', 'b']);
  });

  it('round-trips byte strings', () => {
    for (const w of words) expect(fromBytes(toBytes(w))).toBe(w);
    expect(toBytes('é').length).toBe(2);
  });
});

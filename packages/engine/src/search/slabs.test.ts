// The slab allocator: arrays cut from one buffer never overlap, and large ones get their own.
import { describe, expect, it } from 'vitest';
import { buildGrams, mayContain, needleGrams } from './grams';
import { slabUint32 } from './slabs';

describe('slabUint32', () => {
  it('cuts arrays of the asked length from shared buffers, none overlapping another', () => {
    const alloc = slabUint32();
    const arrays = Array.from({ length: 5000 }, (_, i) => alloc(((i * 37) % 2000) + 1));
    for (const [i, a] of arrays.entries()) a.fill(i);
    arrays.forEach((a, i) => {
      expect(a.length).toBe(((i * 37) % 2000) + 1);
      expect(a.every((v) => v === i)).toBe(true);
    });
    expect(new Set(arrays.map((a) => a.buffer)).size).toBeLessThan(5); // shared, not one each
    expect(alloc(1 << 20).byteOffset).toBe(0); // a large array is a buffer of its own
  });

  it('gives grams that filter as plain ones do', () => {
    const alloc = slabUint32();
    const text = 'export function handleRequest(req, res) { return res.send(req.body); }'.toLowerCase();
    const plain = buildGrams(text);
    const cut = buildGrams(text, alloc);
    expect([...cut.bits]).toEqual([...plain.bits]);
    expect(mayContain(cut, needleGrams('handlerequest'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { groupDigits } from './digits';
import { rng } from './random';

describe('groupDigits', () => {
  it("writes what toLocaleString('en-US') writes", () => {
    const r = rng(7);
    const cases = [
      0,
      1,
      -1,
      12,
      999,
      1000,
      -1000,
      1234567,
      100000,
      999999,
      1000000,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      0.5,
      1234.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -0,
    ];
    for (let k = 0; k < 2000; k++)
      cases.push(Math.floor(r() * 10 ** Math.floor(r() * 16)) * (r() < 0.2 ? -1 : 1));
    for (const x of cases) expect(groupDigits(x), String(x)).toBe(x.toLocaleString('en-US'));
  });
});

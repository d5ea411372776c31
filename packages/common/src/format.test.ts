import { describe, expect, it } from 'vitest';
import { compactCount, groupDigits, plural, safeJson } from './format';
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

describe('plural', () => {
  it('groups the count and picks the word by it', () => {
    expect([0, 1, 2, 1234].map((n) => plural(n, 'file'))).toEqual([
      '0 files',
      '1 file',
      '2 files',
      '1,234 files',
    ]);
    expect(plural(1, 'match', 'matches')).toBe('1 match');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
  });
});

describe('compactCount', () => {
  it('shows counts at a glance, rounding at each unit boundary', () => {
    expect(
      [0, 999, 1000, 1234, 12_345, 99_949, 123_456, 999_499, 999_500, 1_234_567, 123_456_789].map(
        compactCount,
      ),
    ).toEqual(['0', '999', '1k', '1.2k', '12.3k', '99.9k', '123k', '999k', '1M', '1.2M', '123M']);
  });
});

describe('safeJson', () => {
  it('escapes what would reorder or split a line, and parses back to the same value', () => {
    const name = 'a\u202eb\u2028c\u0085d\u200fe f\tg\u00a0h';
    const text = safeJson({ path: name });
    expect(text).toBe('{"path":"a\\u202eb\\u2028c\\u0085d\\u200fe f\\tg\\u00a0h"}');
    expect(JSON.parse(text)).toEqual({ path: name });
    expect(safeJson('plain/ünï.ts')).toBe('"plain/ünï.ts"');
  });
});

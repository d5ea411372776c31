// Known wildmatch behaviour, including the quirks git has (the differential test covers the rest).
import { describe, expect, it } from 'vitest';
import { toBytes } from './bytes';
import { WM_CASEFOLD, WM_PATHNAME, wildmatch } from './wildmatch';

const P = WM_PATHNAME;
const cases: Array<[pattern: string, text: string, flags: number, expected: boolean]> = [
  ['foo', 'foo', 0, true],
  ['foo', 'bar', 0, false],
  ['*', 'foo/bar', 0, true],
  ['*', 'foo/bar', P, false],
  ['f*', 'foo', P, true],
  ['*/bar', 'foo/bar', P, true],
  ['*/bar', 'a/foo/bar', P, false],
  ['**/bar', 'a/foo/bar', P, true],
  ['**/bar', 'bar', P, true],
  ['foo/**', 'foo/a/b', P, true],
  ['foo/**', 'foo', P, false],
  ['a/**/b', 'a/b', P, true],
  ['a/**/b', 'a/x/y/b', P, true],
  ['a**b', 'a/x/b', P, false],
  ['a**b', 'axxb', P, true],
  ['?', '/', P, false],
  ['?', '/', 0, true],
  ['[ab]', 'a', P, true],
  ['[!ab]', 'a', P, false],
  ['[^ab]', 'c', P, true],
  ['[a-c]', 'b', P, true],
  ['[]a]', ']', P, true],
  ['[a-]', '-', P, true],
  ['[!/]', '/', P, false],
  ['[[:digit:]]x', '7x', P, true],
  ['[[:upper:]]', 'a', P | WM_CASEFOLD, true],
  ['[[:bogus:]]', 'a', P, false],
  ['[abc', 'a', P, false],
  ['\\*', '*', P, true],
  ['\\*', 'x', P, false],
  ['A*', 'abc', WM_CASEFOLD, true],
  ['\\A', 'A', WM_CASEFOLD, false], // git compares the escaped character unfolded
  ['*.c', '.c', P, true],
  ['??', toBytes('é'), P, true], // bytes, not characters
  ['?', toBytes('é'), P, false],
];

describe('wildmatch', () => {
  for (const [pattern, text, flags, expected] of cases) {
    it(`${JSON.stringify(pattern)} ~ ${JSON.stringify(text)} (flags ${flags}) is ${expected}`, () => {
      expect(wildmatch(pattern, text, flags)).toBe(expected);
    });
  }
});

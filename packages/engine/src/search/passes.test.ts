// The first pass over many files: the cheap filters are asked only where they pay (per window of
// files), which must never change what is found; the second pass completes the files near the top.
import { describe, expect, it } from 'vitest';
import { buildGrams } from './grams';
import { literalMatcher, regexMatcher } from './match';
import { FIRST_KEEP, type MatchInput, matchAll } from './passes';
import type { ContentEntry, PathRecord } from './search-index';
import { fold, lineStarts } from './text';

function entry(text: string): ContentEntry {
  const folded = fold(text);
  return {
    hash: `h${text.length}`,
    text,
    folded,
    starts: lineStarts(text),
    grams: buildGrams(folded),
    privateSpans: [],
    slot: -1,
    declarations: new Map(),
    memo: new Map(),
    refs: 1,
    utf8: undefined,
  };
}

function input(texts: string[], query: string, regex = false): MatchInput {
  const files = texts.map((_, i) => ({
    path: `src/f${String(i).padStart(5, '0')}.ts`,
    size: 1,
    mtimeMs: 1,
    tracked: true,
    symlink: false,
  }));
  const records: PathRecord[] = texts.map((t, i) => ({
    path: files[i]!.path,
    size: 1,
    mtimeMs: 1,
    entry: entry(t),
  }));
  return {
    files,
    records,
    matcher: regex ? regexMatcher(query) : literalMatcher(query),
    query,
    explicit: new Set(),
    deadline: Number.POSITIVE_INFINITY,
    secondPassTop: 10,
    skip: () => {},
  };
}

describe('first pass', () => {
  it('finds every matching file whether or not the filters are asked (regions of common and rare matches)', () => {
    // 5,000 files: stretches where the query is in nearly every file (the filter stops being asked),
    // then stretches where it is rare (the filter rules files out again).
    const texts = Array.from({ length: 5000 }, (_, i) => {
      const common = Math.floor(i / 700) % 2 === 0;
      const has = common ? i % 17 !== 0 : i % 97 === 0;
      return has ? `const x${i} = placeOrder(${i});\n` : `const y${i} = cancel(${i});\n`;
    });
    for (const [query, regex] of [
      ['placeorder', false],
      ['placeOrder(', false],
      ['place\\w+\\(', true],
    ] as const) {
      const { matching } = matchAll(input(texts, query, regex));
      const expected = texts.flatMap((t, i) => (/placeOrder/.test(t) ? [i] : []));
      expect(matching.at, query).toEqual(expected);
    }
  });

  it('keeps the first matches of every file, and all of them for the files with more', () => {
    const many = Array.from({ length: 20 }, (_, k) => `cart${k} cart`).join('\n');
    const texts = ['a cart', many, 'no match', 'cart cart'];
    // Not a query of word characters (those count every match in one pass): two letters.
    const { matching } = matchAll(input(texts, 'rt'));
    expect(matching.at).toEqual([0, 1, 3]);
    // Few files match: every file with more than the first pass kept gets the second pass.
    expect(matching.count).toEqual([1, 40, 2]);
    expect(matching.deep).toEqual([0, 1, 0]);
    expect(matching.count[1]).toBeGreaterThan(FIRST_KEEP);
  });
});

// Matching one file: literals with smart case, RE2 with a literal prefilter that must never drop a
// file RE2 would match (checked against RE2 itself over generated texts), spans no query may touch.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildGrams, mayContain, needleGrams } from './grams';
import { LiteralSearch, literalMatcher, regexMatcher, requiredLiteral } from './match';
import type { ContentEntry } from './search-index';
import { fold, lineStarts } from './text';

const RE2 = createRequire(import.meta.url)('re2') as new (p: string, f?: string) => RegExp;

function entry(text: string, privateSpans: number[] = []): ContentEntry {
  return {
    hash: 'h',
    text,
    folded: fold(text),
    grams: buildGrams(fold(text)),
    starts: lineStarts(text),
    privateSpans,
    slot: -1,
    declarations: new Map(),
    memo: new Map(),
    refs: 1,
    utf8: undefined,
  };
}

describe('literal matching', () => {
  it('is case-insensitive unless the query has capitals, keeps the first spans and counts on', () => {
    const e = entry('Cart cart CART carts');
    const lower = literalMatcher('cart').find(e, 2, 100);
    expect(lower).toEqual({ spans: [0, 4, 5, 9], count: 4, capped: false });
    expect(literalMatcher('Cart').find(e, 10, 100).count).toBe(1);
    expect(literalMatcher('cart').find(e, 1, 2)).toEqual({ spans: [0, 4], count: 2, capped: true });
  });

  it('never matches inside private spans (the index-only part of placeholders)', () => {
    const text = 'KEY=LOUPE_REDACTED[aws#q1234567] and q1234';
    const at = text.indexOf('#q1234567');
    const e = entry(text, [at, at + '#q1234567]'.length]);
    expect(literalMatcher('q123').find(e, 10, 10).count).toBe(1); // only the one after "and"
    expect(literalMatcher('LOUPE_REDACTED[aws').find(e, 10, 10).count).toBe(1);
  });

  it('finds text with characters whose lower case is longer, at the right offsets', () => {
    const e = entry('İstanbul and istanbul');
    // `İ` folds to itself (its lower case is two characters): offsets stay the text's own.
    expect(literalMatcher('istanbul').find(e, 10, 10).spans).toEqual([13, 21]);
    expect(literalMatcher('İstanbul').find(e, 10, 10).spans).toEqual([0, 8]);
  });
});

describe('literal search by the rarest character', () => {
  it('finds exactly what indexOf finds, from every position (differential, generated texts)', () => {
    let seed = 5;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    // Needles whose rarest character is first, in the middle, last, repeated (overlapping matches).
    const needles = ['qa', 'aq', 'aqa', 'aqaq', 'aqq', 'qaq', 'a', 'ab', 'aab', 'k(', 'x = ', 'ZZa', 'éq'];
    const alphabets = ['aabqk(x= Zé', 'aqq'];
    let found = 0;
    for (let t = 0; t < 300; t++) {
      let hay = '';
      const alphabet = alphabets[t % 2]!;
      for (let n = Math.floor(rand() * 60); n > 0; n--) hay += alphabet[Math.floor(rand() * alphabet.length)];
      for (const needle of needles) {
        const search = new LiteralSearch(needle);
        for (let from = 0; from <= hay.length + 1; from++) {
          const expected = hay.indexOf(needle, from);
          expect(search.next(hay, from), `${needle} in ${JSON.stringify(hay)} from ${from}`).toBe(expected);
          if (expected >= 0) found++;
        }
      }
    }
    expect(found).toBeGreaterThan(10_000);
  });

  it('fills a given result instead of making one (the first pass reuses one for every file)', () => {
    const out = { spans: [1, 2, 3, 4], count: 7, capped: true };
    expect(literalMatcher('cart').find(entry('a cart'), 8, 9, out)).toBe(out);
    expect(out).toEqual({ spans: [2, 6], count: 1, capped: false });
    expect(literalMatcher('zzz').find(entry('a cart'), 8, 9, out)).toEqual({
      spans: [],
      count: 0,
      capped: false,
    });
    expect(regexMatcher('c\\w+').find(entry('a cart'), 8, 9, out)).toEqual({
      spans: [2, 6],
      count: 1,
      capped: false,
    });
  });
});

describe('trigram filter', () => {
  it('never rules out a file that holds the needle (differential against indexOf)', () => {
    let seed = 11;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const alphabet = 'abcdeABCDE_ .(\nİéπ😀';
    let ruledOut = 0;
    for (let t = 0; t < 300; t++) {
      let text = '';
      for (let n = Math.floor(rand() * 3000); n > 0; n--)
        text += alphabet[Math.floor(rand() * alphabet.length)];
      const folded = fold(text);
      const g = buildGrams(folded);
      for (let q = 0; q < 30; q++) {
        const from = Math.floor(rand() * Math.max(1, folded.length - 8));
        const present = folded.slice(from, from + 3 + Math.floor(rand() * 6));
        expect(mayContain(g, needleGrams(present))).toBe(true);
        let absent = '';
        for (let n = 3 + Math.floor(rand() * 6); n > 0; n--)
          absent += alphabet[Math.floor(rand() * alphabet.length)];
        const a = fold(absent);
        if (!mayContain(g, needleGrams(a))) {
          ruledOut++;
          expect(folded.includes(a)).toBe(false);
        }
      }
    }
    expect(ruledOut).toBeGreaterThan(1000); // it does rule files out
  });
});

describe('regex matching (RE2)', () => {
  it('reports UTF-16 offsets in non-ASCII text, skips empty matches', () => {
    const e = entry('é cart\nπ carts\n');
    const m = regexMatcher('cart\\w*').find(e, 10, 10);
    expect(m.spans).toEqual([2, 6, 9, 14]);
    expect(regexMatcher('^').find(e, 10, 10).count).toBe(0);
  });

  it('reads a required literal conservatively', () => {
    expect(requiredLiteral('parse\\w+\\(')).toBe('parse');
    expect(requiredLiteral('colou?r')).toBe('colo');
    expect(requiredLiteral('a|bcd')).toBeUndefined();
    expect(requiredLiteral('(abc)+')).toBeUndefined();
    expect(requiredLiteral('\\x41bcd')).toBe('bcd');
    expect(requiredLiteral('x{2,3}yz')).toBeUndefined();
  });

  it('the prefilter never drops a file RE2 matches (differential, generated patterns and texts)', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const atoms = [
      'ab',
      'c',
      'de',
      'x',
      '.',
      '\\w',
      '\\d',
      '[a-c]',
      '(ab|cd)',
      '(?:xy)',
      '\\.',
      '\\(',
      ' ',
      'Z',
      'é',
    ];
    const quants = ['', '', '', '?', '*', '+', '{2}', '{1,2}'];
    const alphabet = 'abcdexyzZ.( é\n0123';
    let checked = 0;
    for (let p = 0; p < 400; p++) {
      let pattern = '';
      for (let k = 1 + Math.floor(rand() * 6); k > 0; k--)
        pattern += atoms[Math.floor(rand() * atoms.length)]! + quants[Math.floor(rand() * quants.length)]!;
      const re = new RE2(pattern, 'gm');
      const matcher = regexMatcher(pattern);
      for (let t = 0; t < 20; t++) {
        let text = '';
        for (let n = Math.floor(rand() * 40); n > 0; n--)
          text += alphabet[Math.floor(rand() * alphabet.length)];
        const expected = [...text.matchAll(re as unknown as RegExp)].filter((m) => m[0].length > 0).length;
        expect(matcher.find(entry(text), 1000, 1000).count, `${pattern} on ${JSON.stringify(text)}`).toBe(
          expected,
        );
        checked++;
      }
    }
    expect(checked).toBe(8000);
  });
});

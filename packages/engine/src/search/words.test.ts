// The word index answers a query of word characters without reading the text: differential tests
// against the text scan (the count as indexOf counts, whole-word and exact-case matches, lines
// that may declare the query) over generated texts, and the first pass's scores by both routes.
import { describe, expect, it } from 'vitest';
import { buildGrams } from './grams';
import { literalMatcher } from './match';
import { COUNT_CAP, matchAll } from './passes';
import { DECLARED } from './postings';
import { DECLARING_WORDS, looksDeclared, looksDeclaredAt } from './rank';
import type { ContentEntry, PathRecord } from './search-index';
import { fold, isWholeWord, lineStarts } from './text';
import { EXACT, isWordQuery, WHOLE, WordIndex } from './words';

function rng(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const PIECES = [
  'user',
  'User',
  'USER',
  'userName',
  'getUser',
  'user_id',
  '$user',
  'users',
  'useruser',
  'usr',
  'class',
  'def',
  'function',
  'function*',
  'const',
  'impl<T>',
  'fn',
  'func (r *T)',
  '#define',
  'mod',
  'return',
  'new',
  'public',
  'static',
  'int',
  'a::',
  'x.',
  '(',
  ')',
  '<',
  '>',
  ':',
  '=',
  '==',
  '=>',
  ';',
  '{',
  '}',
  ',',
  '.',
  '"',
  "'",
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n',
  '\r\n',
  '\u00a0',
  'é',
  'über',
  'İ',
  'Straße',
  '日本',
  '😀',
  '1',
  '42',
  '_',
  '$',
  '\u000b',
];

function text(rand: () => number, pieces = 40): string {
  let s = '';
  for (let n = Math.floor(rand() * pieces); n > 0; n--) s += PIECES[Math.floor(rand() * PIECES.length)]!;
  return s;
}

function entry(t: string, words?: WordIndex): ContentEntry {
  const folded = fold(t);
  return {
    hash: `h${t.length}`,
    text: t,
    folded,
    starts: lineStarts(t),
    grams: buildGrams(folded),
    privateSpans: [],
    slot: words ? words.add(t) : -1,
    declarations: new Map(),
    memo: new Map(),
    refs: 1,
    utf8: undefined,
  };
}

/** What the text scan says of one file: every match, checked. */
function scan(e: ContentEntry, query: string) {
  const m = literalMatcher(query);
  const { spans, count } = m.find(e, COUNT_CAP, COUNT_CAP);
  let whole = false;
  let exact = false;
  let looks = false;
  for (let i = 0; i < spans.length; i += 2) {
    const [s, t] = [spans[i]!, spans[i + 1]!];
    if (isWholeWord(e.text, s, t)) {
      whole = true;
      if (looksDeclaredAt(e.text, s, t)) looks = true;
    }
    if (!m.caseSensitive && e.text.startsWith(query, s)) exact = true;
  }
  return { count, whole, exact, looks };
}

/** What the words say of one file. */
function fromWords(e: ContentEntry, index: WordIndex, query: string) {
  const t = index.tally(query, literalMatcher(query).caseSensitive);
  const f = t.flags[e.slot]!;
  return {
    count: t.count[e.slot]!,
    whole: (f & WHOLE) !== 0,
    exact: (f & EXACT) !== 0,
    declared: (f & DECLARED) !== 0,
  };
}

describe('word index', () => {
  it('counts, and finds whole-word and exact-case matches, as the text scan does (differential)', () => {
    const rand = rng(17);
    const index = new WordIndex();
    const queries = [
      'user',
      'User',
      'usEr',
      'username',
      'use',
      'ser',
      'userid',
      'user_id',
      '$user',
      'über',
      'straße',
      'uuser',
    ];
    let compared = 0;
    let matched = 0;
    for (let t = 0; t < 400; t++) {
      const e = entry(text(rand), index);
      if (e.slot < 0) continue;
      const extra = e.text.match(/[\p{L}\p{N}_$]{3,}/gu) ?? [];
      for (const q of [...queries, ...extra.slice(0, 3)].filter(isWordQuery)) {
        const want = scan(e, q);
        const got = fromWords(e, index, q);
        const where = `${JSON.stringify(q)} in ${JSON.stringify(e.text)}`;
        expect({ count: got.count, whole: got.whole, exact: got.exact }, where).toEqual({
          count: want.count,
          whole: want.whole,
          exact: want.exact,
        });
        // The flag is a necessary condition: every line that looks declared is flagged.
        if (want.looks) expect(got.declared, where).toBe(true);
        compared++;
        if (want.count) matched++;
      }
    }
    expect(compared).toBeGreaterThan(4000);
    expect(matched).toBeGreaterThan(1000);
  });

  it('flags only where a declaration may stand', () => {
    const index = new WordIndex();
    const flagged = (t: string, word: string) => {
      const e = entry(t, index);
      return fromWords(e, index, word).declared;
    };
    expect(flagged('class User {\n', 'User')).toBe(true);
    expect(flagged('  user = 1\n', 'user')).toBe(true);
    expect(flagged('fn a::user() {}\n', 'user')).toBe(true);
    expect(flagged('return user;\n', 'user')).toBe(false);
    expect(flagged('x.user(1)\n', 'user')).toBe(false);
    expect(flagged('f(user, 2)\n', 'user')).toBe(false);
  });

  it('leaves out texts whose lower case depends on context (capital sigma)', () => {
    expect(new WordIndex().add('ΟΔΟΣ user')).toBe(-1);
  });

  it('answers only queries of three or more word characters', () => {
    expect(isWordQuery('user')).toBe(true);
    expect(isWordQuery('us')).toBe(false);
    expect(isWordQuery('user.name')).toBe(false);
    expect(isWordQuery('user name')).toBe(false);
    expect(isWordQuery('straße')).toBe(true);
  });

  it('keeps DECLARING_WORDS the words the declaration keywords end with', () => {
    // Every lower-case word that declares the name after it is in the set (macro_rules! aside: `!` never precedes a declared name).
    const candidates =
      'function class interface type enum struct union trait impl def fn func fun module namespace record object protocol typealias let const var val define mod alias data newtype sub proc defn defmacro message service rpc method property return new if else public static import from export'.split(
        ' ',
      );
    for (const w of candidates) {
      const declares = looksDeclared(`${w} `, '') || looksDeclared(`#${w} `, '');
      expect(DECLARING_WORDS.has(w), w).toBe(declares);
    }
  });

  it('keeps the counts of the texts still indexed while others leave and segments merge', () => {
    const rand = rng(23);
    const index = new WordIndex();
    const live: ContentEntry[] = [];
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 40 + round * 15; k++) {
        const e = entry(text(rand), index);
        if (e.slot >= 0) live.push(e);
      }
      index.seal();
      // Some texts leave the index; their slots count no more for the files that matter.
      for (let k = 0; k < 12; k++) index.release(live.splice(Math.floor(rand() * live.length), 1)[0]!.slot);
    }
    for (const q of ['user', 'User', 'ser', 'über']) {
      const t = index.tally(q, literalMatcher(q).caseSensitive);
      for (const e of live)
        expect(t.count[e.slot], `${q} in ${JSON.stringify(e.text)}`).toBe(scan(e, q).count);
    }
  });

  it('ranks each file by its words as by reading every match (first pass, both routes)', () => {
    const rand = rng(5);
    const index = new WordIndex();
    const texts = Array.from({ length: 300 }, () => text(rand, 60));
    const withWords = texts.map((t) => entry(t, index));
    const without = texts.map((t) => entry(t));
    const files = texts.map((_, i) => ({
      path: `src/f${String(i).padStart(3, '0')}.ts`,
      size: 1,
      mtimeMs: 1,
      tracked: true,
      symlink: false,
    }));
    const records = (entries: ContentEntry[]): PathRecord[] =>
      entries.map((e, i) => ({ path: files[i]!.path, size: 1, mtimeMs: 1, entry: e }));
    for (const query of ['user', 'User', 'userName', 'ser', 'über']) {
      const run = (entries: ContentEntry[]) =>
        matchAll({
          files,
          records: records(entries),
          matcher: literalMatcher(query),
          query,
          explicit: new Set(),
          deadline: Number.POSITIVE_INFINITY,
          secondPassTop: 10,
          words: index,
          skip: () => {},
        }).matching;
      const a = run(withWords);
      const b = run(without);
      expect(a.at, query).toEqual(b.at);
      expect(a.count, query).toEqual(b.count);
      expect(a.score, query).toEqual(b.score);
      expect(a.at.length, query).toBeGreaterThan(0);
    }
  });
});

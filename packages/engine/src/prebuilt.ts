// The data a bundle reads instead of making it in every process and thread (util/bundle.ts finds
// it beside the bundle): each encoding's rank table (~160 ms to build from js-tiktoken's rank
// file), the pinned rule file parsed (~20 ms of TOML), and the mask vocabulary's word list (~15 ms
// of JSON). The CLI's and the app's builds write it; sources (tests, tsx) build what they need.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dictionaryName, dictionaryText } from './mask/formats/vocabulary';
import { compileMaskRules, defaultRulesPath, parsedRulesJson, parsedRulesName } from './mask/rules';
import { ENCODINGS, rankTableBytes, rankTableName } from './tokens/ranks';

/** Writes `dir`/ranks, `dir`/rules and `dir`/words for a bundle in `dir` (and its workers in `dir`/workers). */
export function writePrebuilt(dir: string): void {
  const put = (folder: string, name: string, data: string | Uint8Array) => {
    mkdirSync(path.join(dir, folder), { recursive: true });
    writeFileSync(path.join(dir, folder, name), data);
  };
  for (const encoding of ENCODINGS) put('ranks', rankTableName(encoding), rankTableBytes(encoding));
  // Named by the SHA-256 of the TOML it came from, so it serves only those exact bytes; compiling
  // first checks the pin.
  const rulesFile = defaultRulesPath();
  const bytes = readFileSync(rulesFile);
  put('rules', parsedRulesName(compileMaskRules(bytes, rulesFile).sha256), parsedRulesJson(bytes));
  // Named by the word list's release.
  put('words', dictionaryName(), dictionaryText());
}

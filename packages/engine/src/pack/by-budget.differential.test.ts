// A budgeted pack reads only the files its walk tries; it must come out exactly as it does when
// the whole project was read, masked and counted first. Differential: copies of real repositories
// (flask, a subset of hono) and a hostile project (secrets, binaries by content and by name, huge
// files, links inside, outside and broken, invalid UTF-8), each packed at several budgets three
// ways: with every file counted first (the old whole-project path), with nothing counted (a cold
// CLI), and while the background count runs. The documents and their coverage must be identical.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import type { PackFormat, PackOptions } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-by-budget-'));
const SCRATCH = '/work/scratch';
let tokens: TokenService;

/** Tracked files of a scratch checkout under `prefixes`, copied (no .git: its ignore files still apply). */
function copyRepo(name: string, prefixes: string[]): string | undefined {
  const from = path.join(SCRATCH, name);
  if (!existsSync(path.join(from, '.git'))) return undefined;
  const to = path.join(work, name);
  const listed = execFileSync('git', ['-C', from, 'ls-files', '-z'], { encoding: 'utf8' }).split('\0');
  for (const rel of listed.filter(Boolean)) {
    if (!prefixes.some((p) => rel === p || rel.startsWith(p))) continue;
    const dest = path.join(to, rel);
    mkdirSync(path.dirname(dest), { recursive: true });
    cpSync(path.join(from, rel), dest, { dereference: false, verbatimSymlinks: true });
  }
  return to;
}

/** Secrets, binaries, huge files and links: what a pack must never get wrong by skipping a read. */
function hostileProject(): string {
  const dir = path.join(work, 'hostile');
  const put = (rel: string, content: string | Buffer) => {
    const abs = path.join(dir, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  };
  // Built from parts so this file holds no secret-shaped literal.
  const pat = ['ghp', '_', 'aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY3zA5'].join('');
  const aws = ['AKIA', 'IOSFODNN7', 'EXAMPLE'].join('');
  put('README.md', '# Hostile\n\nA project of awkward files.\n');
  put('package.json', '{ "name": "hostile", "version": "1.0.0" }\n');
  put('.env', `GITHUB_TOKEN=${pat}\nAWS_ACCESS_KEY_ID=${aws}\n`);
  put('src/config.ts', `export const token = '${pat}';\nexport const region = 'eu-west-1';\n`);
  put('src/same-secret.ts', `// the same value again\nexport const again = '${pat}';\n`);
  for (let i = 0; i < 40; i++)
    put(
      `src/mod${i}.ts`,
      `export function f${i}(x: number): number {\n${'  x += 1;\n'.repeat(5 + ((i * 37) % 200))}  return x;\n}\n`,
    );
  // Binary by content (a NUL early on) under a text name; binary by name.
  put('data/blob.txt', Buffer.concat([Buffer.from('header\n'), Buffer.alloc(64), Buffer.from('tail\n')]));
  put('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
  // Huge: far over any per-file cap (decided by size), and large enough to need a count.
  put(
    'gen/huge.json',
    `[${Array.from({ length: 120_000 }, (_, i) => `{"id":${i},"v":"x${i % 13}"}`).join(',')}]\n`,
  );
  put(
    'gen/medium.ts',
    `${Array.from({ length: 3000 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`,
  );
  put('gen/spaces.txt', `${' '.repeat(200_000)}\n`);
  put('src/latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0xfe, 0x0a]));
  put('src/bom.ts', '\uFEFFexport const bom = 1;\n');
  symlinkSync('README.md', path.join(dir, 'readme-link.md'));
  symlinkSync('../src/config.ts', path.join(dir, 'gen', 'config-link.ts'));
  symlinkSync('/etc/hostname', path.join(dir, 'outside-link'));
  symlinkSync('missing.ts', path.join(dir, 'broken-link.ts'));
  symlinkSync('src', path.join(dir, 'folder-link'));
  return dir;
}

const projects: Array<[string, () => string | undefined]> = [
  ['flask', () => copyRepo('flask', [''])],
  [
    'hono (root, src/middleware, src/jsx, src/router, docs)',
    () =>
      copyRepo('hono', ['package.json', 'README.md', 'src/middleware/', 'src/jsx/', 'src/router/', 'docs/']),
  ],
  ['hostile', hostileProject],
];
const dirs = new Map<string, string | undefined>();

beforeAll(() => {
  tokens = createTokenService({ cacheDir: null, threads: 1 });
  for (const [name, make] of projects) dirs.set(name, make());
}, 120_000);

afterAll(async () => {
  await tokens?.close();
  rmSync(work, { recursive: true, force: true });
});

const CASES: Array<[number, PackFormat, PackOptions['detail']]> = [
  [1500, 'markdown', 'full'],
  [6000, 'xml', 'full'],
  [32_000, 'markdown', 'full'],
  [32_000, 'plain', 'signatures'],
  [150_000, 'markdown', 'full'],
];

async function packed(ws: Workspace, budget: number, format: PackFormat, detail: PackOptions['detail']) {
  const r = await packFocus(ws, { budget, format, detail: detail ?? 'full', session: new MaskSession() });
  return { text: r.text, coverage: JSON.stringify(r.coverage), tokens: r.tokens };
}

describe.each(projects.map(([name]) => name))('%s', (name) => {
  it('packs to the same bytes and coverage with everything counted first, nothing counted, or counting meanwhile', async () => {
    const dir = dirs.get(name);
    if (!dir) return; // the scratch checkout is not on this machine
    const whole = await Workspace.open(dir, { stateDir: null, tokens });
    await whole.tokensReady;
    // The old path's knowledge: every text file counted, binaries found by content flagged.
    expect(whole.index.all().some((e) => e.tokens !== undefined)).toBe(true);
    const cold = await Workspace.open(dir, { stateDir: null, tokens, countTokens: false });
    expect(cold.index.all().every((e) => e.tokens === undefined)).toBe(true);
    try {
      for (const [budget, format, detail] of CASES) {
        const expected = await packed(whole, budget, format, detail);
        const meanwhile = await Workspace.open(dir, { stateDir: null, tokens });
        try {
          const label = `${name} at ${budget} (${format}, ${detail})`;
          const lazy = await packed(cold, budget, format, detail);
          expect(lazy.text, label).toBe(expected.text);
          expect(lazy.coverage, label).toBe(expected.coverage);
          expect((await packed(meanwhile, budget, format, detail)).text, label).toBe(expected.text);
        } finally {
          await meanwhile.tokensReady;
          await meanwhile.close();
        }
      }
    } finally {
      await whole.close();
      await cold.close();
    }
  }, 600_000);
});

describe('the hostile project', () => {
  it('is packed with what a pack must state: masked secrets, binaries not read, true counts or "not counted"', async () => {
    const dir = dirs.get('hostile')!;
    const ws = await Workspace.open(dir, { stateDir: null, tokens, countTokens: false });
    try {
      const r = await packFocus(ws, { budget: 6000, session: new MaskSession() });
      const secret = ['ghp', '_', 'aB3dE5fG7hJ9'].join('');
      expect(r.text).not.toContain(secret);
      expect(r.coverage.masked.total).toBeGreaterThan(0);
      const outcome = (p: string) => r.coverage.outcomes.find((o) => o.path === p);
      expect(outcome('data/blob.txt')).toMatchObject({ kind: 'omitted' });
      expect(outcome('assets/logo.png')).toMatchObject({ kind: 'omitted', reason: 'not-read' });
      // A raw count in the coverage is the file's true count; a file the walk never counted says so.
      let uncounted = 0;
      for (const o of r.coverage.outcomes) {
        if (o.kind !== 'omitted' || o.reason === 'over-cap' || o.reason === 'not-read') continue;
        if (o.tokens === undefined) uncounted++;
        else expect(o.tokens, o.path).toBe(countTokens(readFileSync(path.join(dir, o.path), 'utf8')));
      }
      expect(uncounted).toBeGreaterThan(0);
      expect(r.text).toContain('not counted');
    } finally {
      await ws.close();
    }
  }, 120_000);
});

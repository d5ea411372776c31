// Projects the pack differential tests pack: copies of real checkouts and a hostile project.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTokenService, type TokenService } from '../../tokens/service';

const SCRATCH = '/work/scratch';

/** Tracked files of a scratch checkout under `prefixes`, copied (no .git: its ignore files still apply). */
export function copyRepo(work: string, name: string, prefixes: string[]): string | undefined {
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
export function hostileProject(work: string): string {
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

/** A project a differential test packs: its name, and how to make it in the scratch folder. */
export type ProjectMaker = [name: string, make: (work: string) => string | undefined];

/**
 * The differential tests' set-up: a scratch folder, the projects made in it before the tests (a
 * name maps to undefined when its checkout is missing), one token service for them all; both gone
 * after the tests.
 */
export function useProjects(prefix: string, projects: readonly ProjectMaker[]) {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  const set = { dirs: new Map<string, string | undefined>(), tokens: undefined as unknown as TokenService };
  beforeAll(() => {
    set.tokens = createTokenService({ cacheDir: null, threads: 1 });
    for (const [name, make] of projects) set.dirs.set(name, make(work));
  }, 120_000);
  afterAll(async () => {
    await set.tokens?.close();
    rmSync(work, { recursive: true, force: true });
  });
  return set;
}

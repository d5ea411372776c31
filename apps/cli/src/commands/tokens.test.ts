// `loupe tokens` in-process and once as a real process: exact counts per file and in total,
// folders counted by their visible files, binary files listed with their reason, bad input as one
// sentence on stderr with exit code 2, and the cache kept out of the project.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { countTokens } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../main';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
let tmp: string;
let project: string;
let cache: string;

async function cli(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (d: Buffer) => out.push(d));
  stderr.on('data', (d: Buffer) => err.push(d));
  const code = await runCli(['tokens', ...args], {
    stdout,
    stderr,
    cwd: project,
    env: { LOUPE_CACHE_DIR: cache },
  });
  return { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

const text = {
  'a.ts': 'export const answer = 42;\n'.repeat(50),
  'src/b.md': '# Título\r\n\uFEFFprosa com acentuação 👨‍👩‍👧 <|endoftext|>\n',
  'src/deep/c.py': 'def f(x):\n    return x * 2\n'.repeat(700),
  'src/ignored.log': 'never counted\n',
};

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'loupe-cli-tokens-'));
  project = path.join(tmp, 'project');
  cache = path.join(tmp, 'cache');
  for (const [p, t] of Object.entries(text)) {
    mkdirSync(path.dirname(path.join(project, p)), { recursive: true });
    writeFileSync(path.join(project, p), t);
  }
  writeFileSync(path.join(project, '.gitignore'), '*.log\n');
  writeFileSync(path.join(project, 'src', 'blob.dat'), Buffer.from([1, 2, 0, 3]));
  // A repository: folders inside it obey the ignore files above them, as in git.
  execFileSync('git', ['init', '-q'], {
    cwd: project,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('loupe tokens', () => {
  it('counts files and the visible files of folders exactly, with a total (--json)', async () => {
    const r = await cli(['a.ts', 'src', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    const want = (p: string) => countTokens(text[p as keyof typeof text]);
    expect(report.files).toEqual([
      { path: 'a.ts', tokens: want('a.ts') },
      { path: 'src/b.md', tokens: want('src/b.md') },
      { path: 'src/blob.dat', tokens: 0, skipped: 'binary' },
      { path: 'src/deep/c.py', tokens: want('src/deep/c.py') },
    ]);
    expect(report).toMatchObject({ encoding: 'o200k_base', counted: 3, notCounted: 1 });
    expect(report.total).toBe(want('a.ts') + want('src/b.md') + want('src/deep/c.py'));
    // The cache lives in LOUPE_CACHE_DIR, nothing was written into the project.
    expect(readdirSync(path.join(cache, 'tokens')).sort()).toEqual(['counts-o200k_base.v1.bin', 'projects']);
    expect(readdirSync(project).sort()).toEqual(['.git', '.gitignore', 'a.ts', 'src']);
  });

  it('prints aligned columns with thousands separators for people', async () => {
    const r = await cli(['.', '--encoding', 'cl100k_base']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const c = countTokens(text['src/deep/c.py'], 'cl100k_base');
    expect(c).toBeGreaterThan(1000);
    expect(lines).toContain(
      `${c.toLocaleString('en-US').padStart(lines[0]?.indexOf('  ') ?? 0)}  src/deep/c.py`,
    );
    expect(lines.find((l) => l.includes('src/blob.dat'))).toMatch(
      /^ +- {2}src\/blob\.dat {2}\(binary, not counted\)$/,
    );
    expect(lines.at(-1)).toMatch(/total cl100k_base tokens in 4 files; not counted: 1 binary$/);
    const starts = lines.map((l) => /^ *\S+ {2}/.exec(l)?.[0].length);
    expect(new Set(starts).size).toBe(1);
  });

  it('refuses a missing path and an unknown encoding in one sentence, exit 2', async () => {
    for (const args of [['nope.ts'], ['a.ts', '--encoding', 'gpt2'], []]) {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^loupe tokens: [A-Z-].*\.\n$/);
    }
  });

  it('runs as a real process from sources', async () => {
    const file = path.join(project, 'src', 'deep', 'c.py');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/cli/src/bin.ts', 'tokens', file, '--json'],
      { cwd: repo, env: { ...process.env, LOUPE_CACHE_DIR: cache } },
    );
    const report = JSON.parse(stdout);
    expect(report.total).toBe(countTokens(readFileSync(file, 'utf8')));
  });
});

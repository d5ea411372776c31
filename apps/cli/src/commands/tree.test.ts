import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countO200k, parseMarkdownTree } from '@loupe/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-tree-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const repo = path.join(work, 'proj');
const files: Record<string, string> = {
  '.gitignore': '*.log\nbuild/\n',
  'README.md': '# Project\n\nA small project for the tree command.\n',
  'src/app.ts': 'export const answer = 42;\n',
  'src/lib/my file.ts': 'export function f(a: number): number {\n  return a * 2;\n}\n',
  'src/lib/a, b.ts': '// comma\n',
  'docs/guide/intro.md': 'Intro — with unicode: café, 😀.\n',
  'debug.log': 'ignored\n',
  'build/out.js': 'ignored too\n',
};
for (const [p, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(repo, p)), { recursive: true });
  writeFileSync(path.join(repo, p), text);
}
writeFileSync(path.join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: repo,
    env: gitEnv,
    encoding: 'utf8',
  });
git('init', '-q');
git('add', 'src', 'README.md');
git('commit', '-qm', 'init');

describe('loupe tree', () => {
  it('prints the markdown form of exactly the files git lists, through a real process', async () => {
    const r = await cliProcess(['tree', repo]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        'docs/guide/ intro.md',
        'src/',
        ' lib/ "a, b.ts" "my file.ts"',
        ' app.ts',
        '.gitignore README.md logo.png',
        '',
      ].join('\n'),
    );
    const listed = git(
      '-c',
      'core.excludesFile=/dev/null',
      'ls-files',
      '--cached',
      '--others',
      '--exclude-standard',
    )
      .trim()
      .split('\n')
      .map((p) => (p.startsWith('"') ? JSON.parse(p) : p));
    expect(parseMarkdownTree(r.stdout.trimEnd()).files.sort()).toEqual(listed.sort());
  });

  it('--tokens gives each text file its exact o200k count and folders their sums; binaries none', async () => {
    const r = await cli(['tree', repo, '--tokens', '--format', 'json']);
    expect(r.code).toBe(0);
    const top = JSON.parse(r.stdout);
    const count = (p: string) => countO200k(files[p]!);
    const src = top.children.find((c: { name: string }) => c.name === 'src');
    expect(src.tokens).toBe(count('src/app.ts') + count('src/lib/my file.ts') + count('src/lib/a, b.ts'));
    expect(src.children[0].children).toEqual([
      { name: 'a, b.ts', tokens: count('src/lib/a, b.ts') },
      { name: 'my file.ts', tokens: count('src/lib/my file.ts') },
    ]);
    expect(top.children.find((c: { name: string }) => c.name === 'logo.png')).toEqual({ name: 'logo.png' });
  });

  it('--format ascii names the root folder; --size adds sizes', async () => {
    const r = await cli(['tree', repo, '--format', 'ascii', '--size', '--path', 'src']);
    const size = (p: string) => Buffer.byteLength(files[p]!);
    const lib = size('src/lib/a, b.ts') + size('src/lib/my file.ts');
    expect(r.stdout).toBe(
      [
        `src/ (${lib + size('src/app.ts')} B)`,
        `├── lib/ (${lib} B)`,
        `│   ├── a, b.ts (${size('src/lib/a, b.ts')} B)`,
        `│   └── my file.ts (${size('src/lib/my file.ts')} B)`,
        `└── app.ts (${size('src/app.ts')} B)`,
        '',
      ].join('\n'),
    );
    const whole = await cli(['tree', repo, '--format', 'ascii', '--depth', '1']);
    expect(whole.stdout.split('\n')[0]).toBe('proj');
    expect(whole.stdout).toContain('… 6 of 11 entries left out (2 folders, 4 files): depth 1');
  });

  it('--hide and --show override visibility like loupe ls', async () => {
    const hidden = await cli(['tree', repo, '--format', 'ascii', '--path', 'src', '--hide', 'src/lib']);
    expect(hidden.stdout).toBe('src/\n└── app.ts\n');
    const shown = await cli(['tree', repo, '--format', 'ascii', '--path', 'build', '--show', 'build']);
    expect(shown.stdout).toBe('build/\n└── out.js\n');
  });

  it('--max-tokens keeps the output within the cap and says what it left out', async () => {
    const r = await cli(['tree', repo, '--max-tokens', '45']);
    expect(countO200k(r.stdout.trimEnd())).toBeLessThanOrEqual(45);
    expect(r.stdout).toMatch(/entries left out .*: 45-token cap\n$/);
    expect(r.stderr).toBe('');
    const tiny = await cli(['tree', repo, '--max-tokens', '5']);
    expect(tiny.code).toBe(0);
    expect(tiny.stderr).toMatch(
      /^loupe tree: even with no entries the tree takes \d+ tokens, more than --max-tokens 5\.\n$/,
    );
    const x = await cli(['tree', repo, '--format', 'xml', '--max-entries', '2']);
    expect(x.stdout).toContain('<left-out folders="2" files="7" by="max-entries"/>');
  });

  it.each([
    [['--format', 'yaml'], /--format takes one of markdown, ascii, json, xml, not "yaml"\./],
    [['--depth', '1.5'], /--depth takes a whole number of at least 0, not "1.5"\./],
    [['--max-tokens', '0'], /--max-tokens takes a whole number of at least 1, not "0"\./],
    [['--path', 'nope'], /No visible folder "nope"/],
    [['--path', 'README.md'], /is a file, not a folder/],
  ])('%j: one sentence on stderr, exit code 2', async (args, message) => {
    const r = await cli(['tree', repo, ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a missing folder: one sentence and exit code 2', async () => {
    const r = await cli(['tree', path.join(work, 'missing')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not exist/);
  });

  it('an empty folder prints nothing and says so on stderr', async () => {
    mkdirSync(path.join(work, 'empty'));
    const r = await cli(['tree', path.join(work, 'empty')]);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toMatch(/no visible files/);
  });
});

// Visibility rules changing under a watched project: .gitignore edits, info/exclude, files tracked
// and untracked by git, stack markers and build-output evidence, nested repositories, symlinked
// folders. After every step the index equals git's listing (or, with smart ignore, a fresh scan)
// and the watcher watches exactly the walked folders.
import { appendFileSync, mkdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../workspace/workspace';
import {
  converge,
  countedNow,
  git,
  gitVisible,
  initRepo,
  kernelWatched,
  openWatched,
  paths,
  tempDir,
  tokensOf,
  waitFor,
  write,
} from './testing/live';

const tmp = tempDir('loupe-watch-rules-');
afterAll(() => tmp.cleanup());
let n = 0;
const repoDir = () => path.join(tmp.dir, `r${n++}`);

async function check(ws: Workspace, dir: string, oracle: 'git' | 'scan'): Promise<void> {
  await converge(ws, dir, oracle === 'git' ? () => gitVisible(dir) : undefined);
  expect(tokensOf(ws)).toEqual(await countedNow(dir, ws));
  // The kernel's own list: every walked folder is watched, and nothing hidden is, apart from the
  // folders of git's index and info/exclude.
  if (!kernelWatched(dir)) return;
  const git = new Set(
    ws.repos.flatMap((r) => (r.kind === 'git' ? [gitDir(r.path), `${gitDir(r.path)}/info`] : [])),
  );
  const want = [...ws.folders, ...git].sort();
  await waitFor(
    () => JSON.stringify(kernelWatched(dir)) === JSON.stringify(want),
    () => `watched ${JSON.stringify(kernelWatched(dir))} to equal ${JSON.stringify(want)}`,
  );
}

const gitDir = (repo: string) => (repo ? `${repo}/.git` : '.git');

describe('watcher: visibility rules', () => {
  it('applies .gitignore edits, info/exclude and git add -f / rm --cached as git does', async () => {
    const dir = repoDir();
    initRepo(dir, {
      '.gitignore': 'dist/\nnode_modules/\n',
      'README.md': 'readme\n',
      'src/a.ts': 'a\n',
      'logs/keep.txt': 'keep\n',
      'node_modules/pkg/index.js': 'module.exports = 1;\n',
    });
    write(dir, {
      'dist/out.js': 'out\n',
      'logs/x.log': 'log\n',
      'src/b.js': 'b\n',
      'src/keep.js': 'k\n',
      'notes.txt': 'n\n',
    });
    const ws = await openWatched(dir, { scan: { smartIgnore: false } });
    try {
      await check(ws, dir, 'git');
      expect(kernelWatched(dir) ?? []).not.toContain('node_modules');

      appendFileSync(path.join(dir, '.gitignore'), '*.log\n');
      await check(ws, dir, 'git');
      expect(paths(ws)).not.toContain('logs/x.log');

      writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n*.log\n');
      await check(ws, dir, 'git');
      expect(paths(ws)).toContain('dist/out.js');
      write(dir, { 'dist/deeper/new.js': 'new\n' }); // the folder is watched now
      await check(ws, dir, 'git');
      expect(paths(ws)).toContain('dist/deeper/new.js');

      appendFileSync(path.join(dir, '.gitignore'), 'src/*.js\n!src/keep.js\n');
      await check(ws, dir, 'git');
      expect(paths(ws).filter((p) => p.startsWith('src/'))).toEqual(['src/a.ts', 'src/keep.js']);

      write(dir, { 'logs/.gitignore': 'keep.txt\n' }); // tracked: stays visible
      await check(ws, dir, 'git');
      write(dir, { 'logs/other.txt': 'o\n', 'logs/.gitignore': 'keep.txt\nother.txt\n' });
      await check(ws, dir, 'git');
      expect(paths(ws)).not.toContain('logs/other.txt');

      appendFileSync(path.join(dir, '.git/info/exclude'), 'notes.txt\n');
      await check(ws, dir, 'git');
      expect(paths(ws)).not.toContain('notes.txt');

      git(dir, ['add', '-f', 'logs/x.log', 'node_modules/pkg/index.js']);
      await check(ws, dir, 'git');
      expect(paths(ws)).toEqual(expect.arrayContaining(['logs/x.log', 'node_modules/pkg/index.js']));
      git(dir, ['rm', '-q', '--cached', 'logs/x.log', 'node_modules/pkg/index.js']);
      await check(ws, dir, 'git');
      expect(paths(ws)).not.toContain('logs/x.log');
      expect(kernelWatched(dir) ?? []).not.toContain('node_modules');
    } finally {
      await ws.close();
    }
  });

  it('hides a folder once a stack marker or its evidence appears, and shows it again when they go', async () => {
    const dir = repoDir();
    initRepo(dir, { 'src/index.ts': 'export {};\n' });
    write(dir, {
      'dist/index.js': 'console.log(1);\n',
      'dist/index.js.map': '{"version":3}\n',
      'dist/sub/x.js': 'x\n',
    });
    const ws = await openWatched(dir);
    try {
      await check(ws, dir, 'scan');
      expect(paths(ws)).toContain('dist/index.js'); // no package.json: no JavaScript rules

      write(dir, { 'package.json': '{"name":"p"}\n' });
      await check(ws, dir, 'scan');
      expect(paths(ws).filter((p) => p.startsWith('dist/'))).toEqual([]);
      expect(ws.hiddenEntry('dist')?.reason).toMatchObject({ kind: 'build-output', rule: 'js.dist' });
      expect(ws.folders.has('dist')).toBe(false);

      unlinkSync(path.join(dir, 'package.json'));
      await check(ws, dir, 'scan');
      expect(paths(ws)).toContain('dist/sub/x.js');

      // With the marker back but no evidence, dist stays visible until its evidence appears.
      unlinkSync(path.join(dir, 'dist/index.js.map'));
      write(dir, { 'package.json': '{"name":"p"}\n' });
      await check(ws, dir, 'scan');
      expect(paths(ws)).toContain('dist/index.js');
      write(dir, { 'dist/index.js.map': '{"version":3}\n' });
      await check(ws, dir, 'scan');
      expect(paths(ws).filter((p) => p.startsWith('dist/'))).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it('gives a nested repository its own rules, and never walks a symlinked folder', async () => {
    const dir = repoDir();
    initRepo(dir, { 'src/a.ts': 'a\n', '.gitignore': 'vendor/\n' });
    symlinkSync('src', path.join(dir, 'link'));
    const ws = await openWatched(dir, { scan: { smartIgnore: false } });
    try {
      await check(ws, dir, 'git');
      expect(ws.index.get('link')?.flag).toBe('symlinked-folder');

      // A repository appears inside a visible folder: its own .gitignore applies.
      mkdirSync(path.join(dir, 'libs/inner'), { recursive: true });
      initRepo(path.join(dir, 'libs/inner'), { 'x.ts': 'x\n', '.gitignore': '*.tmp\n' });
      write(dir, { 'libs/inner/y.tmp': 'tmp\n', 'libs/inner/z.ts': 'z\n' });
      await check(ws, dir, 'git');
      expect(ws.repos.map((r) => r.path)).toContain('libs/inner');

      write(dir, { 'libs/inner/.gitignore': '*.tmp\nz.ts\n', 'src/b.ts': 'b\n' });
      await check(ws, dir, 'git');
      expect(paths(ws)).not.toContain('libs/inner/z.ts');
      expect(paths(ws).filter((p) => p.startsWith('link'))).toEqual(['link']);

      // Its index is watched too: a forced add shows an ignored file.
      git(path.join(dir, 'libs/inner'), ['add', '-f', 'z.ts']);
      await check(ws, dir, 'git');
      expect(paths(ws)).toContain('libs/inner/z.ts');

      renameSync(path.join(dir, 'libs'), path.join(dir, 'packages'));
      await check(ws, dir, 'git');
      expect(ws.repos.map((r) => r.path)).toEqual(['', 'packages/inner']);
    } finally {
      await ws.close();
    }
  });
});

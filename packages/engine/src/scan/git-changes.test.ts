// "Tick changed files" and "Tick this branch's files" against git itself: real repositories made
// by real git commands, with `git status --porcelain` and `git diff --name-only` as the oracle.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareBytewise } from '@loupe/common';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRunner, untrustedRootsFor } from './git';
import { gitChanges } from './git-changes';
import { scanProject } from './index';
import { git } from './testing/git-oracle';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-git-changes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

/** What `git status --porcelain` lists as modified, added or untracked (not deleted), root-relative. */
function statusOracle(dir: string): string[] {
  const out = git(dir, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'])
    .split('\0')
    .filter(Boolean);
  return out
    .filter((line) => !/D/.test(line.slice(0, 2)))
    .map((line) => line.slice(3))
    .sort(compareBytewise);
}

/** `git diff --name-only BASE` (committed since and uncommitted) plus untracked, without deleted files. */
function branchOracle(dir: string, base: string): string[] {
  const diffed = git(dir, ['diff', '--name-only', '-z', '--no-renames', '--diff-filter=d', base]).split('\0');
  const loose = git(dir, ['ls-files', '-z', '--others', '--exclude-standard']).split('\0');
  return [...new Set([...diffed, ...loose].filter(Boolean))].sort(compareBytewise);
}

async function changesOf(dir: string) {
  const scanned = await scanProject(dir);
  const visible = new Set(scanned.files.map((f) => f.path));
  return gitChanges(scanned.root, scanned.repos, createGitRunner(untrustedRootsFor(scanned.root)), (p) =>
    visible.has(p),
  );
}

describe('git changes', () => {
  it('changed files and branch files equal what git status and git diff list', async () => {
    const dir = path.join(work, 'repo');
    mkdirSync(dir);
    git(dir, ['init', '-q']);
    write(dir, {
      '.gitignore': 'build/\n*.log\n',
      'src/a.ts': 'a\n',
      'src/b.ts': 'b\n',
      'src/gone.ts': 'gone\n',
      'docs/guide.md': 'guide\n',
      'README.md': 'readme\n',
    });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'base']);
    git(dir, ['checkout', '-qb', 'feature']);
    write(dir, { 'src/feature.ts': 'feature\n', 'docs/guide.md': 'guide 2\n' });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'on the branch']);
    // now the working state: modified, staged-added, untracked, deleted, ignored, a space in a name
    write(dir, {
      'src/a.ts': 'a changed\n',
      'src/staged.ts': 'staged\n',
      'notes/new file.md': 'untracked\n',
      'build/out.js': 'ignored\n',
      'debug.log': 'ignored\n',
    });
    git(dir, ['add', 'src/staged.ts']);
    unlinkSync(path.join(dir, 'src/gone.ts'));

    const c = await changesOf(dir);
    expect(c.changed).toEqual(statusOracle(dir));
    expect(c.changed).toEqual(['notes/new file.md', 'src/a.ts', 'src/staged.ts']);
    const base = git(dir, ['merge-base', 'HEAD', 'main']).trim();
    expect(c.bases).toEqual([{ repo: '', branch: 'main', commit: base, atBase: false }]);
    expect(c.branch).toEqual(branchOracle(dir, base));
    expect(c.branch).toEqual([
      'docs/guide.md',
      'notes/new file.md',
      'src/a.ts',
      'src/feature.ts',
      'src/staged.ts',
    ]);
    expect(c.notes).toEqual([]);

    // committing empties the changed set, and the branch set keeps what the branch holds
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'more']);
    const after = await changesOf(dir);
    expect(after.changed).toEqual(statusOracle(dir));
    expect(after.changed).toEqual([]);
    expect(after.branch).toEqual(branchOracle(dir, base));
  });

  it('a folder inside a repository and a nested repository: paths are the project’s, each repository asked', async () => {
    const dir = path.join(work, 'outer');
    mkdirSync(dir);
    git(dir, ['init', '-q']);
    write(dir, { 'app/x.ts': 'x\n', 'app/y.ts': 'y\n', 'other/z.ts': 'z\n' });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'base']);
    const inner = path.join(dir, 'app/vendor');
    mkdirSync(inner, { recursive: true });
    git(inner, ['init', '-q']);
    write(inner, { 'lib.ts': 'lib\n' });
    git(inner, ['add', '-A']);
    git(inner, ['commit', '-qm', 'inner']);
    write(dir, { 'app/x.ts': 'x2\n', 'other/z.ts': 'z2\n', 'app/vendor/lib.ts': 'lib2\n' });

    const c = await changesOf(path.join(dir, 'app')); // open the subfolder
    expect(c.changed).toEqual(['vendor/lib.ts', 'x.ts']); // other/z.ts is outside the folder
    expect(c.branch).toEqual(['vendor/lib.ts', 'x.ts']); // on main: the branch is at its base
    expect(c.bases.map((b) => [b.repo, b.branch, b.atBase])).toEqual([
      ['', 'main', true],
      ['vendor', 'main', true],
    ]);
  });

  it('no commit yet, no default branch, no repository: sets as far as git can tell, each gap said', async () => {
    const fresh = path.join(work, 'fresh');
    mkdirSync(fresh);
    git(fresh, ['init', '-q']);
    write(fresh, { 'a.ts': 'a\n', 'b.ts': 'b\n' });
    git(fresh, ['add', 'a.ts']);
    const f = await changesOf(fresh);
    expect(f.changed).toEqual(statusOracle(fresh));
    expect(f.branch).toEqual(f.changed);
    expect(f.notes).toEqual(["no commit yet: this branch's files are the changed files."]);

    const odd = path.join(work, 'odd');
    mkdirSync(odd);
    git(odd, ['init', '-q', '-b', 'work']);
    write(odd, { 'a.ts': 'a\n' });
    git(odd, ['add', '-A']);
    git(odd, ['commit', '-qm', 'one']);
    write(odd, { 'a.ts': 'a2\n' });
    const o = await changesOf(odd);
    expect(o.changed).toEqual(['a.ts']);
    expect(o.branch).toEqual(['a.ts']);
    expect(o.notes[0]).toMatch(/^no default branch found/);

    const plain = path.join(work, 'plain');
    write(plain, { 'a.ts': 'a\n' });
    const p = await changesOf(plain);
    expect(p).toMatchObject({ changed: [], branch: [] });
    expect(p.notes).toEqual(['This folder is not in a git repository: git has no changed files here.']);
  });
});

// The tracked index by folder (RepoContext.trackedIn) against git itself: on randomized
// repositories and on hostile names, the paths it holds are exactly `git ls-files -z --cached`,
// its folders exactly those above a tracked path, and `isTracked` answers for files, gitlinks,
// folders and untracked names alike. With core.ignoreCase, the folded map is the one a plain
// lower-cased map of git's sorted list gives (the last of a case-twin pair wins).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRunner } from './git';
import { isTracked, openRepo, type RepoContext } from './repo';
import { git } from './testing/git-oracle';
import { makeRandomRepo } from './testing/random-repo';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-repo-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function gitTracked(dir: string): string[] {
  return git(dir, ['ls-files', '-z', '--cached']).split('\0').filter(Boolean);
}

function expectSameAsGit(ctx: RepoContext, dir: string): void {
  const tracked = gitTracked(dir);
  const held: string[] = [];
  for (const [folder, names] of ctx.trackedIn)
    for (const name of names) held.push(folder ? `${folder}/${name}` : name);
  expect(held.sort()).toEqual([...tracked].sort());
  const folders = new Set<string>();
  for (const p of tracked)
    for (
      let d = p.slice(0, Math.max(0, p.lastIndexOf('/')));
      ;
      d = d.slice(0, Math.max(0, d.lastIndexOf('/')))
    ) {
      folders.add(d);
      if (!d) break;
    }
  expect([...ctx.trackedIn.keys()].sort()).toEqual([...folders].sort());
  for (const p of tracked) expect(isTracked(ctx, p)).toBe(true);
  for (const d of folders) if (d) expect(isTracked(ctx, d)).toBe(tracked.includes(d));
  for (const p of tracked) expect(isTracked(ctx, `${p}.untracked`)).toBe(false);
  if (ctx.ignoreCase) expect(ctx.trackedFolded).toEqual(new Map(tracked.map((p) => [p.toLowerCase(), p])));
  else expect(ctx.trackedFolded).toBeUndefined();
}

describe('tracked paths by folder', () => {
  const runner = createGitRunner([work]);
  for (const seed of [11, 23, 47, 101, 211, 307, 401, 503]) {
    it(`equal git ls-files on random repository ${seed}`, async () => {
      const dir = path.join(work, `random-${seed}`);
      mkdirSync(dir);
      makeRandomRepo(dir, seed);
      git(dir, ['add', '-A']);
      expectSameAsGit(await openRepo(dir, '', runner), dir);
    });
  }

  it('hold hostile names, deep folders, a gitlink and case twins exactly', async () => {
    const dir = path.join(work, 'hostile');
    mkdirSync(dir);
    git(dir, ['init', '-q']);
    const files = [
      'top.txt',
      'a-b/x',
      'a/b-c',
      'a/b/c/d/e/f.txt',
      'a/b.txt',
      'sp ace/ü/日本.md',
      'quote"back\\slash/tab\tname',
      'Case/File.txt',
      'case/file.txt',
    ];
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), f);
    }
    git(dir, ['add', '-A']);
    // A gitlink: a tracked path that is a folder on disk.
    const sub = git(dir, ['hash-object', '-w', '--stdin'], 'x').trim();
    git(dir, ['update-index', '--add', '--cacheinfo', `160000,${sub},vendor/lib`]);
    // Case twins are added first: git refuses the second one once it folds case.
    git(dir, ['config', 'core.ignorecase', 'true']);
    const ctx = await openRepo(dir, '', runner);
    expectSameAsGit(ctx, dir);
    expect(isTracked(ctx, 'vendor/lib')).toBe(true);
    expect(ctx.trackedIn.has('vendor/lib')).toBe(false);
    expect(ctx.trackedIn.has('vendor')).toBe(true);
  });
});

// A watched open places its folder watches during the scan (early.ts), so the watch's start
// checks only the window between a folder's read and its watch, by stats (verify.ts), instead of
// rescanning the whole project. The changes below are made inside that window (the scan's
// `onWalked` hook runs after the walk and before the watches and the stats); afterwards the index
// must equal a fresh scan, git's listing and a fresh count, with no full rescan where stats can tell.
import { mkdirSync, renameSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import {
  converge,
  countedNow,
  freshEntries,
  git,
  gitVisible,
  indexEntries,
  initRepo,
  paths,
  tempDir,
  tokensOf,
  write,
} from './testing/live';

const tmp = tempDir('loupe-verify-');
afterAll(() => tmp.cleanup());

/** Opens `dir` watched; `during` runs once, between the scan's walk and its watches. */
function open(dir: string, during?: () => void): Promise<Workspace> {
  let once = during;
  return Workspace.open(dir, {
    stateDir: null,
    cacheDir: null,
    tokenThreads: 1,
    scan: {
      smartIgnore: false,
      onWalked: () => {
        const run = once;
        once = undefined;
        run?.();
      },
    },
    // The fixture's files were written just before: only what the test changes is "since".
    watch: { clockSlackMs: 0 },
  });
}

async function expectFresh(ws: Workspace, dir: string): Promise<void> {
  await ws.watcher!.idle();
  expect(indexEntries(ws)).toEqual(await freshEntries(dir, ws));
  expect(tokensOf(ws)).toEqual(await countedNow(dir, ws));
}

describe('the watch start check', () => {
  it('needs no rescan when nothing changed during the scan', async () => {
    const dir = path.join(tmp.dir, 'still');
    initRepo(dir, { 'a.ts': 'export const a = 1;\n', 'sub/b.ts': 'export const b = 2;\n' });
    const ws = await open(dir);
    try {
      await ws.watcher!.idle();
      expect(ws.watcher!.status).toMatchObject({ state: 'watching', updates: 0, rescans: 0 });
      expect(paths(ws)).toEqual(['a.ts', 'sub/b.ts']);
    } finally {
      await ws.close();
    }
  }, 60_000);

  it('finds what changed after a folder was read and before its watch, without a rescan', async () => {
    const dir = path.join(tmp.dir, 'window');
    initRepo(dir, {
      'README.md': '# Project\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
      'src/gone.ts': 'export const gone = 0;\n',
      'src/deep/keep.ts': 'export const keep = 1;\n',
      'docs/guide.md': 'how to\n',
    });
    // Untracked (a rule can hide it).
    write(dir, { 'docs/secret.md': 'soon hidden\n' });
    const ws = await open(dir, () => {
      write(dir, {
        'src/a.ts': 'export const a = "a longer value now";\n',
        'src/new.ts': 'export const fresh = true;\n',
        'src/deep/deeper/new.ts': 'export const nested = 1;\n',
        // A rule that hides a file the walk already took as visible.
        'docs/.gitignore': 'secret.md\n',
      });
      unlinkSync(path.join(dir, 'src/gone.ts'));
      renameSync(path.join(dir, 'src/b.ts'), path.join(dir, 'src/renamed.ts'));
      mkdirSync(path.join(dir, 'lib'));
    });
    try {
      await expectFresh(ws, dir);
      expect(paths(ws)).toEqual([
        'README.md',
        'docs/.gitignore',
        'docs/guide.md',
        'src/a.ts',
        'src/deep/deeper/new.ts',
        'src/deep/keep.ts',
        'src/new.ts',
        'src/renamed.ts',
      ]);
      expect(paths(ws)).toEqual(gitVisible(dir));
      expect(ws.watcher!.status.rescans).toBe(0);
      // Watched from the start: a file written now arrives by its event.
      write(dir, { 'src/deep/deeper/later.ts': 'export const later = 1;\n' });
      await converge(ws, dir);
      expect(paths(ws)).toContain('src/deep/deeper/later.ts');
    } finally {
      await ws.close();
    }
  }, 60_000);

  it('rescans when git wrote its index during the scan (the tracked list cannot tell what changed)', async () => {
    const dir = path.join(tmp.dir, 'git');
    initRepo(dir, { '.gitignore': 'build/\n', 'a.ts': 'export const a = 1;\n' });
    write(dir, { 'build/out.js': 'tracked by force\n' });
    const ws = await open(dir, () => git(dir, ['add', '-f', 'build/out.js']));
    try {
      await expectFresh(ws, dir);
      expect(paths(ws)).toEqual(['.gitignore', 'a.ts', 'build/out.js']);
      expect(ws.watcher!.status.rescans).toBe(1);
    } finally {
      await ws.close();
    }
  }, 60_000);

  it('rescans when the watch starts after the scan (the whole scan is the window)', async () => {
    const dir = path.join(tmp.dir, 'late');
    initRepo(dir, { 'a.ts': 'export const a = 1;\n' });
    const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, tokenThreads: 1 });
    try {
      write(dir, { 'b.ts': 'export const b = 2;\n' });
      await ws.watch({ clockSlackMs: 0 });
      await expectFresh(ws, dir);
      expect(paths(ws)).toEqual(['a.ts', 'b.ts']);
      expect(ws.watcher!.status.rescans).toBe(1);
    } finally {
      await ws.close();
    }
  }, 60_000);
});

// The watcher against real files and real git: after every step the index equals git's own
// listing and a fresh scan, token counts equal a fresh count, and the journal names the paths.
import { renameSync, rmSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../workspace/workspace';
import {
  converge,
  countedNow,
  freshEntries,
  gitVisible,
  indexEntries,
  initRepo,
  openWatched,
  paths,
  tempDir,
  tokensOf,
  waitFor,
  write,
} from './testing/live';

const tmp = tempDir('loupe-watch-');
afterAll(() => tmp.cleanup());
let n = 0;
const repoDir = () => path.join(tmp.dir, `r${n++}`);

/** Index == git's listing, == a fresh scan (stats), tokens == a fresh count. */
async function checkAgainstOracles(ws: Workspace, dir: string): Promise<void> {
  await converge(ws, dir, () => gitVisible(dir));
  expect(indexEntries(ws)).toEqual(await freshEntries(dir, ws));
  expect(tokensOf(ws)).toEqual(await countedNow(dir, ws));
}

/** Runs `step`, waits for the index to agree with git, and returns the journal's net changes. */
async function step(ws: Workspace, dir: string, action: () => void) {
  const seq = ws.contentSeq;
  action();
  await checkAgainstOracles(ws, dir);
  const c = ws.changesSince(seq);
  return { added: c.added, changed: c.changed, removed: c.removed };
}

/** Writes a sentinel after `action` and waits for it: every earlier event has then been applied. */
async function afterSentinel(ws: Workspace, dir: string, action: () => void): Promise<void> {
  action();
  const name = `sentinel-${n++}.txt`;
  write(dir, { [name]: 'x\n' });
  await waitFor(() => ws.index.get(name) !== undefined, `sentinel ${name}`);
  unlinkSync(path.join(dir, name));
  await waitFor(() => ws.index.get(name) === undefined, `sentinel ${name} removed`);
  await ws.watcher!.idle();
}

describe('watcher: files and folders', () => {
  it('follows created, modified, touched, deleted and renamed files and folders', async () => {
    const dir = repoDir();
    initRepo(dir, {
      '.gitignore': '*.log\nbuild/\n',
      'README.md': '# Project\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': 'export const b = 2;\n',
    });
    const ws = await openWatched(dir, { scan: { smartIgnore: false } });
    try {
      await checkAgainstOracles(ws, dir);

      expect(await step(ws, dir, () => write(dir, { 'src/new.ts': 'export const fresh = true;\n' }))).toEqual(
        {
          added: ['src/new.ts'],
          changed: [],
          removed: [],
        },
      );
      expect(
        await step(ws, dir, () => write(dir, { 'src/a.ts': 'export const a = "a much longer value";\n' })),
      ).toEqual({ added: [], changed: ['src/a.ts'], removed: [] });

      // A touch moves the mtime only: the index takes the new stat, the journal records nothing.
      const seq = ws.contentSeq;
      const t = new Date(Date.now() + 5_000);
      const tokensBefore = ws.index.get('src/b.ts')?.tokens;
      utimesSync(path.join(dir, 'src/b.ts'), t, t);
      const mtime = statSync(path.join(dir, 'src/b.ts')).mtimeMs;
      await waitFor(() => ws.index.get('src/b.ts')?.mtimeMs === mtime, 'the touched mtime');
      await ws.watcher!.idle();
      expect(ws.contentSeq).toBe(seq);
      expect(ws.index.get('src/b.ts')?.tokens).toBe(tokensBefore);

      expect(await step(ws, dir, () => unlinkSync(path.join(dir, 'src/a.ts')))).toEqual({
        added: [],
        changed: [],
        removed: ['src/a.ts'],
      });
      expect(
        await step(ws, dir, () => renameSync(path.join(dir, 'src/b.ts'), path.join(dir, 'src/c.ts'))),
      ).toEqual({ added: ['src/c.ts'], changed: [], removed: ['src/b.ts'] });
      expect(
        await step(ws, dir, () =>
          write(dir, {
            'lib/x/y.ts': 'export {};\n',
            'lib/z.ts': 'export const z = 0;\n',
            'lib/w.log': 'log',
          }),
        ),
      ).toEqual({ added: ['lib/x/y.ts', 'lib/z.ts'], changed: [], removed: [] });
      expect(ws.folders.has('lib/x')).toBe(true);
      expect(await step(ws, dir, () => renameSync(path.join(dir, 'lib'), path.join(dir, 'lib2')))).toEqual({
        added: ['lib2/x/y.ts', 'lib2/z.ts'],
        changed: [],
        removed: ['lib/x/y.ts', 'lib/z.ts'],
      });
      // Files created inside the moved folder right away are seen under its new name.
      expect(await step(ws, dir, () => write(dir, { 'lib2/x/deeper/k.ts': 'k\n' }))).toEqual({
        added: ['lib2/x/deeper/k.ts'],
        changed: [],
        removed: [],
      });
      expect(
        await step(ws, dir, () => rmSync(path.join(dir, 'lib2'), { recursive: true, force: true })),
      ).toEqual({ added: [], changed: [], removed: ['lib2/x/deeper/k.ts', 'lib2/x/y.ts', 'lib2/z.ts'] });
      expect([...ws.folders].filter((f) => f.startsWith('lib'))).toEqual([]);

      // Ignored names change nothing: no index entry, no journal record, no watch.
      const quiet = ws.contentSeq;
      await afterSentinel(ws, dir, () =>
        write(dir, { 'debug.log': 'x', 'build/out.js': 'y', 'build/deep/z.js': 'z' }),
      );
      expect(paths(ws).filter((p) => p.endsWith('.log') || p.startsWith('build'))).toEqual([]);
      expect(ws.changesSince(quiet)).toMatchObject({ added: [], changed: [], removed: [] });
      expect(ws.folders.has('build')).toBe(false);
      expect(ws.hidden.map((h) => h.path)).toEqual(['build', 'debug.log']);
      await checkAgainstOracles(ws, dir);
    } finally {
      await ws.close();
    }
  });

  it('keeps deleted focus entries as missing, with the focus revision unmoved, and reports focused changes', async () => {
    const dir = repoDir();
    initRepo(dir, { 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'docs/x.md': 'x\n' });
    const ws = await openWatched(dir);
    try {
      ws.toggleFocus('src', true);
      ws.toggleFocus('docs/x.md', true);
      const revision = ws.focus.snapshot.revision;
      const seq = ws.contentSeq;
      write(dir, { 'src/b.ts': 'b changed\n', 'other.md': 'outside the focus\n' });
      unlinkSync(path.join(dir, 'docs/x.md'));
      await checkAgainstOracles(ws, dir);
      expect(ws.focus.snapshot.revision).toBe(revision);
      expect(ws.focusSummary().missing).toEqual(['docs/x.md']);
      expect(ws.focusedChangesSince(seq)).toMatchObject({
        changed: ['src/b.ts'],
        removed: ['docs/x.md'],
        added: [],
        complete: true,
      });
      expect(ws.changesSince(seq).added).toEqual(['other.md']);
      write(dir, { 'docs/x.md': 'back\n' });
      await checkAgainstOracles(ws, dir);
      expect(ws.focusSummary().missing).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it('survives the project folder being deleted: says so, retries with pauses, closes cleanly', async () => {
    const dir = repoDir();
    initRepo(dir, { 'a.ts': 'a\n', 'sub/b.ts': 'b\n' });
    const ws = await openWatched(dir);
    try {
      rmSync(dir, { recursive: true, force: true });
      await waitFor(() => ws.watcher!.status.error !== undefined, 'the failed update to be reported');
      expect(ws.watcher!.status.error).toMatch(/does not exist.*retries/);
      await ws.watcher!.settled(); // a failed update waiting for its retry counts as settled
    } finally {
      await ws.close();
    }
  });
});

// A branch switch under a watched project: real `git checkout` between commits that differ in
// thousands of files (a burst applied by a rescan) and in a few hundred (applied folder by
// folder); the 10,000-file burst is measured by the watch bench. After each, the index equals git's listing and a fresh scan, token counts equal a fresh
// count, and the journal names exactly the paths `git diff --name-status` names.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../workspace/workspace';
import {
  converge,
  countedNow,
  git,
  gitVisible,
  initRepo,
  openWatched,
  tempDir,
  tokensOf,
  write,
} from './testing/live';

const tmp = tempDir('loupe-watch-branch-');
afterAll(() => tmp.cleanup());

const file = (i: number, v: string) =>
  `export const value${i} = '${v}';\nexport function f${i}() { return value${i}; }\n`;

/** The journal's expectation: what git says differs between two commits. */
function expectedChanges(dir: string, from: string, to: string) {
  const out = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const line of git(dir, ['diff', '--name-status', '--no-renames', from, to]).split('\n')) {
    if (!line) continue;
    const [status, p] = line.split('\t') as [string, string];
    (status === 'A' ? out.added : status === 'D' ? out.removed : out.changed).push(p);
  }
  const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  for (const list of Object.values(out)) list.sort(byBytes);
  return out;
}

async function switchTo(ws: Workspace, dir: string, branch: string, from: string) {
  const seq = ws.contentSeq;
  git(dir, ['checkout', '-q', branch]);
  await converge(ws, dir, () => gitVisible(dir));
  expect(tokensOf(ws)).toEqual(await countedNow(dir, ws));
  const c = ws.changesSince(seq);
  expect({ added: c.added, changed: c.changed, removed: c.removed }).toEqual(
    expectedChanges(dir, from, branch),
  );
  expect(c.complete).toBe(true);
}

describe('watcher: branch switches', () => {
  it('follows git checkout across about 2,300 changed files, then a few hundred', async () => {
    const dir = path.join(tmp.dir, 'repo');
    const base: Record<string, string> = { '.gitignore': '*.log\n' };
    for (let i = 0; i < 1400; i++) base[`src/m${i % 40}/f${i}.ts`] = file(i, 'main');
    initRepo(dir, base);

    git(dir, ['checkout', '-q', '-b', 'big']);
    const big: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) big[`src/m${i % 40}/f${i}.ts`] = file(i, 'changed on big');
    for (let i = 0; i < 1000; i++) big[`other/n${i % 30}/g${i}.ts`] = file(i, 'new on big');
    write(dir, big);
    rmSync(path.join(dir, 'src/m39'), { recursive: true });
    for (let i = 1000; i < 1200; i++) rmSync(path.join(dir, `src/m${i % 40}/f${i}.ts`), { force: true });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'big']);

    git(dir, ['checkout', '-q', '-b', 'small', 'main']);
    const small: Record<string, string> = {};
    for (let i = 0; i < 150; i++) small[`src/m${i % 10}/f${i}.ts`] = file(i, 'changed on small');
    for (let i = 0; i < 120; i++) small[`extra/e${i % 6}/h${i}.ts`] = file(i, 'new on small');
    write(dir, small);
    for (let i = 1200; i < 1250; i++) rmSync(path.join(dir, `src/m${i % 40}/f${i}.ts`), { force: true });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'small']);
    git(dir, ['checkout', '-q', 'main']);
    write(dir, { 'notes/todo.md': 'untracked, stays\n', 'notes/debug.log': 'ignored\n' });

    // A lower burst threshold than the default (2,000 paths) makes this switch take the rescan path.
    const ws = await openWatched(dir, { scan: { smartIgnore: false } }, { burstPaths: 800 });
    try {
      await converge(ws, dir, () => gitVisible(dir));
      const rescans = ws.watcher!.status.rescans;

      await switchTo(ws, dir, 'big', 'main');
      expect(ws.watcher!.status.rescans).toBeGreaterThan(rescans); // a burst: applied by one rescan
      expect(ws.watcher!.status.lastRescan).toMatch(/burst/);

      await switchTo(ws, dir, 'main', 'big');
      const before = ws.watcher!.status.rescans;
      await switchTo(ws, dir, 'small', 'main');
      expect(ws.watcher!.status.rescans).toBe(before); // folder by folder, no rescan
      await switchTo(ws, dir, 'big', 'small');
    } finally {
      await ws.close();
    }
  });
});

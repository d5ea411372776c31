// The watcher's git calls on a hostile repository (its .git/config names programs, its root holds
// an executable called `git`): following edits, a .gitignore change and a touched index, from
// inside the project with the project first on PATH, runs none of them.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git } from '../scan/testing/git-oracle';
import { hostileRepo } from '../scan/testing/hostile-repo';
import { openWatched, paths, tempDir, waitFor, write } from './testing/live';

const tmp = tempDir('loupe-watch-hostile-');
afterAll(() => tmp.cleanup());

describe('watching a hostile repository', () => {
  it('follows edits, .gitignore and the index without running any configured program', async () => {
    const h = hostileRepo(tmp.dir);
    h.reset();
    const saved = process.env.PATH;
    const cwd = process.cwd();
    process.env.PATH = h.path;
    process.chdir(h.dir);
    try {
      const ws = await openWatched(h.dir);
      try {
        write(h.dir, { 'new.txt': 'new\n' });
        await waitFor(() => paths(ws).includes('new.txt'), 'new.txt listed');
        appendFileSync(path.join(h.dir, '.gitignore'), 'new.txt\n');
        await waitFor(() => !paths(ws).includes('new.txt'), 'new.txt hidden by .gitignore');
        // A changed index makes the watcher ask git what is tracked: the ignored file, added with -f
        // (this one call with the repository's hooks and fsmonitor off), is listed again only once
        // it has asked (a fixed pause passed whether or not the watcher had asked yet).
        git(h.dir, ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', 'add', '-f', 'new.txt']);
        await waitFor(() => paths(ws).includes('new.txt'), 'new.txt listed once tracked');
        expect(paths(ws)).toContain('a.txt');
      } finally {
        await ws.close();
      }
    } finally {
      process.env.PATH = saved;
      process.chdir(cwd);
    }
    expect(h.fired()).toEqual([]);
  });
});

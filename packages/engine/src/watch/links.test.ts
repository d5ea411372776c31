// Links under a watched project: a link follows its target's verdict (the target hidden by a
// .gitignore edit, replaced by a FIFO, created where a broken link pointed) and is judged again
// when it is pointed elsewhere. After every step the index equals a fresh scan, targets included.
import { execFileSync } from 'node:child_process';
import { appendFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { converge, initRepo, openWatched, tempDir, write } from './testing/live';

const tmp = tempDir('loupe-watch-links-');
afterAll(() => tmp.cleanup());

describe('watcher: symlinks', () => {
  it('judges a link again when its target or the link itself changes', async () => {
    const dir = path.join(tmp.dir, 'r');
    initRepo(dir, { '.gitignore': '.env\n', 'src/a.ts': 'a\n' });
    // Untracked, so an ignore rule can hide it.
    write(dir, { '.env': 'DB_PASSWORD=watch-secret-1\n', 'conf/app.txt': 'mode = dev\n' });
    symlinkSync('conf/app.txt', path.join(dir, 'cfg'));
    symlinkSync('later.txt', path.join(dir, 'pending'));
    const ws = await openWatched(dir, { scan: { smartIgnore: false } });
    const flag = (p: string) => ws.index.get(p)?.flag ?? '';
    try {
      await converge(ws, dir);
      expect([flag('cfg'), ws.index.get('cfg')?.target]).toEqual(['', 'conf/app.txt']);
      expect(flag('pending')).toBe('symlink-broken');

      // The target becomes ignored: no event under the link's name, yet the link is hidden with it.
      appendFileSync(path.join(dir, '.gitignore'), 'conf/\n');
      await converge(ws, dir);
      expect(flag('cfg')).toBe('symlink-to-hidden');
      expect(ws.index.get('cfg')?.targetHidden).toMatchObject({ kind: 'gitignored', pattern: 'conf/' });

      // Pointed at the gitignored .env instead; then at a visible file.
      unlinkSync(path.join(dir, 'cfg'));
      symlinkSync('.env', path.join(dir, 'cfg'));
      await converge(ws, dir);
      expect(flag('cfg')).toBe('symlink-to-hidden');
      unlinkSync(path.join(dir, 'cfg'));
      symlinkSync('src/a.ts', path.join(dir, 'cfg'));
      await converge(ws, dir);
      expect([flag('cfg'), ws.index.get('cfg')?.target]).toEqual(['', 'src/a.ts']);

      // The visible target is replaced by a FIFO: never opened, by the watcher's re-check either.
      rmSync(path.join(dir, 'src/a.ts'));
      execFileSync('mkfifo', [path.join(dir, 'src/a.ts')]);
      await converge(ws, dir);
      expect(flag('cfg')).toBe('symlink-not-regular');

      // A broken link's target appears.
      write(dir, { 'later.txt': 'now here\n' });
      await converge(ws, dir);
      expect([flag('pending'), ws.index.get('pending')?.target]).toEqual(['', 'later.txt']);

      // Links whose verdict stands are not reported as changed by an unrelated change.
      const events: string[][] = [];
      const stop = ws.onDidChangeFiles((e) => events.push([...e.added, ...e.changed, ...e.removed]));
      write(dir, { 'src/b.ts': 'b\n' });
      await converge(ws, dir);
      stop();
      expect(events.flat()).toEqual(['src/b.ts']);
    } finally {
      await ws.close();
    }
  });
});

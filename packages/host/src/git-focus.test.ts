// Git-aware ticking through the host, on a real repository that real git commands change, with
// the project watched as the app watches it: the sets follow an edit, `git add`, a commit and a
// branch; following ticks each new changed file as it appears. `git status` is the oracle.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareBytewise, type GitFiles } from '@loupe/common';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { GIT_ENV, tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-git-focus-');
afterAll(() => tmp.dispose());

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    env: GIT_ENV,
    encoding: 'utf8',
  });

/** Modified, added and untracked files (not deleted), as `git status --porcelain` lists them. */
const status = (cwd: string) =>
  git(cwd, 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames')
    .split('\0')
    .filter((l) => l && !l.slice(0, 2).includes('D'))
    .map((l) => l.slice(3))
    .sort(compareBytewise);

describe('git-aware ticking', () => {
  it('the sets follow git state live; tick adds them; follow ticks each new one as it appears', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 'state'),
      cacheDir: null,
      tokenThreads: 1,
      watch: true,
    });
    const sets: GitFiles[] = [];
    host.events.on('didChangeGitFiles', (g) => sets.push(g));
    const until = async (ok: (g: GitFiles) => boolean) => {
      for (let i = 0; i < 400; i++) {
        const g = sets.at(-1);
        if (g && ok(g)) return g;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`git sets never matched; last: ${JSON.stringify(sets.at(-1))}`);
    };
    try {
      await host.openProject({ path: project });
      expect(await host.gitFiles()).toEqual({
        changed: [],
        branch: [],
        bases: [{ repo: '', branch: 'main', commit: expect.stringMatching(/^[0-9a-f]{40}$/), atBase: true }],
        notes: [],
        following: null,
      });

      // an edit and a new file: the watcher sees them, git is asked again
      git(project, 'checkout', '-qb', 'feature');
      writeFileSync(
        path.join(project, 'src/math/add.ts'),
        'export const add = (a: number, b: number) => a + b;\n',
      );
      writeFileSync(path.join(project, 'src/new.ts'), 'export {};\n');
      writeFileSync(path.join(project, 'debug2.log'), 'ignored by *.log\n');
      let g = await until((s) => s.changed.length === 2);
      expect(g.changed).toEqual(status(project).filter((p) => p !== 'debug2.log'));
      expect(g.changed).toEqual(['src/math/add.ts', 'src/new.ts']);

      // tick them: added to what is ticked
      await host.toggleFocus({ path: 'docs', on: true });
      const ticked = await host.tickGitFiles({ which: 'changed' });
      expect(ticked.include).toEqual(['docs', 'src/math/add.ts', 'src/new.ts']);

      // commit: nothing is changed now, this branch's files hold them (git add and commit touch only .git)
      git(project, 'add', '-A');
      git(project, 'commit', '-qm', 'work');
      g = await until((s) => s.changed.length === 0);
      expect(status(project)).toEqual([]);
      expect(g.branch).toEqual(['src/math/add.ts', 'src/new.ts']);
      expect(g.bases[0]).toMatchObject({ branch: 'main', atBase: false });

      // follow the changed files: a file changed from now on is ticked when it appears
      await host.setFocus({ include: ['README.md'], exclude: [] });
      expect((await host.followGitFiles({ which: 'changed' })).following).toBe('changed');
      writeFileSync(path.join(project, 'src/util/strings.ts'), 'export const shout = (s: string) => s;\n');
      await until((s) => s.changed.includes('src/util/strings.ts'));
      expect((await host.getFocus()).include).toEqual(['README.md', 'src/util/strings.ts']);
      // unticked by hand, it stays unticked while it stays changed
      await host.toggleFocus({ path: 'src/util/strings.ts', on: false });
      writeFileSync(
        path.join(project, 'src/util/strings.ts'),
        "export const shout = (s: string) => s + '!';\n",
      );
      writeFileSync(path.join(project, 'docs/more.md'), '# More\n');
      await until((s) => s.changed.includes('docs/more.md'));
      expect((await host.getFocus()).include).toEqual(['README.md', 'docs/more.md']);
      expect((await host.followGitFiles({ which: null })).following).toBeNull();
      await expect(host.tickGitFiles({ which: 'nope' as 'changed' })).rejects.toThrow('unknown git file set');
    } finally {
      await host.close();
    }
  }, 60_000);
});

// A hostile repository: its .git/config names programs and its root holds an executable called
// `git`. Plain git runs them (the control); Loupe's runner, and every engine path that calls git
// (scanning with and without smart ignore, with overrides, nested repositories), must run none.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRunner, resolveGitExecutable, untrustedRootsFor } from './git';
import { scanProject } from './index';
import { hostileRepo } from './testing/hostile-repo';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('safe git runner', () => {
  it('control: plain git in this repository runs the configured programs and the fake git', () => {
    const h = hostileRepo(work);
    h.reset();
    const env = { ...process.env, PATH: h.path, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
    // Looked up through PATH, `git` is the project's own executable.
    execFileSync('git', ['status', '--porcelain'], { cwd: h.dir, env, stdio: 'ignore' });
    // The real git obeys the repository's config.
    const realGit = resolveGitExecutable([h.dir])!;
    execFileSync(realGit, ['status', '--porcelain'], { cwd: h.dir, env, stdio: 'ignore' });
    execFileSync(realGit, ['diff'], { cwd: h.dir, env, stdio: 'ignore' });
    expect(h.fired()).toEqual(expect.arrayContaining(['external', 'fake-git', 'fsmonitor']));
  });

  it('resolves git from PATH but never from inside the project or a relative entry', () => {
    const h = hostileRepo(work);
    const found = resolveGitExecutable([h.dir], h.path);
    expect(found).toBeDefined();
    expect(found!.startsWith(h.dir)).toBe(false);
    expect(path.isAbsolute(found!)).toBe(true);
    // A subfolder's scan distrusts the enclosing working tree too.
    expect(untrustedRootsFor(path.join(h.dir, 'node_modules', 'left-pad'))).toEqual([
      path.join(h.dir, 'node_modules', 'left-pad'),
      h.dir,
    ]);
  });

  it('scanning runs none of them', async () => {
    const h = hostileRepo(work);
    h.reset();
    const saved = process.env.PATH;
    process.env.PATH = h.path;
    const cwd = process.cwd();
    process.chdir(h.dir);
    try {
      const smart = await scanProject(h.dir);
      expect(smart.files.map((f) => f.path)).toEqual(
        expect.arrayContaining(['a.txt', 'build/x.txt', 'package.json']),
      );
      expect(smart.hidden.map((h) => [h.path, h.reason.kind])).toContainEqual([
        'node_modules',
        'build-output',
      ]);
      expect(smart.repos.map((r) => [r.path, r.kind])).toEqual([
        ['', 'git'],
        ['build', 'git'],
      ]);
      await scanProject(h.dir, { smartIgnore: false });
      await scanProject(h.dir, { overrides: { show: ['node_modules/left-pad'], hide: ['build/x.txt'] } });
      await scanProject(path.join(h.dir, 'build'));
      const runner = createGitRunner([h.dir]);
      // Every kind of call the engine makes, plus the diff-like ones it may make later.
      for (const args of [
        ['status', '--porcelain'],
        ['diff'],
        ['log', '-p', '-1'],
        ['show', 'HEAD'],
        ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
        ['fetch', 'ssh://example.invalid/x'],
      ]) {
        await runner.run(h.dir, args);
      }
    } finally {
      process.env.PATH = saved;
      process.chdir(cwd);
    }
    expect(h.fired()).toEqual([]);
  });
});

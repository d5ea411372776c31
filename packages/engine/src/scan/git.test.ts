// A hostile repository: its .git/config names programs and its root holds an executable called
// `git`. Plain git runs them (the control); Loupe's runner must run none of them.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitRunner, resolveGitExecutable } from './git';
import { scanProject } from './index';
import { git } from './testing/git-oracle';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-hostile-'));
const markers = path.join(work, 'markers');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function hostileRepo(): string {
  const dir = path.join(work, 'repo');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q']);
  writeFileSync(path.join(dir, 'a.txt'), 'hello\n');
  writeFileSync(path.join(dir, '.gitattributes'), 'a.txt diff=evil\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'one']);
  writeFileSync(path.join(dir, 'a.txt'), 'changed\n');
  const script = (name: string) => {
    const file = path.join(work, `${name}.sh`);
    writeFileSync(file, `#!/bin/sh\nmkdir -p '${markers}'\ntouch '${markers}/${name}'\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const hooks = path.join(work, 'hooks');
  mkdirSync(hooks, { recursive: true });
  for (const hook of ['post-index-change', 'pre-commit', 'post-checkout']) {
    writeFileSync(
      path.join(hooks, hook),
      `#!/bin/sh\nmkdir -p '${markers}'\ntouch '${markers}/hook-${hook}'\n`,
    );
    chmodSync(path.join(hooks, hook), 0o755);
  }
  const cfg = (k: string, v: string) => git(dir, ['config', k, v]);
  cfg('core.fsmonitor', script('fsmonitor'));
  cfg('core.hooksPath', hooks);
  cfg('core.pager', script('pager'));
  cfg('diff.external', script('external'));
  cfg('diff.evil.textconv', script('textconv'));
  cfg('core.sshCommand', script('ssh'));
  cfg('core.askPass', script('askpass'));
  // An executable named `git` in the project itself.
  writeFileSync(path.join(dir, 'git'), `#!/bin/sh\nmkdir -p '${markers}'\ntouch '${markers}/fake-git'\n`);
  chmodSync(path.join(dir, 'git'), 0o755);
  return dir;
}

const hostilePath = (dir: string) => [dir, '.', process.env.PATH ?? ''].join(path.delimiter);
const fired = () => (existsSync(markers) ? readdirSync(markers).sort() : []);

describe('safe git runner', () => {
  beforeEach(() => rmSync(markers, { recursive: true, force: true }));

  it('control: plain git in this repository runs the configured programs and the fake git', () => {
    const dir = hostileRepo();
    const env = {
      ...process.env,
      PATH: hostilePath(dir),
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    };
    // Looked up through PATH, `git` is the project's own executable.
    execFileSync('git', ['status', '--porcelain'], { cwd: dir, env, stdio: 'ignore' });
    // The real git obeys the repository's config.
    const realGit = resolveGitExecutable([dir])!;
    execFileSync(realGit, ['status', '--porcelain'], { cwd: dir, env, stdio: 'ignore' });
    execFileSync(realGit, ['diff'], { cwd: dir, env, stdio: 'ignore' });
    expect(fired()).toEqual(expect.arrayContaining(['external', 'fake-git', 'fsmonitor']));
  });

  it('resolves git from PATH but never from inside the project or a relative entry', () => {
    const dir = hostileRepo();
    const found = resolveGitExecutable([dir], hostilePath(dir));
    expect(found).toBeDefined();
    expect(found!.startsWith(dir)).toBe(false);
    expect(path.isAbsolute(found!)).toBe(true);
  });

  it('scanning runs none of them', async () => {
    const dir = hostileRepo();
    const saved = process.env.PATH;
    process.env.PATH = hostilePath(dir);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const result = await scanProject(dir);
      expect(result.files.map((f) => f.path)).toContain('a.txt');
      const runner = createGitRunner([dir]);
      // Every kind of call the engine makes, plus the diff-like ones it may make later.
      for (const args of [
        ['status', '--porcelain'],
        ['diff'],
        ['log', '-p', '-1'],
        ['show', 'HEAD'],
        ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
        ['fetch', 'ssh://example.invalid/x'],
      ]) {
        await runner.run(dir, args);
      }
    } finally {
      process.env.PATH = saved;
      process.chdir(cwd);
    }
    expect(fired()).toEqual([]);
  });
});

// A hostile repository for tests: its .git/config names programs (fsmonitor, hooks, pager, external
// diff, textconv, ssh, askpass) and its root holds an executable called `git`; each writes a
// marker file when run. It also holds what makes the scanner call git or probe more: a nested
// repository with the same config (not build output), and proven build output (smart ignore).
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git } from './git-oracle';

export interface Hostile {
  dir: string;
  /** PATH with the project's own folder and `.` first: a plain `git` lookup finds the fake. */
  path: string;
  /** Marker files written so far (sorted): empty means nothing ran. */
  fired(): string[];
  reset(): void;
}

export function hostileRepo(work: string): Hostile {
  const markers = path.join(work, 'markers');
  const dir = path.join(work, 'repo');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
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
  const poison = (repo: string) => {
    const cfg = (k: string, v: string) => git(repo, ['config', k, v]);
    cfg('core.fsmonitor', script('fsmonitor'));
    cfg('core.hooksPath', hooks);
    cfg('core.pager', script('pager'));
    cfg('diff.external', script('external'));
    cfg('diff.evil.textconv', script('textconv'));
    cfg('core.sshCommand', script('ssh'));
    cfg('core.askPass', script('askpass'));
  };
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  git(dir, ['init', '-q']);
  write('a.txt', 'hello\n');
  write('.gitattributes', 'a.txt diff=evil\n');
  write('package.json', '{}\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'one']);
  write('a.txt', 'changed\n');
  // Proven build output (judged, hidden) and a nested repository named like a candidate but
  // without proof (judged, kept, then opened with git).
  write('node_modules/.package-lock.json', '{}\n');
  write('node_modules/left-pad/package.json', '{}\n');
  write('build/x.txt', 'nested\n');
  git(path.join(dir, 'build'), ['init', '-q']);
  poison(path.join(dir, 'build'));
  poison(dir);
  // An executable named `git` in the project itself.
  write('git', `#!/bin/sh\nmkdir -p '${markers}'\ntouch '${markers}/fake-git'\n`);
  chmodSync(path.join(dir, 'git'), 0o755);
  return {
    dir,
    path: [dir, '.', process.env.PATH ?? ''].join(path.delimiter),
    fired: () => (existsSync(markers) ? readdirSync(markers).sort() : []),
    reset: () => rmSync(markers, { recursive: true, force: true }),
  };
}

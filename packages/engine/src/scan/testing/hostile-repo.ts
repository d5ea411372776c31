// A hostile repository for tests: its .git/config names programs (fsmonitor, hooks, pager, external
// diff, textconv, ssh, askpass) and its root holds an executable called `git`; each writes a
// marker file when run. It also holds what makes the scanner call git or probe more: a nested
// repository with the same config (not build output), and proven build output (smart ignore).
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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

/** One planted link of `hostileLinks`: the flag the scan must give it ('' for a readable link). */
export interface PlantedLink {
  flag: string;
  /** For a readable link: the visible file it reads as. */
  target?: string;
}

export interface HostileLinks {
  dir: string;
  /** Values that must appear in no output: each sits in a file no link may serve. */
  planted: string[];
  /** The secret value of `config/app.env`, read through `cfg.txt`: it must come out masked. */
  maskedValue: string;
  links: Record<string, PlantedLink>;
}

const plant = (what: string) => `PLANT_${what}_${Math.random().toString(36).slice(2, 10)}`;

/**
 * A repository whose committed symlinks lead where nothing may be read: a gitignored `.env`, an
 * ignored folder, `.git/config`, a FIFO, `/etc/passwd`, a file outside the project, a loop, a
 * broken link, a folder, a link to a link. Each target holds a planted marker. Two links lead to a
 * visible `config/app.env` (directly and through another link) and must be read as that file:
 * masked by its format, its secret value never shown.
 */
export function hostileLinks(work: string): HostileLinks {
  const dir = path.join(work, 'links-repo');
  const outside = path.join(work, 'links-outside');
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  mkdirSync(outside, { recursive: true });
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const link = (name: string, to: string) => symlinkSync(to, path.join(dir, name));
  const env = plant('ENV');
  const priv = plant('PRIVATE');
  const gitcfg = plant('GITCONFIG');
  const out = plant('OUTSIDE');
  const maskedValue = `Zq${plant('CFG').toLowerCase()}x9`;
  git(dir, ['init', '-q']);
  git(dir, ['config', 'loupe.plant', gitcfg]);
  write('.gitignore', '.env\nprivate/\n');
  write('.env', `DB_PASSWORD=${env}\nNOTE=${env}\n`);
  write('private/notes.txt', `${priv}\n`);
  write('config/app.env', `DB_PASSWORD=${maskedValue}\nMODE=dev\n`);
  write('src/app.ts', 'export const mode = "dev";\n');
  writeFileSync(path.join(outside, 'secret.txt'), `${out}\n`);
  link('envlink', '.env');
  link('envlink2', 'envlink');
  link('privlink', 'private/notes.txt');
  link('privdir', 'private');
  link('gitcfg', '.git/config');
  link('pipelink', 'pipe');
  link('passwd', '/etc/passwd');
  link('outlink', path.join(outside, 'secret.txt'));
  link('loop-a', 'loop-b');
  link('loop-b', 'loop-a');
  link('broken', 'nowhere.txt');
  link('cfg.txt', 'config/app.env');
  link('cfglink2', 'cfg.txt');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'links']);
  // The FIFO itself is untracked (git does not store FIFOs); anything that opens it hangs.
  execFileSync('mkfifo', [path.join(dir, 'pipe')]);
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')[0] ?? 'root:x:0:0';
  return {
    dir,
    planted: [env, priv, gitcfg, out, passwd, maskedValue],
    maskedValue,
    links: {
      envlink: { flag: 'symlink-to-hidden' },
      envlink2: { flag: 'symlink-to-hidden' },
      privlink: { flag: 'symlink-to-hidden' },
      privdir: { flag: 'symlinked-folder' },
      gitcfg: { flag: 'symlink-into-git' },
      pipelink: { flag: 'symlink-not-regular' },
      passwd: { flag: 'symlink-outside-root' },
      outlink: { flag: 'symlink-outside-root' },
      'loop-a': { flag: 'symlink-loop' },
      'loop-b': { flag: 'symlink-loop' },
      broken: { flag: 'symlink-broken' },
      'cfg.txt': { flag: '', target: 'config/app.env' },
      cfglink2: { flag: '', target: 'config/app.env' },
    },
  };
}

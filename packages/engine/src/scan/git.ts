// The one way Loupe runs git. A project is untrusted input: its .git/config can name programs
// (fsmonitor, pager, textconv, ssh), and its folders can hold an executable called `git`.
// Every call goes through `runGit`, which neutralises all of that.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureEmptyFile, folderProblem, scratchFolder } from '../state/private-fs';

export interface GitResult {
  ok: boolean;
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitRunner {
  /** The resolved executable, or undefined when no usable git exists. */
  readonly executable: string | undefined;
  run(cwd: string, args: readonly string[], options?: { timeoutMs?: number }): Promise<GitResult>;
}

/**
 * Empty files and folders that git's config keys are pointed at, in a scratch folder only this
 * user can reach (never a predictable shared path another user could plant: git reads `empty` as
 * its global config and attributes, so whoever could write it could make git run a program).
 */
function neutralPaths(): { hooks: string; empty: string } {
  const dir = scratchFolder('loupe-git');
  const hooks = path.join(dir, 'hooks');
  const empty = path.join(dir, 'empty');
  // Inside a private folder only this user could have put something else at these names.
  if (folderProblem(hooks)) rmSync(hooks, { recursive: true, force: true });
  mkdirSync(hooks, { recursive: true, mode: 0o700 });
  ensureEmptyFile(empty);
  return { hooks, empty };
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Finds git on PATH, skipping relative PATH entries (".", "") and any folder inside one of the
 * `untrusted` roots, so an executable named `git` in a project is never run.
 */
export function resolveGitExecutable(
  untrusted: readonly string[],
  envPath = process.env.PATH ?? '',
): string | undefined {
  const names = process.platform === 'win32' ? ['git.exe'] : ['git'];
  const roots = untrusted.map(realOrSelf);
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const real = realOrSelf(dir);
    if (roots.some((r) => isInside(real, r) || isInside(dir, r))) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        const target = realOrSelf(candidate);
        if (roots.some((r) => isInside(target, r))) continue;
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return undefined;
}

/**
 * The folders whose contents must never be executed when `dir` is opened: `dir` itself and, when
 * it lies inside a working tree, that tree's top (the nearest folder above holding `.git`). A
 * subfolder's scan must not run a `git` that the enclosing project put on PATH (direnv,
 * `node_modules/.bin`).
 */
export function untrustedRootsFor(dir: string): string[] {
  const roots = [dir];
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    if (existsSync(path.join(d, '.git'))) {
      roots.push(d);
      break;
    }
    if (path.dirname(d) === d) break;
  }
  return roots;
}

/** Config that overrides anything a repository's own .git/config says (command line wins). */
function overrides(neutral: { hooks: string; empty: string }): string[] {
  const pairs: Array<[string, string]> = [
    ['core.fsmonitor', 'false'],
    ['core.hooksPath', neutral.hooks],
    ['core.attributesFile', neutral.empty],
    ['core.excludesFile', neutral.empty],
    ['core.pager', 'cat'],
    ['core.askPass', ''],
    ['core.sshCommand', 'false'],
    ['core.untrackedCache', 'false'],
    ['credential.helper', ''],
    ['submodule.recurse', 'false'],
    ['protocol.allow', 'never'],
    ['diff.external', ''],
  ];
  return pairs.flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

/** An environment with nothing inherited that could redirect or reconfigure git. */
function scrubbedEnv(neutral: { empty: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    LC_ALL: 'C',
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: neutral.empty,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_PAGER: 'cat',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
  };
  if (process.platform === 'win32') {
    for (const key of ['SystemRoot', 'TEMP', 'TMP', 'USERPROFILE']) {
      if (process.env[key]) env[key] = process.env[key];
    }
  } else {
    env.HOME = path.dirname(neutral.empty);
  }
  return env;
}

/**
 * A runner bound to the roots it must never execute from. Diff-like commands should also pass
 * `--no-ext-diff --no-textconv`; `runGit` adds them for `diff`, `show` and `log`.
 */
export function createGitRunner(untrustedRoots: readonly string[]): GitRunner {
  const executable = resolveGitExecutable(untrustedRoots);
  const neutral = neutralPaths();
  const prefix = ['--no-pager', '--no-optional-locks', ...overrides(neutral)];
  const env = scrubbedEnv(neutral);
  return {
    executable,
    run(cwd, args, options = {}) {
      if (!executable) {
        return Promise.resolve({ ok: false, code: -1, stdout: Buffer.alloc(0), stderr: 'git was not found' });
      }
      const sub = args[0];
      const safety =
        sub === 'diff' || sub === 'show' || sub === 'log' ? ['--no-ext-diff', '--no-textconv'] : [];
      const full = [...prefix, ...args.slice(0, 1), ...safety, ...args.slice(1)];
      return new Promise((resolve) => {
        execFile(
          executable,
          full,
          {
            cwd,
            env,
            encoding: 'buffer',
            maxBuffer: 1 << 30,
            timeout: options.timeoutMs ?? 60_000,
            windowsHide: true,
            shell: false,
          },
          (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
            resolve({ ok: !error, code, stdout, stderr: stderr.toString('utf8') });
          },
        );
      });
    },
  };
}

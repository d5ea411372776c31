// Test helpers: run real git as the oracle, with the machine's own configuration switched off.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import path from 'node:path';

export const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
};

export function git(cwd: string, args: string[], input?: string): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@t',
      '-c',
      'core.excludesFile=/dev/null',
      '-c',
      'init.defaultBranch=main',
      '-c',
      'advice.addEmbeddedRepo=false',
      ...args,
    ],
    { cwd, env: gitEnv, encoding: 'utf8', maxBuffer: 1 << 28, ...(input !== undefined ? { input } : {}) },
  );
}

const isRepo = (dir: string) => existsSync(path.join(dir, '.git'));

/**
 * git's own listing of what is visible: `git ls-files --cached --others --exclude-standard`,
 * with nested repositories and checked-out gitlinks expanded by their own listing (git shows
 * them as one entry; Loupe lists their files under their own rules), sorted by bytes.
 */
export function gitVisible(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  const staged = git(dir, ['ls-files', '-z', '--cached', '--stage'])
    .split('\0')
    .filter(Boolean)
    .map((r) => ({ mode: r.slice(0, 6), path: r.slice(r.indexOf('\t') + 1) }));
  const gitlinks = new Set(staged.filter((s) => s.mode === '160000').map((s) => s.path));
  const listed = git(dir, ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .split('\0')
    .filter(Boolean);
  for (const p of new Set(listed)) {
    const nested = p.endsWith('/') ? p.slice(0, -1) : gitlinks.has(p) ? p : undefined;
    if (nested !== undefined) {
      const abs = path.join(dir, nested);
      if (existsSync(abs) && statSync(abs).isDirectory() && isRepo(abs))
        out.push(...gitVisible(abs, `${prefix}${nested}/`));
      continue;
    }
    if (!existsSync(path.join(dir, p)) && !isSymlink(path.join(dir, p))) continue; // tracked but deleted
    out.push(prefix + p);
  }
  return prefix ? out : sortBytes(out);
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

export function sortBytes(list: string[]): string[] {
  return list.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

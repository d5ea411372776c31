// Which visible files git says are being worked on, for "Tick changed files" and "Tick this
// branch's files": the files modified, added or untracked now (what `git status` lists), and the
// files changed since the merge base with the default branch (committed on this branch or not yet).
// Every call goes through the safe git runner, in each repository of the project (nested ones
// too), restricted to the opened folder; deleted and hidden files are left out (only visible files
// can be ticked).
import path from 'node:path';
import { compareBytewise } from '@loupe/common';
import type { RelPath, RepoInfo } from '../types';
import type { GitRunner } from './git';

export type GitSet = 'changed' | 'branch';

export interface GitBase {
  /** The repository folder relative to the project root ('' for the root). */
  repo: RelPath;
  /** The default branch compared against, e.g. "origin/main" or "main". */
  branch: string;
  /** The merge base of HEAD and that branch (full hash). */
  commit: string;
  /** HEAD is at the merge base: nothing is committed on this branch that the default one lacks. */
  atBase: boolean;
}

export interface GitChanges {
  /** Visible files modified, added (staged or not) or untracked, sorted bytewise. */
  changed: RelPath[];
  /** Visible files changed since the merge base with the default branch, plus untracked ones. */
  branch: RelPath[];
  /** The base of each repository the branch set could be computed for. */
  bases: GitBase[];
  /** Why a set is empty or partial, in sentences (not a repository, no default branch, ...). */
  notes: string[];
}

/** The branches tried as the default one when the remote names none, in this order. */
const DEFAULT_NAMES = ['main', 'master', 'trunk', 'develop'];

const split = (out: Buffer) => out.toString('utf8').split('\0').filter(Boolean);
const join = (repo: string, p: string) => (repo ? `${repo}/${p}` : p);

async function defaultBranch(git: GitRunner, dir: string): Promise<string | undefined> {
  const head = await git.run(dir, ['symbolic-ref', '-q', 'refs/remotes/origin/HEAD']);
  if (head.ok) {
    const ref = head.stdout.toString('utf8').trim();
    if (ref) return ref.replace(/^refs\/remotes\//, '');
  }
  for (const name of DEFAULT_NAMES)
    for (const ref of [`refs/remotes/origin/${name}`, `refs/heads/${name}`]) {
      const r = await git.run(dir, ['rev-parse', '--verify', '-q', ref]);
      if (r.ok) return ref.replace(/^refs\/(heads|remotes)\//, '');
    }
  return undefined;
}

/** One repository's sets, paths relative to the project root. */
async function repoChanges(
  git: GitRunner,
  root: string,
  repo: RelPath,
  out: { changed: Set<string>; branch: Set<string>; bases: GitBase[]; notes: string[] },
): Promise<void> {
  const dir = path.join(root, ...repo.split('/').filter(Boolean));
  const where = repo ? `${repo}: ` : '';
  const [head, untracked] = await Promise.all([
    git.run(dir, ['rev-parse', '--verify', '-q', 'HEAD']),
    git.run(dir, ['ls-files', '-z', '--others', '--exclude-standard']),
  ]);
  if (!untracked.ok) {
    out.notes.push(
      `${where}git could not list the changed files (${untracked.stderr.trim() || 'git failed'}).`,
    );
    return;
  }
  const loose = split(untracked.stdout);
  // Against HEAD: staged and unstaged changes alike; before the first commit, everything staged is added.
  const tracked = head.ok
    ? await git.run(dir, ['diff', '--name-only', '-z', '--relative', '--no-renames', 'HEAD', '--'])
    : await git.run(dir, ['ls-files', '-z', '--cached']);
  if (!tracked.ok) {
    out.notes.push(
      `${where}git could not list the changed files (${tracked.stderr.trim() || 'git failed'}).`,
    );
    return;
  }
  const changed = [...split(tracked.stdout), ...loose];
  for (const p of changed) out.changed.add(join(repo, p));

  if (!head.ok) {
    out.notes.push(`${where}no commit yet: this branch's files are the changed files.`);
    for (const p of changed) out.branch.add(join(repo, p));
    return;
  }
  const branch = await defaultBranch(git, dir);
  if (!branch) {
    out.notes.push(
      `${where}no default branch found (origin/HEAD, main, master, trunk or develop): this branch's files are the changed files.`,
    );
    for (const p of changed) out.branch.add(join(repo, p));
    return;
  }
  const [base, headHash] = await Promise.all([
    git.run(dir, ['merge-base', 'HEAD', branch]),
    git.run(dir, ['rev-parse', 'HEAD']),
  ]);
  if (!base.ok) {
    out.notes.push(`${where}HEAD and ${branch} share no history: this branch's files are the changed files.`);
    for (const p of changed) out.branch.add(join(repo, p));
    return;
  }
  const commit = base.stdout.toString('utf8').trim();
  const since = await git.run(dir, ['diff', '--name-only', '-z', '--relative', '--no-renames', commit, '--']);
  if (!since.ok) {
    out.notes.push(`${where}git could not compare with ${branch} (${since.stderr.trim() || 'git failed'}).`);
    return;
  }
  out.bases.push({ repo, branch, commit, atBase: headHash.stdout.toString('utf8').trim() === commit });
  for (const p of [...split(since.stdout), ...loose]) out.branch.add(join(repo, p));
}

/**
 * The changed and branch files of the project's git repositories (`repos` from the scan), kept
 * to the paths `visible` accepts. A project with no repository gets empty sets and a note.
 */
export async function gitChanges(
  root: string,
  repos: readonly RepoInfo[],
  git: GitRunner,
  visible: (p: RelPath) => boolean,
): Promise<GitChanges> {
  const out = {
    changed: new Set<string>(),
    branch: new Set<string>(),
    bases: [] as GitBase[],
    notes: [] as string[],
  };
  const gitRepos = repos.filter((r) => r.kind === 'git');
  if (!gitRepos.length)
    out.notes.push('This folder is not in a git repository: git has no changed files here.');
  else if (!git.executable) out.notes.push('git was not found on PATH: changed files cannot be listed.');
  else for (const r of gitRepos) await repoChanges(git, root, r.path, out);
  const keep = (s: Set<string>) => [...s].filter(visible).sort(compareBytewise);
  return { changed: keep(out.changed), branch: keep(out.branch), bases: out.bases, notes: out.notes };
}

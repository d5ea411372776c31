// The two files inside each repository's git folder that change what is visible: the index (what
// is tracked: `git add -f` shows an ignored file without touching the worktree) and info/exclude.
// The watcher watches their folders only; nothing else under .git is read or watched.
import path from 'node:path';
import type { GitRunner } from '../scan/git';
import type { RelPath, RepoInfo } from '../types';

interface RepoFiles {
  /** The repository's folder relative to the project root ('' for the root). */
  repo: RelPath;
  index: string;
  exclude: string;
  tracked: Set<string>;
}

export type GitFileKind = 'index' | 'exclude';

const join = (a: string, b: string) => (a ? `${a}/${b}` : b);

export class GitFiles {
  private repos = new Map<RelPath, RepoFiles>();

  constructor(
    private readonly root: string,
    private readonly git: GitRunner,
  ) {}

  private async trackedOf(dir: string): Promise<Set<string> | undefined> {
    const r = await this.git.run(dir, ['ls-files', '-z', '--cached']);
    return r.ok ? new Set(r.stdout.toString('utf8').split('\0').filter(Boolean)) : undefined;
  }

  /** Follows the repositories of the latest scan; returns true when the set of folders to watch changed. */
  async sync(repos: readonly RepoInfo[]): Promise<boolean> {
    const wanted = new Set(repos.filter((r) => r.kind === 'git').map((r) => r.path));
    let changed = false;
    for (const k of [...this.repos.keys()])
      if (!wanted.has(k)) {
        this.repos.delete(k);
        changed = true;
      }
    for (const repo of wanted) {
      if (this.repos.has(repo)) continue;
      const dir = path.join(this.root, ...repo.split('/').filter(Boolean));
      const [paths, tracked] = await Promise.all([
        this.git.run(dir, ['rev-parse', '--git-path', 'index', '--git-path', 'info/exclude']),
        this.trackedOf(dir),
      ]);
      if (!paths.ok || !tracked) continue;
      const [index = '', exclude = ''] = paths.stdout.toString('utf8').split('\n');
      if (!index || !exclude) continue;
      this.repos.set(repo, {
        repo,
        index: path.resolve(dir, index),
        exclude: path.resolve(dir, exclude),
        tracked,
      });
      changed = true;
    }
    return changed;
  }

  /** Each repository's watched files (absolute paths). */
  watched(): Array<{ index: string; exclude: string }> {
    return [...this.repos.values()].map((r) => ({ index: r.index, exclude: r.exclude }));
  }

  /** Absolute folders holding the watched git files. */
  folders(): Set<string> {
    const out = new Set<string>();
    for (const r of this.repos.values()) {
      out.add(path.dirname(r.index));
      out.add(path.dirname(r.exclude));
    }
    return out;
  }

  /** Which watched git file an absolute path is (the file itself, or its lock being renamed). */
  match(abs: string): { repo: RelPath; kind: GitFileKind } | undefined {
    for (const r of this.repos.values()) {
      if (abs === r.index || abs === `${r.index}.lock`) return { repo: r.repo, kind: 'index' };
      // The info folder appearing or vanishing counts as a change of the exclude file.
      if (abs === r.exclude || abs === path.dirname(r.exclude)) return { repo: r.repo, kind: 'exclude' };
    }
    return undefined;
  }

  /** Paths (root-relative) whose tracked state changed since the last look at this repository's index. */
  async trackedChanges(repo: RelPath): Promise<RelPath[]> {
    const r = this.repos.get(repo);
    if (!r) return [];
    const now = await this.trackedOf(path.join(this.root, ...repo.split('/').filter(Boolean)));
    if (!now) return [];
    const out: RelPath[] = [];
    for (const p of now) if (!r.tracked.has(p)) out.push(join(repo, p));
    for (const p of r.tracked) if (!now.has(p)) out.push(join(repo, p));
    r.tracked = now;
    return out;
  }
}

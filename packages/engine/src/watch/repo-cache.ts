// Repository contexts (tracked paths, core.ignoreCase, info/exclude, .gitignore files above the
// root) kept between partial walks: opening one costs two git calls, and a walk of one folder
// should not pay them again. A context is dropped when its git index or info/exclude changes, when
// a `.git` appears or vanishes in its folder, and before every full rescan.
import type { GitRunner } from '../scan/git';
import { openRepo, type RepoContext } from '../scan/repo';

export class RepoCache {
  private readonly contexts = new Map<string, Promise<RepoContext>>();

  /** Drop-in for `openRepo` (ScanOptions.openRepo). */
  readonly open = (dir: string, rel: string, git: GitRunner): Promise<RepoContext> => {
    const key = `${dir}\0${rel}`;
    let ctx = this.contexts.get(key);
    if (!ctx) {
      ctx = openRepo(dir, rel, git);
      this.contexts.set(key, ctx);
      ctx.catch(() => this.contexts.delete(key));
    }
    return ctx;
  };

  /** Forgets the context of the repository at `dir` (absolute), or all of them. */
  invalidate(dir?: string): void {
    if (dir === undefined) {
      this.contexts.clear();
      return;
    }
    for (const key of [...this.contexts.keys()]) if (key.startsWith(`${dir}\0`)) this.contexts.delete(key);
  }
}

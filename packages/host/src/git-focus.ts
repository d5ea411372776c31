// "Tick changed files" and "Tick this branch's files" for one open project: what git lists, kept
// current as git state changes (the watcher's file and index events), sent to the window when it
// moves, and, while following a set, each file that newly enters it ticked as it appears. Files
// that leave the set stay ticked (a commit does not take them from the focus); unticking one by hand
// sticks until it leaves the set and comes back.
import { type GitFiles, type GitSet, tickAll } from '@loupe/common';
import type { Workspace } from '@loupe/engine';

/** Events come in bursts (a checkout); git is asked once the burst is over. */
const SETTLE_MS = 150;

const same = (a: GitFiles, b: GitFiles) => JSON.stringify(a) === JSON.stringify(b);

export class GitFocus {
  private files: GitFiles | undefined;
  private following: GitSet | null = null;
  /** The followed set's files as last ticked: only newcomers are ticked. */
  private seen = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<GitFiles> | undefined;
  private again = false;
  private closed = false;
  private readonly disposers: Array<() => void>;

  constructor(
    private readonly ws: Workspace,
    private readonly emit: (files: GitFiles) => void,
    private readonly settleMs = SETTLE_MS,
  ) {
    this.disposers = [ws.onDidChangeFiles(() => this.schedule()), ws.onDidChangeGit(() => this.schedule())];
  }

  /** The sets as last computed (computed now the first time). */
  current(): Promise<GitFiles> {
    return this.files ? Promise.resolve(this.files) : this.refresh();
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh().catch(() => {});
    }, this.settleMs);
  }

  /** Asks git again (one run at a time; a request during a run runs once more after it). */
  refresh(): Promise<GitFiles> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let files: GitFiles;
      do {
        this.again = false;
        const c = await this.ws.gitChanges();
        files = {
          changed: c.changed,
          branch: c.branch,
          bases: c.bases,
          notes: c.notes,
          following: this.following,
        };
        if (this.following) this.tickNew(files[this.following]);
      } while (this.again && !this.closed);
      const changed = !this.files || !same(this.files, files);
      this.files = files;
      if (changed && !this.closed) this.emit(files);
      return files;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private tickNew(set: readonly string[]): void {
    const fresh = set.filter((p) => !this.seen.has(p));
    this.seen = new Set(set);
    if (fresh.length) this.tickPaths(fresh);
  }

  /** Adds `paths` to the ticks as saved now (another process may have changed them). */
  private tickPaths(paths: readonly string[]): void {
    this.ws.reloadFocus();
    this.ws.setFocus(tickAll(this.ws.focus.snapshot, paths));
  }

  /** Ticks every file of one set now (added to the ticks there are). */
  async tick(which: GitSet): Promise<void> {
    const files = await this.refresh();
    if (files[which].length) this.tickPaths(files[which]);
  }

  /** Ticks one set's files now and each new one as it appears; null stops. */
  async follow(which: GitSet | null): Promise<GitFiles> {
    this.following = which;
    this.seen = new Set();
    return this.refresh();
  }

  dispose(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposers.splice(0)) d();
  }
}

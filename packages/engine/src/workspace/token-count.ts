// A Workspace's token counts: the files not counted yet, counted in the token service's worker
// threads (cached on disk by content hash), one run after another; `ready` follows the last run.
// A file that changed while it was counted keeps waiting for its own count.
import { projectFile } from '../content/open';
import type { TokenService } from '../tokens/service';
import type { FileIndex } from './file-index';

export interface TokenProgress {
  done: number;
  total: number;
}

export interface CountingTarget {
  readonly root: string;
  readonly index: FileIndex;
  /** The project was closed: nothing more is counted. */
  isClosed(): boolean;
  onProgress(p: TokenProgress): void;
  /** Counts (or flags) landed in the index. */
  onCounted(): void;
}

export class TokenCounting {
  /** Resolves when every run asked for so far has ended. */
  ready: Promise<void> = Promise.resolve();
  private running: AbortController | undefined;

  /** `tokens`: the service counting now (another encoding brings another one). */
  constructor(
    private readonly target: CountingTarget,
    private readonly tokens: () => TokenService,
  ) {}

  /** Counts the files not counted yet, after any run before it. */
  run(): Promise<void> {
    const run = this.ready.then(() => this.countMissing());
    this.ready = run.catch(() => {});
    return run;
  }

  /** Stops the running count, if any; returns whether one was running. */
  cancel(): boolean {
    const running = this.running;
    running?.abort();
    return Boolean(running);
  }

  private async countMissing(): Promise<void> {
    const { index } = this.target;
    const todo = [...index.uncounted()]
      .map((p) => index.get(p)!)
      // A link is counted as its target.
      .map((e) => ({
        path: e.path,
        abs: projectFile(this.target.root, e),
        size: e.size,
        mtimeMs: e.mtimeMs,
      }));
    if (!todo.length || this.target.isClosed()) return;
    const asked = new Map(todo.map((t) => [t.path, t]));
    const abort = new AbortController();
    this.running = abort;
    let counts: Awaited<ReturnType<TokenService['countFiles']>>;
    try {
      counts = await this.tokens().countFiles(todo, {
        root: this.target.root,
        signal: abort.signal,
        onProgress: (done, total) => this.target.onProgress({ done, total }),
      });
    } catch (error) {
      // A cancelled count leaves the files uncounted (finished batches are cached on disk).
      if (abort.signal.aborted) return;
      throw error;
    } finally {
      if (this.running === abort) this.running = undefined;
    }
    for (const [p, t] of counts) {
      const entry = index.get(p);
      // The file changed while it was counted: the newer entry waits for its own count.
      const job = asked.get(p);
      if (!entry || !job || entry.size !== job.size || entry.mtimeMs !== job.mtimeMs) continue;
      if (t.binary) index.setFlag(p, 'binary');
      else if (t.error) index.setFlag(p, 'unreadable');
      else index.setTokens(p, t.tokens, t.hash);
    }
    this.target.onProgress({ done: todo.length, total: todo.length });
    this.target.onCounted();
  }
}

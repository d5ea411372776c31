// Opening a project folder for the host: the scan into a Workspace (with the host's workspace
// options, its progress shown), and who wins when opens overlap: a later open or Cancel ends an
// earlier one, which closes what it scanned and fails with 'cancelled'.
import type { Encoding } from '@loupe/common';
import { Workspace } from '@loupe/engine';
import { HostError } from './errors';
import type { HostOptions } from './options';
import type { ProgressReporter } from './progress';

export class ProjectOpening {
  private opening: AbortController | undefined;

  constructor(
    private readonly options: HostOptions,
    private readonly progress: ProgressReporter,
  ) {}

  /** Scans `root` (shown as `name`) into a Workspace, ending any open still running. */
  async open(root: string, name: string, encoding: Encoding): Promise<Workspace> {
    this.opening?.abort();
    const abort = new AbortController();
    this.opening = abort;
    const onProgress = this.progress.scan(name);
    let ws: Workspace;
    try {
      ws = await Workspace.open(root, {
        stateDir: this.options.stateDir,
        encoding,
        ...(this.options.cacheDir !== undefined ? { cacheDir: this.options.cacheDir } : {}),
        ...(this.options.tokenThreads ? { tokenThreads: this.options.tokenThreads } : {}),
        ...(this.options.watch ? { watch: true } : {}),
        ...this.options.workspace,
        signal: abort.signal,
        // Damaged saved focus or overrides: the window shows it and agents are refused until resolved.
        openDamaged: true,
        // The project's saved choices (overrides, masking) are read by Workspace.open from stateDir.
        scan: { ...this.options.workspace?.scan, onProgress },
      });
    } catch (error) {
      if (this.opening === abort) {
        this.opening = undefined;
        this.progress.idle();
      }
      if (abort.signal.aborted) throw new HostError('cancelled', `Opening ${root} was cancelled.`);
      throw error;
    }
    if (this.opening !== abort) {
      await ws.close(); // superseded by a later open, or cancelled after the scan finished
      throw new HostError('cancelled', `Opening ${root} was cancelled.`);
    }
    this.opening = undefined;
    return ws;
  }

  /** Cancels the open running now (the window's Cancel); returns whether there was one. */
  cancel(): boolean {
    if (!this.opening) return false;
    this.opening.abort();
    this.opening = undefined;
    this.progress.idle();
    return true;
  }

  /** Ends the open running now, if any (the host is closing). */
  abort(): void {
    this.opening?.abort();
  }
}

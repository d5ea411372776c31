// The progress line the window shows (scan, token count), throttled so a 100k-file scan does not
// flood the transport; the scan's words, and the follower that turns a workspace's token count
// into it.

import { groupDigits, type Progress } from '@loupe/common';
import type { ScanProgress, Workspace } from '@loupe/engine';
import type { HostEventBus } from './events';

export const IDLE: Progress = { phase: 'idle', done: 0, total: 0, message: '', cancellable: false };
const PROGRESS_INTERVAL_MS = 100;

export class ProgressReporter {
  private state: Progress = IDLE;
  private at = 0;

  constructor(private readonly events: HostEventBus) {}

  get phase(): Progress['phase'] {
    return this.state.phase;
  }

  /** Emits `next`; within the same phase at most every 100 ms unless forced. */
  set(next: Progress, force = false): void {
    const now = Date.now();
    if (!force && next.phase === this.state.phase && now - this.at < PROGRESS_INTERVAL_MS) return;
    this.state = next;
    this.at = now;
    this.events.emit('didProgress', next);
  }

  idle(): void {
    this.set(IDLE, true);
  }

  /**
   * A scan of project `name` starts: `message` shows at once; the listener returned reports the
   * walk's counts as it goes.
   */
  scan(name: string, message = `Scanning ${name}…`, cancellable = true): (p: ScanProgress) => void {
    this.set({ phase: 'scan', done: 0, total: 0, message, cancellable }, true);
    return (p) =>
      this.set({
        phase: 'scan',
        done: p.files,
        total: 0,
        message: `Scanning ${name}: ${groupDigits(p.dirs)} folders, ${groupDigits(p.files)} files`,
        cancellable,
      });
  }

  /**
   * Follows a workspace's token counts (the first count and every later one: rescans, the
   * watcher) while `current()` holds; returns the unsubscribe.
   */
  followTokenCount(ws: Workspace, current: () => boolean): () => void {
    const off = ws.onDidCountTokens((p) => {
      if (!current()) return;
      if (p.done >= p.total) {
        this.idle();
        return;
      }
      this.set(
        {
          phase: 'tokens',
          done: p.done,
          total: p.total,
          message: `Counting tokens: ${groupDigits(p.done)} of ${groupDigits(p.total)} files`,
          cancellable: true,
        },
        p.done === 0,
      );
    });
    // Everything may come from the caches before this listener exists.
    void ws.tokensReady.then(() => {
      if (current() && this.phase === 'tokens') this.idle();
    });
    return off;
  }
}

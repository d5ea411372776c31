// A pack someone is waiting for: a signal that stops it between batches of files, and progress
// (files read of those the pack may read, bytes) as each batch comes back. Only plumbing: what the
// pack reads and writes is the same with or without it.
import type { IndexEntry } from '../workspace/file-index';

export interface PackProgress {
  /** Files read (and masked) so far. */
  files: number;
  /** Files the pack may read: every file in its scope (a budgeted pack stops sooner). */
  total: number;
  /** Bytes of the files read so far. */
  bytes: number;
}

export interface PackWatch {
  /** Stops the pack before its next batch; the pack rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: PackProgress) => void;
}

export class PackMeter {
  private files = 0;
  private bytes = 0;

  constructor(
    private readonly watch: PackWatch,
    private readonly total: number,
  ) {}

  /** The pack starts: its total is known (ranking and the tree come before the first file is read). */
  start(): void {
    this.check();
    this.watch.onProgress?.({ files: 0, total: this.total, bytes: 0 });
  }

  /** Throws the signal's reason once it is aborted. */
  check(): void {
    this.watch.signal?.throwIfAborted();
  }

  /**
   * With a signal, lets the event loop turn once (a Cancel comes as a message: work that never
   * yields would finish before it is read), then checks. Timing only: nothing read depends on it.
   */
  async turn(): Promise<void> {
    if (!this.watch.signal) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.check();
  }

  /** `entries` were read. */
  read(entries: readonly IndexEntry[]): void {
    if (!this.watch.onProgress) return;
    this.files += entries.length;
    for (const e of entries) this.bytes += e.size;
    this.watch.onProgress({ files: this.files, total: this.total, bytes: this.bytes });
  }
}

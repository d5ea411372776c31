// One OS watch per folder (inotify on Linux, FSEvents/kqueue on macOS), straight from node:fs.
// The watcher already knows exactly which folders to watch (those the scan walked) and reads only
// the raw events, so nothing stands between an event and the watcher: chokidar, used before,
// listed and stat-ed a folder's every entry again on each event in it (a 1,000-file folder of
// test262 cost tens of milliseconds per new file) and walked the whole tree with a stat per file
// to start. A watch is in place when `add` returns, so a folder listed after it misses nothing.
import { type FSWatcher, watch } from 'node:fs';

/** Errors that mean this folder cannot be watched (gone, not a folder, not ours to read), not the system's limit. */
const FOLDER_ONLY = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'ELOOP']);

export class FolderWatches {
  private readonly watches = new Map<string, FSWatcher>();
  private closed = false;

  constructor(
    /** An event in a watched folder: `name` is relative to it (undefined when the OS did not say). */
    private readonly onEvent: (event: string, name: string | undefined, folder: string) => void,
    /** The system refused a watch (ENOSPC, EMFILE, ...): watching is incomplete from now on. */
    private readonly onError: (error: NodeJS.ErrnoException) => void,
  ) {}

  get size(): number {
    return this.watches.size;
  }

  has(folder: string): boolean {
    return this.watches.has(folder);
  }

  /** Watches each folder not watched yet; stops at the first refusal that is the system's. */
  add(folders: Iterable<string>): void {
    for (const folder of folders) {
      if (this.closed) return;
      if (this.watches.has(folder)) continue;
      let w: FSWatcher;
      try {
        w = watch(folder, { persistent: true }, (event, name) =>
          this.onEvent(event, typeof name === 'string' && name ? name : undefined, folder),
        );
      } catch (error) {
        const e = error as NodeJS.ErrnoException;
        if (FOLDER_ONLY.has(e.code ?? '')) continue; // the next batch walks what is there now
        this.onError(e);
        return;
      }
      // A watch that fails later (its folder removed on some platforms) is dropped; the event
      // in the parent folder brings the walk that judges what is there.
      w.on('error', () => this.remove([folder]));
      this.watches.set(folder, w);
    }
  }

  remove(folders: Iterable<string>): void {
    for (const folder of folders) {
      const w = this.watches.get(folder);
      if (!w) continue;
      this.watches.delete(folder);
      w.close();
    }
  }

  close(): void {
    this.closed = true;
    this.remove([...this.watches.keys()]);
  }
}

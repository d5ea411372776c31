// Folder watches placed during the opening scan, between its walk and its stat pass (scan/index.ts
// `onWalked`), for a workspace that will be watched. A change after that moment raises an event
// (kept here until the watcher takes the watches over), and every file's stat is taken after it,
// so what the watch's start must check is only the short window between a folder's read and its
// watch: that folder's names, rule files and the git files (watcher.ts `verify`). Watches placed
// after the scan, as before, left the whole scan as the window, which only a full rescan could
// check (~0.4 s of the main thread on 31k files, while an agent's first call ran).
import { absolutePath } from '../scan/index';
import type { RelPath } from '../types';
import { FolderWatches } from './folder-watches';

type OnEvent = (event: string, name: string | undefined, folder: string) => void;
type OnError = (error: NodeJS.ErrnoException) => void;

/** Events kept for the watcher at most; past them it is told to rescan instead (`overflowed`). */
const KEEP = 4096;

export class EarlyWatches {
  private readonly events: Array<[string, string | undefined, string]> = [];
  private readonly errors: NodeJS.ErrnoException[] = [];
  private sink: { onEvent: OnEvent; onError: OnError } | undefined;
  private readonly fsw = new FolderWatches(
    (event, name, folder) => {
      if (this.sink) this.sink.onEvent(event, name, folder);
      else if (this.events.length < KEEP) this.events.push([event, name, folder]);
      else this.overflowed = true;
    },
    (error) => (this.sink ? this.sink.onError(error) : this.errors.push(error)),
  );
  /** More events came before the watcher than were kept: it must rescan. */
  overflowed = false;
  /** Whether the watches were placed (the scan reached its stat pass). */
  placed = false;

  /** Watches the folders the walk read (root-relative) under `root`. */
  place(root: string, dirs: readonly RelPath[]): void {
    this.placed = true;
    this.fsw.add(dirs.map((d) => absolutePath(root, d)));
  }

  /** The watches, for the watcher to keep; their events are kept here until `deliver`. */
  get watches(): FolderWatches {
    return this.fsw;
  }

  /** From now on events go to the watcher: the ones kept so far first, in order. */
  deliver(onEvent: OnEvent, onError: OnError): void {
    this.sink = { onEvent, onError };
    for (const e of this.events.splice(0)) onEvent(...e);
    for (const e of this.errors.splice(0)) onError(e);
  }

  /** Ends the watches (an opening that failed, or a workspace closed before it was watched). */
  close(): void {
    this.fsw.close();
  }
}

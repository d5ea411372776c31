// Reading folders while git lists the index. Opening the root repository waits on `git
// ls-files`, and meanwhile the disk and the thread pool sit idle; the walk then reads the same
// folders anyway. So the scan starts reading here first: folders only (never a link, never
// `.git`), in the walk's own order, until the walk starts (or a count is reached), and the walk
// takes each listing from here instead of reading it again. What the walk decides is unchanged:
// it gets the same entries, read a little earlier. Listings the walk never asks for (folders it
// finds ignored) are dropped with the prefetch.
import { type Dirent, readdir } from 'node:fs';
import path from 'node:path';

/** At most this many folders are read ahead (bounds the work spent on folders git ignores). */
const MAX_DIRS = 4096;
/** Folders read at once, as the walk does. */
const CONCURRENCY = 32;

type Listing = (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void;

export interface Prefetch {
  /** No new folders are started; reads under way still land. */
  stop(): void;
  /** Lists `abs` as `readdir(abs, { withFileTypes: true })` would, from a read ahead when one exists. */
  readdir(abs: string, done: Listing): void;
  /** Drops every listing the walk did not take. */
  clear(): void;
}

const isGitName = (name: string) => name.length === 4 && name.toLowerCase() === '.git';

export function prefetchDirs(root: string): Prefetch {
  const ready = new Map<string, Dirent[]>();
  const waiting = new Map<string, Listing[]>();
  const queue = [root];
  let started = 0;
  let active = 0;
  let stopped = false;

  const pump = () => {
    while (!stopped && active < CONCURRENCY && queue.length && started < MAX_DIRS) {
      const dir = queue.pop()!;
      started++;
      active++;
      waiting.set(dir, []);
      readdir(dir, { withFileTypes: true }, (error, entries) => {
        active--;
        const callers = waiting.get(dir) ?? [];
        waiting.delete(dir);
        if (error) {
          // The walk reads it again and reports its own error.
          for (const c of callers) readdir(dir, { withFileTypes: true }, c);
        } else if (callers.length) {
          for (const c of callers) c(null, entries);
        } else {
          ready.set(dir, entries);
          for (const e of entries)
            if (e.isDirectory() && !isGitName(e.name)) queue.push(dir + path.sep + e.name);
        }
        pump();
      });
    }
  };
  pump();

  return {
    stop() {
      stopped = true;
      queue.length = 0;
    },
    readdir(abs, done) {
      const entries = ready.get(abs);
      if (entries) {
        ready.delete(abs);
        return done(null, entries);
      }
      const callers = waiting.get(abs);
      if (callers) callers.push(done);
      else readdir(abs, { withFileTypes: true }, done);
    },
    clear() {
      ready.clear();
    },
  };
}

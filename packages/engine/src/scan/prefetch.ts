// Reading folders while git lists the index. Opening the root repository waits on `git
// ls-files`, and meanwhile the main thread sits idle; the walk then reads the same folders anyway.
// So the scan starts reading here first: folders only (never a link, never `.git`), in the walk's
// own order, a small slice per turn of the event loop (git's output keeps flowing in between), until the
// walk starts (or a count is reached), and the walk takes each listing from here instead of
// reading it again. What the walk decides is unchanged: it gets the same entries, read a little
// earlier. Listings the walk never asks for (folders it finds ignored) are dropped with the prefetch.
import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';

/** At most this many folders are read ahead (bounds the work spent on folders git ignores). */
const MAX_DIRS = 4096;
/**
 * Entries read per turn of the event loop (~0.3 ms). Small on purpose: git can write only a pipe's
 * worth (64 KiB) per turn before it waits for this thread, and test262's index listing is 4 MB.
 */
const SLICE_ENTRIES = 256;

export interface Prefetch {
  /** No new folders are read. */
  stop(): void;
  /** Lists `abs` as `readdirSync(abs, { withFileTypes: true })` would, from a read-ahead when one exists. */
  readdir(abs: string): Dirent[];
  /** Drops every listing the walk did not take. */
  clear(): void;
}

const isGitName = (name: string) => name.length === 4 && name.toLowerCase() === '.git';

export const listDir = (abs: string): Dirent[] => readdirSync(abs, { withFileTypes: true });

export function prefetchDirs(root: string): Prefetch {
  const ready = new Map<string, Dirent[]>();
  const queue = [root];
  let started = 0;
  let stopped = false;

  const slice = () => {
    for (let n = 0; n < SLICE_ENTRIES && !stopped && queue.length && started < MAX_DIRS; ) {
      const dir = queue.pop()!;
      started++;
      let entries: Dirent[];
      try {
        entries = listDir(dir);
      } catch {
        continue; // the walk reads it again and reports its own error
      }
      ready.set(dir, entries);
      n += entries.length + 1;
      for (const e of entries) if (e.isDirectory() && !isGitName(e.name)) queue.push(dir + path.sep + e.name);
    }
    if (!stopped && queue.length && started < MAX_DIRS) setImmediate(slice);
  };
  // After the caller's first step (spawning git), not before it.
  setImmediate(slice);

  return {
    stop() {
      stopped = true;
      queue.length = 0;
    },
    readdir(abs) {
      const entries = ready.get(abs);
      if (!entries) return listDir(abs);
      ready.delete(abs);
      return entries;
    },
    clear() {
      ready.clear();
    },
  };
}

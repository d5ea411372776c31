// The watch's start check when the opening scan placed the folder watches (early.ts): what changed
// in the window between a folder's read and its watch, found by stats instead of a rescan of the
// whole project. Each trace becomes the event the OS would have raised, and the watcher's batch
// applies them like any other (batch.ts):
// - a walked folder changed since the scan began (a name added, removed or renamed in it): listed
//   again, every name in it an event, as for a folder that just appeared (new-folders.ts);
// - a visible file the scan's stat (taken after the watch) saw changed since the scan began: an
//   event on it (a `.gitignore` edited after its folder was read changes what the walk decided);
// - a hidden file changed since then (a `.gitignore` the rules hide, evidence of build output):
//   an event on it, which the batch judges by its name;
// - each link (its target raises no event under its name; every batch looks at the links again);
// - a repository's index or exclude file written since then: a full rescan (the tracked list the
//   watcher compares with is taken after the scan, so it could not tell what changed).
// "Since the scan began" allows CLOCK_SLACK_MS for file systems whose times are coarse; a file
// system whose clock runs further from this machine's could hide a change from this check.
import { lstatSync, type Stats } from 'node:fs';
import type { HiddenEntry, RelPath } from '../types';
import type { FileIndex } from '../workspace/file-index';
import { MODIFIED, RENAMED } from './batch';
import { listFolders } from './new-folders';

/** How far before the scan's start a time still counts as "since" (coarse file system times). */
export const CLOCK_SLACK_MS = 3000;

/** What the check reads of the project (the watcher's port, watcher.ts `WatchedProject`). */
export interface CheckedProject {
  readonly index: FileIndex;
  readonly hidden: readonly HiddenEntry[];
  readonly folders: ReadonlySet<RelPath>;
  abs(rel: RelPath): string;
}

const changedSince = (st: Stats | undefined, t: number) =>
  st !== undefined && (st.mtimeMs >= t || st.ctimeMs >= t);

const lstatOf = (abs: string) => lstatSync(abs, { throwIfNoEntry: false });

/**
 * The events (absolute path -> flags) for what changed at or after `t` (ms, this machine's clock:
 * the scan's start less the slack), or the reason for a full rescan. `gitFiles`: each repository's
 * index and exclude file.
 */
export function changedInWindow(
  ws: CheckedProject,
  gitFiles: ReadonlyArray<{ index: string; exclude: string }>,
  t: number,
): Map<string, number> | string {
  for (const g of gitFiles) {
    // An exclude file may be missing (and stay so); an index is written by every `git add`.
    const index = lstatOf(g.index);
    if (!index || changedSince(index, t) || changedSince(lstatOf(g.exclude), t))
      return 'a git index or exclude file was written during the scan';
  }
  const events = new Map<string, number>();
  const add = (abs: string, flags: number) => events.set(abs, (events.get(abs) ?? 0) | flags);
  const listed: RelPath[] = [];
  for (const f of ws.folders) {
    const st = lstatOf(ws.abs(f));
    if (!st?.isDirectory()) add(ws.abs(f), RENAMED);
    else if (changedSince(st, t)) listed.push(f);
  }
  if (listed.length) listFolders(listed, ws, add);
  for (const e of ws.index.all()) if (e.mtimeMs >= t) add(ws.abs(e.path), MODIFIED);
  for (const p of ws.index.links()) add(ws.abs(p), MODIFIED);
  for (const h of ws.hidden)
    if (!h.dir && changedSince(lstatOf(ws.abs(h.path)), t)) add(ws.abs(h.path), MODIFIED);
  return events;
}

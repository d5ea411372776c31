// Folders that just became visible are watched only after the scanner judged them, so a name
// created between the scanner's read and the watch raised no event. Once the watch exists, each
// such folder is listed again and every name in it (and every known name gone from it) becomes an
// event: known files get a stat, new names a walk.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import type { RelPath } from '../types';
import type { FileIndex } from '../workspace/file-index';
import { kindOnDisk, LISTED, RENAMED } from './batch';
import { parentOf } from './regions';

const isFolder = (abs: string) => kindOnDisk(abs) === 'dir';

/**
 * Resolves once chokidar holds a watch on each folder that still exists (or after 10 s, or when
 * `closed()` says so). chokidar 5 keeps each watch's closer by path; without that map, a fixed
 * wait stands in.
 */
export async function watchesInPlace(
  fsw: FSWatcher,
  folders: readonly string[],
  closed: () => boolean,
): Promise<void> {
  const closers = (fsw as unknown as { _closers?: unknown })._closers;
  if (!(closers instanceof Map)) {
    await new Promise((r) => setTimeout(r, 500));
    return;
  }
  const waiting = (abs: string) =>
    !closers.has(abs) && !closers.has(abs.split(path.sep).join('/')) && isFolder(abs);
  const deadline = performance.now() + 10_000;
  let left = folders.filter(waiting);
  while (left.length && performance.now() < deadline && !closed()) {
    await new Promise((r) => setTimeout(r, 20));
    left = left.filter(waiting);
  }
}

/** Events (absolute path -> flags) for every name in these folders, and for known names no longer there. */
export function listFolders(
  folders: readonly RelPath[],
  known: { index: FileIndex; folders: ReadonlySet<RelPath>; abs(rel: RelPath): string },
  add: (abs: string, flags: number) => void,
): void {
  const wanted = new Set(folders);
  const byParent = new Map<RelPath, RelPath[]>();
  const note = (rel: RelPath) => {
    if (rel === '') return;
    const parent = parentOf(rel);
    if (!wanted.has(parent)) return;
    const list = byParent.get(parent);
    if (list) list.push(rel);
    else byParent.set(parent, [rel]);
  };
  for (const e of known.index.all()) note(e.path);
  for (const d of known.folders) note(d);
  for (const f of folders) {
    const abs = known.abs(f);
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      names = [];
    }
    for (const n of names) add(path.join(abs, n), LISTED);
    const present = new Set(names);
    for (const rel of byParent.get(f) ?? [])
      if (!present.has(rel.slice(rel.lastIndexOf('/') + 1))) add(known.abs(rel), RENAMED);
  }
}

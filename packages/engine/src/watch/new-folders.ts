// Folders that just became visible are watched only after the scanner judged them, so a name
// created between the scanner's read and the watch raised no event. Once the watch exists, each
// such folder is listed again and every name in it (and every known name gone from it) becomes an
// event: known files get a stat, new names a walk.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RelPath } from '../types';
import type { FileIndex } from '../workspace/file-index';
import { LISTED, RENAMED } from './batch';
import { parentOf } from './regions';

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

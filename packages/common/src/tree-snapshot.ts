// Flattens visible files and hidden entries into the window's TreeSnapshot: one preorder pass,
// folders before files, bytewise names (the same order as the engine's tree model). The host
// builds the window's tree with it and keeps each node's path, so later token counts can be sent
// as [node, tokens] pairs; the window's tests build their trees with it too.
import type { TreeSnapshot } from './host-api';
import { compareBytewise } from './order';
import type { FileFlag, HiddenEntry, HiddenReason } from './types';

export interface SnapshotFile {
  path: string;
  size: number;
  tokens?: number;
  flag?: FileFlag;
}

interface Folder {
  name: string;
  path: string;
  folders: Folder[];
  files: Array<{ name: string; path: string; file?: SnapshotFile; hidden?: HiddenReason }>;
  hidden?: HiddenReason;
}

export interface BuiltSnapshot {
  snapshot: TreeSnapshot;
  /** Path of every node (node 0 is ''). */
  paths: string[];
}

const byName = (a: { name: string }, b: { name: string }) => compareBytewise(a.name, b.name);

export function buildSnapshot(
  version: number,
  files: readonly SnapshotFile[],
  hidden: readonly HiddenEntry[],
): BuiltSnapshot {
  const root: Folder = { name: '', path: '', folders: [], files: [] };
  const folders = new Map<string, Folder>([['', root]]);
  const folderAt = (dir: string): Folder => {
    const known = folders.get(dir);
    if (known) return known;
    const cut = dir.lastIndexOf('/');
    const parent = folderAt(cut < 0 ? '' : dir.slice(0, cut));
    const folder: Folder = { name: dir.slice(cut + 1), path: dir, folders: [], files: [] };
    parent.folders.push(folder);
    folders.set(dir, folder);
    return folder;
  };
  for (const f of files) {
    const cut = f.path.lastIndexOf('/');
    folderAt(cut < 0 ? '' : f.path.slice(0, cut)).files.push({
      name: f.path.slice(cut + 1),
      path: f.path,
      file: f,
    });
  }
  for (const h of hidden) {
    if (h.path === '') continue;
    if (h.dir) {
      // A hidden folder stands for everything beneath it; it has no children of its own.
      folderAt(h.path).hidden = h.reason;
      continue;
    }
    const cut = h.path.lastIndexOf('/');
    folderAt(cut < 0 ? '' : h.path.slice(0, cut)).files.push({
      name: h.path.slice(cut + 1),
      path: h.path,
      hidden: h.reason,
    });
  }

  const snapshot: TreeSnapshot = {
    version,
    names: [],
    depths: [],
    dirs: [],
    tokens: [],
    sizes: [],
    flags: [],
    hidden: [],
  };
  const paths: string[] = [];
  const push = (path: string, name: string, depth: number, dir: boolean, file?: SnapshotFile) => {
    const at = paths.length;
    paths.push(path);
    snapshot.names.push(name);
    snapshot.depths.push(depth);
    snapshot.dirs.push(dir ? 1 : 0);
    snapshot.tokens.push(dir ? 0 : (file?.tokens ?? -1));
    snapshot.sizes.push(file?.size ?? 0);
    if (file?.flag) snapshot.flags.push([at, file.flag]);
    return at;
  };
  // A folder item opens the folder; a files item (pushed before its subfolders, so it pops after
  // them) emits its files. Iterative: deep trees must not overflow the stack.
  type Item = { folder: Folder; depth: number; files: boolean };
  const stack: Item[] = [{ folder: root, depth: 0, files: false }];
  while (stack.length) {
    const { folder, depth, files: emitFiles } = stack.pop()!;
    if (emitFiles) {
      for (const f of folder.files) {
        const at = push(f.path, f.name, depth + 1, false, f.file);
        if (f.hidden) snapshot.hidden.push([at, f.hidden]);
      }
      continue;
    }
    const at = push(folder.path, folder.name, depth, true);
    if (folder.hidden) snapshot.hidden.push([at, folder.hidden]);
    folder.folders.sort(byName);
    folder.files.sort(byName);
    stack.push({ folder, depth, files: true });
    for (let i = folder.folders.length - 1; i >= 0; i--)
      stack.push({ folder: folder.folders[i]!, depth: depth + 1, files: false });
  }
  return { snapshot, paths };
}

/** The subtree of node `at` (node 0 of the result is that node), depths rebased to 0. */
export function sliceSnapshot(built: BuiltSnapshot, at: number): BuiltSnapshot {
  const s = built.snapshot;
  const base = s.depths[at]!;
  let end = at + 1;
  while (end < s.depths.length && s.depths[end]! > base) end++;
  const inRange = <T>(pairs: Array<[number, T]>) =>
    pairs.filter(([i]) => i >= at && i < end).map(([i, v]): [number, T] => [i - at, v]);
  return {
    paths: built.paths.slice(at, end),
    snapshot: {
      version: s.version,
      names: s.names.slice(at, end),
      depths: s.depths.slice(at, end).map((d) => d - base),
      dirs: s.dirs.slice(at, end),
      tokens: s.tokens.slice(at, end),
      sizes: s.sizes.slice(at, end),
      flags: inRange(s.flags),
      hidden: inRange(s.hidden),
    },
  };
}

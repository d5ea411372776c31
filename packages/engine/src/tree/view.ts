// Which entries a rendering shows. Entries are taken breadth first: every entry one level down
// before any entry two levels down, and within a level the folders take turns (one child each
// per round), so a big folder cannot starve its siblings. A cap keeps a prefix of that order,
// which means every folder shows a prefix of its own children (folders first, then files) and
// everything it leaves out can be counted exactly at one place: the folder's marker.
import { childAt, childCount, type FolderNode, type TreeModel, type TreeNode } from './model';

export type TreeField = 'tokens' | 'size' | 'received';
export type LimitReason = 'depth' | 'max-entries' | 'max-tokens';

export interface Counts {
  folders: number;
  files: number;
}

export interface Limits {
  depth?: number;
  maxEntries?: number;
  maxTokens?: number;
}

export interface View {
  model: TreeModel;
  /** The folder the rendering starts at (the root, or the `path` option's folder). */
  start: FolderNode;
  /** Per-node columns, in canonical order (tokens, size, received). */
  fields: readonly TreeField[];
  limits: Limits;
  /** Shown prefix length of each folder's children, indexed by `order`; undefined: all shown. */
  shown: Int32Array | undefined;
  /** Entries below `start` (the start folder itself not counted). */
  total: Counts;
  left: Counts;
  /** Why entries were left out (empty when nothing was). */
  by: LimitReason[];
}

export function entryCount(c: Counts): number {
  return c.folders + c.files;
}

/** Entries of `folder` a rendering shows, as a prefix length of its children. */
export function shownChildren(view: View, folder: FolderNode): number {
  return view.shown ? view.shown[folder.order]! : childCount(folder);
}

/** What a folder leaves out at its own marker: its hidden children and everything beneath them. */
export function leftOutAt(view: View, folder: FolderNode): Counts {
  return leftOutOf(folder, shownChildren(view, folder));
}

function leftOutOf(folder: FolderNode, n: number): Counts {
  const nf = folder.folders.length;
  let folders = folder.folderCount;
  let files = folder.fileCount - Math.max(0, n - nf);
  for (let i = 0; i < Math.min(n, nf); i++) {
    const sub = folder.folders[i]!;
    folders -= 1 + sub.folderCount;
    files -= sub.fileCount;
  }
  return { folders, files };
}

/** The breadth-first, round-robin order in which entries below `start` are shown. */
export function* pickOrder(start: FolderNode, depth = Number.POSITIVE_INFINITY): Generator<TreeNode> {
  let level: FolderNode[] = [start];
  for (let d = 0; d < depth && level.length; d++) {
    const next: FolderNode[] = [];
    let active = level.filter((f) => childCount(f) > 0);
    for (let round = 0; active.length; round++) {
      const still: FolderNode[] = [];
      for (const folder of active) {
        const child = childAt(folder, round);
        yield child;
        if (child.kind === 'folder') next.push(child);
        if (round + 1 < childCount(folder)) still.push(folder);
      }
      active = still;
    }
    level = next.sort((a, b) => a.order - b.order);
  }
}

/** Shown-prefix lengths for the first `k` entries of a pick order. */
export function shownFromPicks(model: TreeModel, picks: readonly TreeNode[], k: number): Int32Array {
  const shown = new Int32Array(model.folders.length);
  for (let i = 0; i < k; i++) shown[picks[i]!.parent!.order]!++;
  return shown;
}

export function makeView(
  model: TreeModel,
  start: FolderNode,
  fields: readonly TreeField[],
  limits: Limits,
  shown: Int32Array | undefined,
  shownEntries: number,
  by: LimitReason[],
): View {
  const total = { folders: start.folderCount, files: start.fileCount };
  const left = { folders: 0, files: 0 };
  if (shown) {
    // Only shown folders can hold a marker; walk them (O(shown)).
    const stack: FolderNode[] = [start];
    while (stack.length) {
      const folder = stack.pop()!;
      const here = leftOutOf(folder, shown[folder.order]!);
      left.folders += here.folders;
      left.files += here.files;
      const n = Math.min(shown[folder.order]!, folder.folders.length);
      for (let i = 0; i < n; i++) stack.push(folder.folders[i]!);
    }
  }
  if (entryCount(left) !== entryCount(total) - shownEntries)
    throw new Error(`tree view: ${entryCount(left)} left out, expected ${entryCount(total) - shownEntries}`);
  return { model, start, fields, limits, shown, total, left, by: entryCount(left) ? by : [] };
}

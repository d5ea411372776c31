// The tree model: folders with their sums, built once from a list of visible files. Children are
// ordered folders first, then files, each group in bytewise order of the name. Every folder also
// gets a preorder index (`order`), which the renderers use for per-folder arrays and level order.

import { compareBytewise, sortBytewise } from '@loupe/common';
import { LoupeError } from '../errors';
import type { RelPath } from '../types';

/** A file an agent session has received: unchanged on disk since, or changed since. */
export type ReceivedMark = 'unchanged' | 'changed';

/** One visible file as the tree receives it. */
export interface TreeEntry {
  path: RelPath;
  tokens?: number;
  size?: number;
  received?: ReceivedMark;
}

export interface FileNode {
  kind: 'file';
  name: string;
  path: RelPath;
  parent: FolderNode;
  tokens?: number;
  size?: number;
  received?: ReceivedMark;
}

export interface FolderNode {
  kind: 'folder';
  name: string;
  /** '' for the root. */
  path: RelPath;
  parent: FolderNode | undefined;
  /** 0 for the root. */
  depth: number;
  /** Preorder index (root 0), folders-first order; indexes per-folder arrays. */
  order: number;
  folders: FolderNode[];
  files: FileNode[];
  /** Descendant counts (the folder itself not included). */
  folderCount: number;
  fileCount: number;
  /** Sums over descendant files that carry the value. */
  tokens: number;
  size: number;
  /** Descendant files that carry a `received` mark. */
  received: number;
}

export type TreeNode = FolderNode | FileNode;

export interface TreeModel {
  root: FolderNode;
  /** All folders in preorder (`folders[f.order] === f`). */
  folders: FolderNode[];
  fileCount: number;
  /** Whether any entry carried tokens / size / received (lets renderers skip empty columns). */
  has: { tokens: boolean; size: boolean; received: boolean };
  /** The node at a relative path ('' is the root), or undefined. */
  find(path: RelPath): TreeNode | undefined;
}

function newFolder(name: string, path: RelPath, parent: FolderNode | undefined): FolderNode {
  return {
    kind: 'folder',
    name,
    path,
    parent,
    depth: parent ? parent.depth + 1 : 0,
    order: 0,
    folders: [],
    files: [],
    folderCount: 0,
    fileCount: 0,
    tokens: 0,
    size: 0,
    received: 0,
  };
}

function invalid(path: string, why: string): LoupeError {
  return new LoupeError('invalid-argument', `Tree entry ${JSON.stringify(path)} ${why}.`);
}

/**
 * Builds the model in O(n log n) (one map lookup per file, one sort per folder). Input order does
 * not matter; a bytewise-sorted list (what the scanner gives) skips the per-folder sorts.
 */
export function buildTree(entries: readonly TreeEntry[]): TreeModel {
  const root = newFolder('', '', undefined);
  const byPath = new Map<string, FolderNode>([['', root]]);
  const has = { tokens: false, size: false, received: false };

  const folderAt = (dir: string): FolderNode => {
    const known = byPath.get(dir);
    if (known) return known;
    const cut = dir.lastIndexOf('/');
    const parent = folderAt(cut < 0 ? '' : dir.slice(0, cut));
    const folder = newFolder(dir.slice(cut + 1), dir, parent);
    parent.folders.push(folder);
    byPath.set(dir, folder);
    return folder;
  };

  for (const entry of entries) {
    const p = entry.path;
    if (p === '' || p.startsWith('/') || p.endsWith('/') || p.includes('//'))
      throw invalid(p, 'is not a relative file path with "/" separators');
    const cut = p.lastIndexOf('/');
    const parent = folderAt(cut < 0 ? '' : p.slice(0, cut));
    const file: FileNode = { kind: 'file', name: p.slice(cut + 1), path: p, parent };
    if (entry.tokens !== undefined) {
      file.tokens = entry.tokens;
      has.tokens = true;
    }
    if (entry.size !== undefined) {
      file.size = entry.size;
      has.size = true;
    }
    if (entry.received !== undefined) {
      file.received = entry.received;
      has.received = true;
    }
    parent.files.push(file);
  }

  // Order, check, index and sum in one preorder walk (iterative: deep trees must not overflow).
  const folders: FolderNode[] = [];
  const stack: FolderNode[] = [root];
  while (stack.length) {
    const folder = stack.pop()!;
    folder.order = folders.length;
    folders.push(folder);
    sortBytewise(folder.folders, (f) => f.name);
    sortBytewise(folder.files, (f) => f.name);
    checkNames(folder);
    for (let i = folder.folders.length - 1; i >= 0; i--) stack.push(folder.folders[i]!);
  }
  // Children come after their parent in preorder, so a reverse pass sums bottom-up.
  for (let i = folders.length - 1; i >= 0; i--) {
    const folder = folders[i]!;
    folder.fileCount += folder.files.length;
    folder.folderCount += folder.folders.length;
    for (const file of folder.files) {
      folder.tokens += file.tokens ?? 0;
      folder.size += file.size ?? 0;
      if (file.received) folder.received++;
    }
    const parent = folder.parent;
    if (parent) {
      parent.fileCount += folder.fileCount;
      parent.folderCount += folder.folderCount;
      parent.tokens += folder.tokens;
      parent.size += folder.size;
      parent.received += folder.received;
    }
  }

  return {
    root,
    folders,
    fileCount: root.fileCount,
    has,
    find(path) {
      const clean = path.replace(/^\.\/+|\/+$/g, '');
      if (clean === '' || clean === '.') return root;
      const folder = byPath.get(clean);
      if (folder) return folder;
      const cut = clean.lastIndexOf('/');
      const parent = byPath.get(cut < 0 ? '' : clean.slice(0, cut));
      const name = clean.slice(cut + 1);
      return parent ? findFile(parent.files, name) : undefined;
    },
  };
}

/** Duplicate files, and a name used by both a file and a folder, cannot come from a file system. */
function checkNames(folder: FolderNode): void {
  const { files, folders } = folder;
  for (let i = 1; i < files.length; i++)
    if (files[i - 1]!.name === files[i]!.name) throw invalid(files[i]!.path, 'is listed twice');
  let j = 0;
  for (const sub of folders) {
    while (j < files.length && compareBytewise(files[j]!.name, sub.name) < 0) j++;
    if (j < files.length && files[j]!.name === sub.name)
      throw invalid(files[j]!.path, 'is both a file and a folder');
  }
}

function findFile(files: FileNode[], name: string): FileNode | undefined {
  let lo = 0;
  let hi = files.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = compareBytewise(files[mid]!.name, name);
    if (c === 0) return files[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Number of direct children (folders, then files). */
export function childCount(folder: FolderNode): number {
  return folder.folders.length + folder.files.length;
}

/** The i-th direct child in render order: folders first, then files. */
export function childAt(folder: FolderNode, i: number): TreeNode {
  const nf = folder.folders.length;
  return i < nf ? folder.folders[i]! : folder.files[i - nf]!;
}

// The file index: every visible file with its size, flags and (once counted) tokens and content
// hash. Kept sorted bytewise; updated in place by the scan, the token pass and the watcher.
import { compareBytewise } from '@loupe/common';
import type { FileEntry, RelPath } from '../types';

export interface IndexEntry extends FileEntry {
  /** Exact token count of the raw file; undefined until counted, and for files never read. */
  tokens?: number;
  /** SHA-256 of the content (hex), once read. */
  hash?: string;
  /** The flag was found by reading the content (the token count's binary sniff), not by the scan. */
  flagFromContent?: true;
}

export class FileIndex {
  private byPath = new Map<RelPath, IndexEntry>();
  private sorted: IndexEntry[] | undefined = [];
  private folders: Set<RelPath> | undefined;

  constructor(files: readonly FileEntry[] = []) {
    this.replace(files);
  }

  /** Replaces everything (a full scan); keeps known tokens of files whose size and mtime match. */
  replace(files: readonly FileEntry[]): void {
    const old = this.byPath;
    this.byPath = new Map();
    for (const f of files) {
      const prev = old.get(f.path);
      const keep = prev && prev.size === f.size && prev.mtimeMs === f.mtimeMs && prev.flag === f.flag;
      this.byPath.set(f.path, keep ? { ...f, tokens: prev.tokens, hash: prev.hash } : { ...f });
    }
    this.invalidate();
  }

  private invalidate(): void {
    this.sorted = undefined;
    this.folders = undefined;
  }

  get size(): number {
    return this.byPath.size;
  }

  get(path: RelPath): IndexEntry | undefined {
    return this.byPath.get(path);
  }

  /** All entries, sorted bytewise by path. The array is shared: do not modify it. */
  all(): readonly IndexEntry[] {
    if (!this.sorted) this.sorted = [...this.byPath.values()].sort((a, b) => compareBytewise(a.path, b.path));
    return this.sorted;
  }

  upsert(entry: IndexEntry): void {
    if (!this.byPath.has(entry.path)) this.invalidate();
    this.byPath.set(entry.path, entry);
    if (this.sorted) {
      const i = this.sorted.findIndex((e) => e.path === entry.path);
      if (i >= 0) this.sorted[i] = entry;
    }
  }

  /**
   * Writes and removes many entries at once (the watcher's updates). When no path appears or
   * vanishes, the sorted list is patched in place instead of being sorted again.
   */
  update(upsert: readonly IndexEntry[], remove: readonly RelPath[]): void {
    let reshaped = false;
    for (const p of remove) if (this.byPath.delete(p)) reshaped = true;
    const replaced: IndexEntry[] = [];
    for (const e of upsert) {
      if (this.byPath.has(e.path)) replaced.push(e);
      else reshaped = true;
      this.byPath.set(e.path, e);
    }
    const sorted = this.sorted;
    if (reshaped || !sorted) {
      if (reshaped) this.invalidate();
      return;
    }
    for (const e of replaced) {
      const lo = lowerBound(sorted, e.path);
      if (sorted[lo]?.path !== e.path) {
        this.invalidate();
        return;
      }
      sorted[lo] = e;
    }
  }

  remove(path: RelPath): boolean {
    const had = this.byPath.delete(path);
    if (had) this.invalidate();
    return had;
  }

  /** Forgets every token count (another encoding counts them again); content hashes stay. */
  clearTokens(): void {
    for (const e of this.byPath.values()) e.tokens = undefined;
  }

  setTokens(path: RelPath, tokens: number, hash: string): void {
    const e = this.byPath.get(path);
    if (e) {
      e.tokens = tokens;
      e.hash = hash;
    }
  }

  /** Entries below a folder ('' is the root: everything), sorted; found by bisection. */
  *under(folder: RelPath): Generator<IndexEntry> {
    const sorted = this.all();
    if (folder === '') {
      yield* sorted;
      return;
    }
    const prefix = `${folder}/`;
    for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.path.startsWith(prefix); i++)
      yield sorted[i]!;
  }

  /** True when the path is a folder that holds at least one visible file ('' is the root). */
  isFolder(path: RelPath): boolean {
    if (!this.folders) {
      this.folders = new Set(['']);
      for (const p of this.byPath.keys()) {
        for (let slash = p.lastIndexOf('/'); slash > 0; slash = p.lastIndexOf('/', slash - 1)) {
          const d = p.slice(0, slash);
          if (this.folders.has(d)) break;
          this.folders.add(d);
        }
      }
    }
    return this.folders.has(path);
  }
}

/** The first index whose path sorts at or after `key` (bytewise), by bisection. */
function lowerBound(sorted: readonly IndexEntry[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytewise(sorted[mid]!.path, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

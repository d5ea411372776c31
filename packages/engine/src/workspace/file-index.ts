// The file index: every visible file with its size, flags and (once counted) tokens and content
// hash. Kept sorted bytewise; updated in place by the scan, the token pass and the watcher. The
// totals (files counted, tokens, links, files still to count) are kept as entries change, so an
// agent's call or a new file never walks all 57k entries to learn them.
import { compareBytewise } from '@loupe/common';
import type { FileEntry, FileFlag, RelPath } from '../types';

export interface IndexEntry extends FileEntry {
  /** Exact token count of the raw file; undefined until counted, and for files never read. */
  tokens?: number;
  /** SHA-256 of the content (hex), once read. */
  hash?: string;
  /** The flag was found by reading the content (the token count's binary sniff), not by the scan. */
  flagFromContent?: true;
}

/** What the whole index adds up to (kept as entries change). */
export interface IndexTotals {
  /** Files that can be counted (no flag). */
  countable: number;
  /** Files with a token count. */
  counted: number;
  /** Their tokens. */
  tokens: number;
}

export class FileIndex {
  private byPath = new Map<RelPath, IndexEntry>();
  private sorted: IndexEntry[] | undefined = [];
  private folders: Set<RelPath> | undefined;
  private totals_: IndexTotals = { countable: 0, counted: 0, tokens: 0 };
  /** Countable files without a count yet, and links. */
  private readonly uncounted_ = new Set<RelPath>();
  private readonly links_ = new Set<RelPath>();

  constructor(files: readonly FileEntry[] = []) {
    this.replace(files);
  }

  /** Replaces everything (a full scan); keeps known tokens of files whose size and mtime match. */
  replace(files: readonly FileEntry[]): void {
    const old = this.byPath;
    this.byPath = new Map();
    this.totals_ = { countable: 0, counted: 0, tokens: 0 };
    this.uncounted_.clear();
    this.links_.clear();
    for (const f of files) {
      const prev = old.get(f.path);
      const keep = prev && prev.size === f.size && prev.mtimeMs === f.mtimeMs && prev.flag === f.flag;
      this.put(keep ? { ...f, tokens: prev.tokens, hash: prev.hash } : { ...f });
    }
    this.invalidate();
  }

  /** Adds (+1) or takes away (-1) one entry's share of the totals. */
  private account(e: IndexEntry, sign: 1 | -1): void {
    const t = this.totals_;
    if (!e.flag) t.countable += sign;
    if (e.tokens !== undefined) {
      t.counted += sign;
      t.tokens += sign * e.tokens;
    }
    const uncounted = !e.flag && e.tokens === undefined;
    if (uncounted && sign > 0) this.uncounted_.add(e.path);
    else if (uncounted) this.uncounted_.delete(e.path);
    if (e.symlink && sign > 0) this.links_.add(e.path);
    else if (e.symlink) this.links_.delete(e.path);
  }

  /** Sets one entry in the map, keeping the totals. */
  private put(e: IndexEntry): void {
    const old = this.byPath.get(e.path);
    if (old) this.account(old, -1);
    this.byPath.set(e.path, e);
    this.account(e, 1);
  }

  private drop(p: RelPath): boolean {
    const old = this.byPath.get(p);
    if (!old) return false;
    this.account(old, -1);
    this.byPath.delete(p);
    return true;
  }

  /** Files, counts and tokens of the whole index. */
  get totals(): Readonly<IndexTotals> {
    return this.totals_;
  }

  /** Paths of countable files not counted yet (in no order). */
  uncounted(): ReadonlySet<RelPath> {
    return this.uncounted_;
  }

  /** Paths of the links (in no order). */
  links(): ReadonlySet<RelPath> {
    return this.links_;
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
    this.update([entry], []);
  }

  /**
   * Writes and removes many entries at once (the watcher's updates). The sorted list is patched
   * instead of sorted again: entries replaced in place, a few new paths merged in by bisection
   * (into a new array, so a caller iterating the old one keeps its snapshot). Sorting 57k paths
   * costs tens of milliseconds, and one new file must not pay it.
   */
  update(upsert: readonly IndexEntry[], remove: readonly RelPath[]): void {
    const removed = new Set<RelPath>();
    for (const p of remove) if (this.drop(p)) removed.add(p);
    const added: IndexEntry[] = [];
    const replaced: IndexEntry[] = [];
    for (const e of upsert) {
      if (this.byPath.has(e.path) || removed.delete(e.path)) replaced.push(e);
      else added.push(e);
      this.put(e);
    }
    if (removed.size) this.folders = undefined;
    else if (this.folders) for (const e of added) addFolders(this.folders, e.path);
    const sorted = this.sorted;
    if (!sorted) return;
    for (const e of replaced) {
      const at = lowerBound(sorted, e.path);
      if (sorted[at]?.path !== e.path) {
        this.invalidate();
        return;
      }
      sorted[at] = e;
    }
    if (!removed.size && !added.length) return;
    if (added.length > MERGE_UP_TO) {
      this.invalidate();
      return;
    }
    const base = removed.size ? sorted.filter((e) => !removed.has(e.path)) : sorted;
    this.sorted = insertSorted(
      base,
      added.sort((a, b) => compareBytewise(a.path, b.path)),
    );
  }

  remove(path: RelPath): boolean {
    const had = this.byPath.has(path);
    this.update([], [path]);
    return had;
  }

  /** Forgets every token count (another encoding counts them again); content hashes stay. */
  clearTokens(): void {
    for (const e of this.byPath.values()) {
      this.account(e, -1);
      e.tokens = undefined;
      this.account(e, 1);
    }
  }

  setTokens(path: RelPath, tokens: number, hash: string): void {
    const e = this.byPath.get(path);
    if (e) {
      this.account(e, -1);
      e.tokens = tokens;
      e.hash = hash;
      this.account(e, 1);
    }
  }

  /** Marks a file the count found binary or could not read (by reading it: `flagFromContent`). */
  setFlag(path: RelPath, flag: FileFlag): void {
    const e = this.byPath.get(path);
    if (e) {
      this.account(e, -1);
      e.flag = flag;
      e.flagFromContent = true;
      this.account(e, 1);
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
      for (const p of this.byPath.keys()) addFolders(this.folders, p);
    }
    return this.folders.has(path);
  }
}

/** More new paths than this in one update: sort everything again (once, when next asked). */
const MERGE_UP_TO = 256;

/** Adds the folders above `p` to `folders`. */
function addFolders(folders: Set<RelPath>, p: RelPath): void {
  for (let slash = p.lastIndexOf('/'); slash > 0; slash = p.lastIndexOf('/', slash - 1)) {
    const d = p.slice(0, slash);
    if (folders.has(d)) break;
    folders.add(d);
  }
}

/** A new array: `sorted` with the (sorted, new) `added` entries at their places. */
function insertSorted(sorted: readonly IndexEntry[], added: readonly IndexEntry[]): IndexEntry[] {
  const out: IndexEntry[] = new Array(sorted.length + added.length);
  let from = 0;
  let o = 0;
  for (const e of added) {
    const at = lowerBound(sorted, e.path, from);
    while (from < at) out[o++] = sorted[from++]!;
    out[o++] = e;
  }
  while (from < sorted.length) out[o++] = sorted[from++]!;
  return out;
}

/** The first index whose path sorts at or after `key` (bytewise), by bisection. */
function lowerBound(sorted: readonly IndexEntry[], key: string, lo = 0): number {
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytewise(sorted[mid]!.path, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

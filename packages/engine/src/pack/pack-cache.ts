// What a budgeted pack works out, on disk for the next process: compressions (a warm pack parses
// nothing it parsed before; tree-sitter was most of its time), the priority order and the tree
// section. One file per project root in the user's cache folder (`packs/<id>.json`, beside the
// token caches, written the same way: atomically, 0600 in a 0700 folder), read once per process,
// written once at the end of a pack that added to it. Every entry is kept by the SHA-256 of
// exactly what it is a pure function of (a compression: text, name, level, options and the
// compressor's version, compress/stored.ts; the order: every path, the files ticked one by one
// and the main languages; the tree: every path, the layout, its cap and the encoding; both with
// PACK_CACHE_VERSION), so an entry can only be found by the question it answers. The file carries
// the SHA-256 of its entries: a damaged, foreign or older file is ignored (and replaced), and so
// is an entry that fails its checks. Entries hold offsets, stubs, counts and project paths, never
// a file's text.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Compression } from '../compress/applied';
import { compressionFrom, compressionKey, storedCompression } from '../compress/stored';
import type { CompressOptions } from '../compress/types';
import { writeFileAtomic } from '../tokens/cache-dir';
import { today } from '../tokens/count-cache';
import type { TreeSection } from './types';

/**
 * The version of the order and tree entries: bump it whenever either can come out otherwise for
 * the same paths (priority.ts, the tree's model and rendering, the layouts; pack-cache.test.ts
 * pins their sources' hash to this number).
 */
export const PACK_CACHE_VERSION = 1;
const FORMAT = 'loupe-pack-cache/1';
/** Entries kept per project, the least recently used going first. */
const MAX_ENTRIES = 4096;
/** And characters of entries kept (an order of 57k files is ~0.4 M). */
const MAX_CHARS = 16 << 20;
/** Project files kept (test runs and old checkouts leave theirs), the least recently written going first. */
const MAX_PROJECTS = 64;

const count = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** Counts of folders and files, keys in the order the tree's rendering gives them (the report is JSON). */
function tally(v: unknown): { folders: number; files: number } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { folders, files } = v as { folders?: unknown; files?: unknown };
  return count(folders) && count(files) ? { folders, files } : undefined;
}

/** A hash of `parts` and every path, in order (paths hold no NUL). */
function keyOf(parts: readonly unknown[], paths: readonly string[]): string {
  const h = createHash('sha256')
    .update(JSON.stringify([PACK_CACHE_VERSION, ...parts]))
    .update('\0');
  // Joined in slices: one update per path costs more than the hash.
  for (let i = 0; i < paths.length; i += 4096) h.update(`${paths.slice(i, i + 4096).join('\0')}\0`);
  return h.digest('hex');
}

/** key -> [last day used, stored value as JSON text]. */
type Entries = Map<string, [number, string]>;

const digest = (body: string) => createHash('sha256').update(body).digest('hex');

/** The entries of a cache file, or none when it is missing, damaged or of another root or format. */
function readEntries(file: string, root: string): Entries {
  const out: Entries = new Map();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  const nl = text.indexOf('\n');
  try {
    const head = JSON.parse(text.slice(0, nl)) as { format?: unknown; root?: unknown; sha256?: unknown };
    const body = text.slice(nl + 1);
    if (head.format !== FORMAT || head.root !== root || head.sha256 !== digest(body)) return out;
    const rows = JSON.parse(body) as unknown;
    if (!Array.isArray(rows)) return out;
    for (const r of rows)
      if (Array.isArray(r) && typeof r[0] === 'string' && count(r[1]) && typeof r[2] === 'string')
        out.set(r[0], [r[1], r[2]]);
  } catch {
    return new Map();
  }
  return out;
}

/** Keeps the folder within MAX_PROJECTS files, the least recently written going first. */
function pruneProjects(dir: string): void {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  if (names.length <= MAX_PROJECTS) return;
  const aged = names
    .map((n) => ({ n, t: statSync(path.join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => a.t - b.t || (a.n < b.n ? -1 : 1));
  for (const { n } of aged.slice(0, names.length - MAX_PROJECTS)) rmSync(path.join(dir, n), { force: true });
}

export class PackCache {
  private readonly file: string | undefined;
  private entries: Entries | undefined;
  /** Entries added, or used on a later day than stored, since the file was read or written. */
  private dirty = false;
  private readonly day = today();

  /** `cacheDir`: the user's cache folder, or null for a cache that keeps nothing. */
  constructor(
    cacheDir: string | null,
    private readonly root: string,
  ) {
    const id = createHash('sha256').update(root).digest('hex').slice(0, 32);
    this.file = cacheDir ? path.join(cacheDir, 'packs', `${id}.json`) : undefined;
  }

  private all(): Entries {
    this.entries ??= this.file ? readEntries(this.file, this.root) : new Map();
    return this.entries;
  }

  private get(key: string): unknown {
    if (!this.file) return undefined;
    const hit = this.all().get(key);
    if (!hit) return undefined;
    if (hit[0] !== this.day) {
      hit[0] = this.day;
      this.dirty = true;
    }
    try {
      return JSON.parse(hit[1]);
    } catch {
      return undefined;
    }
  }

  private put(key: string, value: unknown): void {
    if (!this.file) return;
    this.all().set(key, [this.day, JSON.stringify(value)]);
    this.dirty = true;
  }

  /** The key of compressing `text` named `name` at `options` (compress/stored.ts). */
  static compressionKey(text: string, name: string, options: CompressOptions): string {
    return compressionKey(text, name, options);
  }

  /** The stored compression of `text` at `options` under `key` (compressionKey), or undefined. */
  compression(key: string, text: string, options: CompressOptions): Compression | undefined {
    if (!this.file) return undefined;
    return compressionFrom(this.get(key), text, options);
  }

  putCompression(key: string, c: Compression): void {
    this.put(key, storedCompression(c));
  }

  static treeKey(paths: readonly string[], key: string): string {
    return keyOf(['tree', key], paths);
  }

  static orderKey(paths: readonly string[], explicit: ReadonlySet<string>, main: string): string {
    return keyOf(['order', [...explicit].sort(), main], paths);
  }

  /** The stored tree section, or undefined. */
  tree(key: string): TreeSection | undefined {
    const s = this.get(key) as Record<string, unknown> | undefined;
    if (typeof s !== 'object' || s === null || typeof s.section !== 'string' || !count(s.tokens))
      return undefined;
    if (s.cap !== undefined && !count(s.cap)) return undefined;
    const total = tally(s.total);
    const shown = tally(s.shown);
    const leftOut = tally(s.leftOut);
    if (!total || !shown || !leftOut) return undefined;
    const cap = s.cap === undefined ? {} : { cap: s.cap as number };
    return { section: s.section, tokens: s.tokens, ...cap, total, shown, leftOut };
  }

  putTree(key: string, tree: TreeSection): void {
    this.put(key, tree);
  }

  /** The stored order of `n` files (each index once), or undefined. */
  order(key: string, n: number): Uint32Array | undefined {
    const s = this.get(key);
    if (!Array.isArray(s) || s.length !== n) return undefined;
    const seen = new Uint8Array(n);
    const out = new Uint32Array(n);
    for (let k = 0; k < n; k++) {
      const i = s[k];
      if (!Number.isInteger(i) || i < 0 || i >= n || seen[i]) return undefined;
      seen[i] = 1;
      out[k] = i;
    }
    return out;
  }

  putOrder(key: string, order: Uint32Array): void {
    this.put(key, Array.from(order));
  }

  /**
   * Writes what this process added, merged with what another process wrote meanwhile, within the
   * caps (the least recently used out first). A folder that cannot be written only costs the work
   * again later.
   */
  async save(): Promise<void> {
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    const merged = readEntries(this.file, this.root);
    for (const [k, v] of this.all()) {
      const there = merged.get(k);
      merged.set(k, there && there[0] > v[0] ? there : v);
    }
    // Most recent first; ties keep the order met (this process's entries after the file's).
    const rows = [...merged].sort((a, b) => b[1][0] - a[1][0]);
    const kept: Array<[string, number, string]> = [];
    let chars = 0;
    for (const [k, [day, value]] of rows) {
      if (kept.length >= MAX_ENTRIES || chars + value.length > MAX_CHARS) break;
      kept.push([k, day, value]);
      chars += value.length;
    }
    const body = JSON.stringify(kept);
    const head = JSON.stringify({ format: FORMAT, root: this.root, sha256: digest(body) });
    try {
      await writeFileAtomic(this.file, Buffer.from(`${head}\n${body}`));
      pruneProjects(path.dirname(this.file));
    } catch {
      // an unwritable cache folder: the next pack does the work again
    }
    this.entries = new Map(kept.map(([k, day, value]) => [k, [day, value]]));
  }
}

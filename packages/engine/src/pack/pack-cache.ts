// What a pack works out from the paths alone, on disk for the next process: the priority order and
// the tree section. Both are pure functions of every path in scope (the order also of the files
// ticked one by one and the main languages; the tree of the layout, its cap and the encoding), so
// each is kept by a SHA-256 of exactly that and of this file's version, through the one store of
// small cache files (tokens/keyed-files.ts, `packs/v<N>/`). They hold project paths, as the token
// caches do (0600 files in 0700 folders). A file that fails its checks is ignored and made again.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { KeyedFiles } from '../tokens/keyed-files';
import type { TreeSection } from './warm';

/**
 * The version of what is kept: bump it whenever the order or the tree section can come out
 * otherwise for the same paths (priority.ts, the tree's model and rendering, the layouts;
 * pack-cache.test.ts pins their sources' hash to this number).
 */
export const PACK_CACHE_VERSION = 1;

const count = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

function tally(v: unknown): { files: number; folders: number } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { files, folders } = v as { files?: unknown; folders?: unknown };
  return count(files) && count(folders) ? { files, folders } : undefined;
}

/** A hash of `parts` and every path, in order (paths hold no NUL). */
function keyOf(parts: readonly unknown[], paths: readonly string[]): string {
  const h = createHash('sha256').update(JSON.stringify(parts)).update('\0');
  // Joined in slices: one update per path costs more than the hash.
  for (let i = 0; i < paths.length; i += 4096) h.update(`${paths.slice(i, i + 4096).join('\0')}\0`);
  return h.digest('hex');
}

export class PackCache {
  private readonly files: KeyedFiles;

  /** `cacheDir`: the user's cache folder, or null for a cache that keeps nothing. */
  constructor(cacheDir: string | null) {
    this.files = new KeyedFiles(
      cacheDir ? path.join(cacheDir, 'packs', `v${PACK_CACHE_VERSION}`) : undefined,
    );
  }

  static treeKey(paths: readonly string[], key: string): string {
    return keyOf(['tree', key], paths);
  }

  static orderKey(paths: readonly string[], explicit: ReadonlySet<string>, main: string): string {
    return keyOf(['order', [...explicit].sort(), main], paths);
  }

  private stored(key: string): Record<string, unknown> | undefined {
    const text = this.files.read(key);
    if (text === undefined) return undefined;
    try {
      const s = JSON.parse(text) as Record<string, unknown>;
      return s.key === key ? s : undefined;
    } catch {
      return undefined;
    }
  }

  /** The stored tree section, or undefined. */
  tree(key: string): TreeSection | undefined {
    const s = this.stored(key);
    if (!s || typeof s.section !== 'string' || !count(s.tokens)) return undefined;
    if (s.cap !== undefined && !count(s.cap)) return undefined;
    const total = tally(s.total);
    const shown = tally(s.shown);
    const leftOut = tally(s.leftOut);
    if (!total || !shown || !leftOut) return undefined;
    const cap = s.cap === undefined ? {} : { cap: s.cap as number };
    return { section: s.section, tokens: s.tokens, ...cap, total, shown, leftOut };
  }

  putTree(key: string, tree: TreeSection): void {
    this.files.write(key, `${JSON.stringify({ key, ...tree })}\n`);
  }

  /** The stored order of `n` files (each index once), or undefined. */
  order(key: string, n: number): Uint32Array | undefined {
    const s = this.stored(key);
    if (!s || !Array.isArray(s.order) || s.order.length !== n) return undefined;
    const seen = new Uint8Array(n);
    const out = new Uint32Array(n);
    for (let k = 0; k < n; k++) {
      const i = s.order[k];
      if (!Number.isInteger(i) || i < 0 || i >= n || seen[i]) return undefined;
      seen[i] = 1;
      out[k] = i;
    }
    return out;
  }

  putOrder(key: string, order: Uint32Array): void {
    this.files.write(key, `${JSON.stringify({ key, order: Array.from(order) })}\n`);
  }

  /** Resolves when the writes asked for so far are done. */
  flush(): Promise<void> {
    return this.files.flush();
  }
}

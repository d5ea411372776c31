// Parsed trees by content hash, bounded by the bytes of source they stand for and evicted least
// recently used first. Trees live in WebAssembly memory and must be freed: a tree is handed out
// only inside a synchronous callback, and one evicted while in use is freed when the use ends.
import { createHash } from 'node:crypto';
import type { Tree } from 'web-tree-sitter';

interface Entry {
  tree: Tree;
  bytes: number;
  pins: number;
  evicted: boolean;
}

export class ParseCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  hits = 0;
  misses = 0;

  /**
   * `maxBytes`: source characters kept parsed at once. A tree costs about 37 bytes of memory per
   * character (measured on hono's TypeScript), and WebAssembly memory never shrinks: the default
   * of 2 Mi characters holds about 75 MB.
   */
  constructor(readonly maxBytes = 2 * 1024 * 1024) {}

  static key(grammar: string, text: string): string {
    return `${grammar}:${createHash('sha1').update(text).digest('base64')}`;
  }

  /** Runs `use` on the cached tree for `key`, parsing with `make` on a miss. */
  use<R>(key: string, bytes: number, make: () => Tree, use: (tree: Tree) => R): R {
    let entry = this.entries.get(key);
    if (entry) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      this.misses++;
      entry = { tree: make(), bytes, pins: 0, evicted: false };
      this.entries.set(key, entry);
      this.total += bytes;
    }
    entry.pins++;
    try {
      this.evict();
      return use(entry.tree);
    } finally {
      entry.pins--;
      if (entry.evicted && entry.pins === 0) entry.tree.delete();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  clear(): void {
    for (const [key, entry] of this.entries) this.drop(key, entry);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      // The newest entry stays even when it alone exceeds the budget: it is about to be used.
      if (this.total <= this.maxBytes || this.entries.size <= 1) return;
      this.drop(key, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
    entry.evicted = true;
    if (entry.pins === 0) entry.tree.delete();
  }
}

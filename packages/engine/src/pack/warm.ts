// What a warm process keeps between packs of one workspace, so a repeated pack (an agent's next
// `pack`, the window's next preview) does not redo the whole project's work: the priority order,
// the tree section, compressed texts and token counts. Each is keyed exactly by what it is a pure
// function of, never by time: the order by every file's path and size (and the files ticked one by
// one), the tree by every path, the layout, cap and encoding, a compressed text by the text, its
// name and the level, a count by the text. So a pack made from these is byte-identical to a fresh
// process's (warm.test.ts), and a changed file changes only its own keys. Held per workspace (a
// closed project's memo goes with it), each bounded by the text it holds.
import type { CompressOptions, CompressResult } from '../compress/types';
import type { Encoding, RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { rankFiles } from './priority';

/** Characters of text each memo holds in one generation (two generations are alive). */
const MEMO_CHARS = 24 << 20;
/** Longer texts are not kept (a full pack's whole document: counted once, not again). */
const MEMO_MAX_TEXT = 4 << 20;

/**
 * A map from texts, bounded by their characters: when a generation is full it becomes the old one
 * and the one before it is dropped; a hit in the old generation moves to the new one.
 */
class TextMemo<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private chars = 0;

  get(text: string): V | undefined {
    const hit = this.young.get(text);
    if (hit !== undefined) return hit;
    const aged = this.old.get(text);
    if (aged !== undefined) this.set(text, aged);
    return aged;
  }

  set(text: string, value: V): void {
    if (text.length > MEMO_MAX_TEXT) return;
    if (this.chars + text.length > MEMO_CHARS) {
      this.old = this.young;
      this.young = new Map();
      this.chars = 0;
    }
    this.young.set(text, value);
    this.chars += text.length;
  }
}

/** Paths (and sizes, when the answer depends on them) as a memo compares them: element by element. */
interface Shape {
  paths: RelPath[];
  sizes?: Float64Array;
}

function shapeOf(files: readonly IndexEntry[], withSizes: boolean): Shape {
  return {
    paths: files.map((f) => f.path),
    ...(withSizes ? { sizes: Float64Array.from(files, (f) => f.size) } : {}),
  };
}

function sameShape(s: Shape, files: readonly IndexEntry[]): boolean {
  if (s.paths.length !== files.length) return false;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (s.paths[i] !== f.path || (s.sizes && s.sizes[i] !== f.size)) return false;
  }
  return true;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** The tree section as a pack writes it (context.ts). */
export interface TreeSection {
  section: string;
  tokens: number;
  cap?: number;
  total: { files: number; folders: number };
  shown: { files: number; folders: number };
  leftOut: { files: number; folders: number };
}

type Compress = (text: string, path: string, options: CompressOptions) => Promise<CompressResult>;

let compressModule: Promise<typeof import('../compress/compress')> | undefined;

export class PackMemo {
  private readonly counts = new Map<Encoding, TextMemo<number>>();
  private readonly compressed = new TextMemo<Map<string, Promise<CompressResult>>>();
  /** The last few orders and tree sections (a project has few focuses and formats in use at once). */
  private orders: Array<{ shape: Shape; explicit: Set<RelPath>; order: Uint32Array }> = [];
  private trees: Array<{ shape: Shape; key: string; tree: TreeSection }> = [];

  /** `countTokens` in `encoding`, remembered per text. */
  counter(count: (text: string) => number, encoding: Encoding): (text: string) => number {
    let memo = this.counts.get(encoding);
    if (!memo) {
      memo = new TextMemo();
      this.counts.set(encoding, memo);
    }
    const m = memo;
    return (text) => {
      let k = m.get(text);
      if (k === undefined) {
        k = count(text);
        m.set(text, k);
      }
      return k;
    };
  }

  /** `files` in priority order (rankFiles), computed again only when a path or a size changed. */
  ranked(files: readonly IndexEntry[], explicit: ReadonlySet<RelPath>): IndexEntry[] {
    let hit = this.orders.find((o) => sameShape(o.shape, files) && sameSet(o.explicit, explicit));
    if (!hit) {
      const index = new Map(files.map((f, i) => [f, i]));
      const order = Uint32Array.from(rankFiles(files, explicit), (r) => index.get(r.entry)!);
      hit = { shape: shapeOf(files, true), explicit: new Set(explicit), order };
      this.orders = [hit, ...this.orders.slice(0, 3)];
    }
    return Array.from(hit.order, (i) => files[i]!);
  }

  /** The tree section of `files` under `key` (layout, cap, encoding), made once per set of paths. */
  tree(files: readonly IndexEntry[], key: string, make: () => TreeSection): TreeSection {
    let hit = this.trees.find((t) => t.key === key && sameShape(t.shape, files));
    if (!hit) {
      hit = { shape: shapeOf(files, false), key, tree: make() };
      this.trees = [hit, ...this.trees.slice(0, 3)];
    }
    return hit.tree;
  }

  /** Compression, remembered per text, name and options (it is a pure function of them). */
  readonly compress: Compress = (text, path, options) => {
    let byKey = this.compressed.get(text);
    if (!byKey) {
      byKey = new Map();
      this.compressed.set(text, byKey);
    }
    const key = JSON.stringify([path, options.level, options.stripComments, options.stripDocstrings]);
    let result = byKey.get(key);
    if (!result) {
      compressModule ??= import('../compress/compress');
      result = compressModule.then((m) => m.compress(text, path, options));
      // A failure is not remembered: the next pack tries again.
      const key_ = key;
      const map = byKey;
      result.catch(() => map.delete(key_));
      byKey.set(key, result);
    }
    return result;
  };
}

const memos = new WeakMap<Workspace, PackMemo>();

/** The workspace's pack memo (made on its first pack). */
export function packMemo(ws: Workspace): PackMemo {
  let memo = memos.get(ws);
  if (!memo) {
    memo = new PackMemo();
    memos.set(ws, memo);
  }
  return memo;
}

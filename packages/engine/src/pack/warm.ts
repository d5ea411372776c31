// What a warm process keeps between packs of one workspace, so a repeated pack (an agent's next
// `pack`, the window's next preview) does not redo the whole project's work: the priority order,
// the tree section, compressed texts and token counts. Each is keyed exactly by what it is a pure
// function of, never by time: the order by every path, the files ticked one by one and the main
// languages, the tree by every path, the layout, cap and encoding, a compressed text by the text, its
// name and the level, a count by the text. So a pack made from these is byte-identical to a fresh
// process's (warm.test.ts), and a changed file changes only its own keys. Held per workspace (a
// closed project's memo goes with it), each bounded by the text it holds.
import { statSync } from 'node:fs';
import { applyCompression } from '../compress/applied';
import type { CompressOptions, CompressResult } from '../compress/types';
import { projectFile } from '../content/open';
import { type LanguageId, languageOf } from '../lang/languages';
import { countCacheFile } from '../tokens/count-cache';
import { TextCounts } from '../tokens/text-counts';
import type { Encoding, RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { PackCache } from './pack-cache';
import { mainLanguages, rankOrder } from './priority';
import type { TreeSection } from './types';

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

/** Every path, in order, as a memo compares them: element by element. */
interface Shape {
  paths: RelPath[];
}

function shapeOf(files: readonly IndexEntry[]): Shape {
  return { paths: files.map((f) => f.path) };
}

function sameShape(s: Shape, files: readonly IndexEntry[]): boolean {
  if (s.paths.length !== files.length) return false;
  for (let i = 0; i < files.length; i++) if (s.paths[i] !== files[i]!.path) return false;
  return true;
}

/** The main languages (priority.ts), as one string. */
function mainOf(files: readonly IndexEntry[], langs: ReadonlyArray<LanguageId | undefined>): string {
  return [...mainLanguages(files, langs)].sort().join(',');
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

type Compress = (text: string, path: string, options: CompressOptions) => Promise<CompressResult>;

let compressModule: Promise<typeof import('../compress/compress')> | undefined;

export class PackMemo {
  /** Compressions, orders and tree sections on disk, in the user's cache folder (none: this process only). */
  private readonly packs: PackCache | undefined;
  private readonly counts = new Map<Encoding, TextMemo<number>>();
  private readonly stored_ = new Map<Encoding, TextCounts>();
  private readonly compressed = new TextMemo<Map<string, Promise<CompressResult>>>();
  /** The last few orders and tree sections (a project has few focuses and formats in use at once). */
  private orders: Array<{
    shape: Shape;
    explicit: Set<RelPath>;
    langs: Array<LanguageId | undefined>;
    main: string;
    order: Uint32Array;
  }> = [];
  private trees: Array<{ shape: Shape; key: string; tree: TreeSection }> = [];
  /** Whole budgeted packs made without an agent session (the window's previews). */
  readonly results = new ResultMemo<unknown>();

  /** `cacheDir`: the workspace's cache folder (pack-cache.ts), or null: kept in this process only. */
  constructor(
    private readonly cacheDir: string | null = null,
    root = '',
  ) {
    this.packs = cacheDir ? new PackCache(cacheDir, root) : undefined;
  }

  /** `countTokens` in `encoding`, remembered per text, here and in the count cache (tokens/text-counts.ts). */
  counter(count: (text: string) => number, encoding: Encoding): (text: string) => number {
    let memo = this.counts.get(encoding);
    if (!memo) {
      memo = new TextMemo();
      this.counts.set(encoding, memo);
    }
    let stored = this.stored_.get(encoding);
    if (!stored) {
      stored = new TextCounts(this.cacheDir ? countCacheFile(this.cacheDir, encoding) : undefined);
      this.stored_.set(encoding, stored);
    }
    const m = memo;
    const disk = stored;
    return (text) => {
      let k = m.get(text);
      if (k === undefined) {
        k = disk.count(text, count);
        m.set(text, k);
      }
      return k;
    };
  }

  /**
   * `files` in priority order (rankFiles). A score depends on the path, the files ticked one by one
   * and the project's main languages (sizes count only there), so the order is worked out again
   * only when a path, the ticked files or the main languages changed.
   */
  ranked(files: readonly IndexEntry[], explicit: ReadonlySet<RelPath>): IndexEntry[] {
    let hit = this.orders.find((o) => sameShape(o.shape, files) && sameSet(o.explicit, explicit));
    if (hit && mainOf(files, hit.langs) !== hit.main) {
      const stale = hit;
      this.orders = this.orders.filter((o) => o !== stale);
      hit = undefined;
    }
    if (!hit) {
      const langs = files.map((f) => languageOf(f.path));
      const shape = shapeOf(files);
      const main = mainOf(files, langs);
      const key = this.packs && PackCache.orderKey(shape.paths, explicit, main);
      let order = key ? this.packs!.order(key, files.length) : undefined;
      if (!order) {
        order = rankOrder(files, explicit, langs);
        if (key) this.packs!.putOrder(key, order);
      }
      hit = { shape, explicit: new Set(explicit), langs, main, order };
      this.orders = [hit, ...this.orders.slice(0, 3)];
    }
    // A loop: Array.from over a typed array with a map is several times slower on 57k files.
    const order = hit.order;
    const out = new Array<IndexEntry>(order.length);
    for (let k = 0; k < order.length; k++) out[k] = files[order[k]!]!;
    return out;
  }

  /** The tree section of `files` under `key` (layout, cap, encoding), made once per set of paths. */
  tree(files: readonly IndexEntry[], key: string, make: () => TreeSection): TreeSection {
    let hit = this.trees.find((t) => t.key === key && sameShape(t.shape, files));
    if (!hit) {
      const shape = shapeOf(files);
      const disk = this.packs && PackCache.treeKey(shape.paths, key);
      let tree = disk ? this.packs!.tree(disk) : undefined;
      if (!tree) {
        tree = make();
        if (disk) this.packs!.putTree(disk, tree);
      }
      hit = { shape, key, tree };
      this.trees = [hit, ...this.trees.slice(0, 3)];
    }
    return hit.tree;
  }

  /** Compression, remembered per text, name and options (it is a pure function of them), here and on disk. */
  readonly compress: Compress = (text, path, options) => {
    let byKey = this.compressed.get(text);
    if (!byKey) {
      byKey = new Map();
      this.compressed.set(text, byKey);
    }
    const key = JSON.stringify([path, options.level, options.stripComments, options.stripDocstrings]);
    let result = byKey.get(key);
    if (!result) {
      result = this.compressOnce(text, path, options);
      // A failure is not remembered: the next pack tries again.
      const key_ = key;
      const map = byKey;
      result.catch(() => map.delete(key_));
      byKey.set(key, result);
    }
    return result;
  };

  /** A compression stored by an earlier process, else made (and stored by `stored()`). */
  private async compressOnce(text: string, path: string, options: CompressOptions): Promise<CompressResult> {
    const key = this.packs && PackCache.compressionKey(text, path, options);
    const kept = key ? this.packs!.compression(key, text, options) : undefined;
    if (kept) return applyCompression(text, kept);
    compressModule ??= import('../compress/compress');
    const made = await (await compressModule).compression(text, path, options);
    if (key) this.packs!.putCompression(key, made);
    return applyCompression(text, made);
  }

  /** Writes what was worked out so far for the next process (a pack does before it answers). */
  async stored(): Promise<void> {
    await Promise.all([this.packs?.save(), ...[...this.stored_.values()].map((c) => c.save())]);
  }
}

/** Every fact of the index a pack's answer may depend on, per file in scope. */
interface Facts {
  paths: RelPath[];
  sizes: Float64Array;
  mtimes: Float64Array;
  /** NaN: not counted. */
  tokens: Float64Array;
  flags: Array<string | undefined>;
  targets: Array<RelPath | undefined>;
}

function factsOf(files: readonly IndexEntry[]): Facts {
  // Plain loops: typed arrays filled through `from` with a map cost several times more on 57k files.
  const n = files.length;
  const facts: Facts = {
    paths: new Array(n),
    sizes: new Float64Array(n),
    mtimes: new Float64Array(n),
    tokens: new Float64Array(n),
    flags: new Array(n),
    targets: new Array(n),
  };
  for (let i = 0; i < n; i++) {
    const f = files[i]!;
    facts.paths[i] = f.path;
    facts.sizes[i] = f.size;
    facts.mtimes[i] = f.mtimeMs;
    facts.tokens[i] = f.tokens ?? Number.NaN;
    facts.flags[i] = f.flag;
    facts.targets[i] = f.target;
  }
  return facts;
}

function sameFacts(a: Facts, files: readonly IndexEntry[]): boolean {
  if (a.paths.length !== files.length) return false;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (
      a.paths[i] !== f.path ||
      a.sizes[i] !== f.size ||
      a.mtimes[i] !== f.mtimeMs ||
      !Object.is(a.tokens[i], f.tokens ?? Number.NaN) ||
      a.flags[i] !== f.flag ||
      a.targets[i] !== f.target
    )
      return false;
  }
  return true;
}

/** What a whole pack's answer is keyed by besides its scope's facts. */
export interface ResultKey {
  /** The options and settings, as one string (JSON). */
  text: string;
  /** The content pipeline (its masking rules) and the hidden entries, by identity. */
  pipeline: object;
  hidden: object;
}

interface Remembered<R> {
  key: ResultKey;
  facts: Facts;
  /** The files the pack read, with the size and modification time the index gave them. */
  read: IndexEntry[];
  readFacts: Array<{ abs: string; size: number; mtimeMs: number }>;
  result: R;
}

/** The file still has the size and modification time the pack read it at (a link: its target's). */
function unchanged(f: { abs: string; size: number; mtimeMs: number }): boolean {
  try {
    const st = statSync(f.abs);
    return st.isFile() && st.size === f.size && st.mtimeMs === f.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Whole answers of packs that depend on nothing but the workspace (no agent session): the same
 * options over the same facts of every file in scope give the same document. A hit is checked on
 * disk too: every file the pack read still has its size and modification time (an edit the watcher
 * has not reported yet is a miss, never a stale answer).
 */
export class ResultMemo<R> {
  private kept: Array<Remembered<R>> = [];

  find(key: ResultKey, files: readonly IndexEntry[]): { result: R; read: IndexEntry[] } | undefined {
    const hit = this.kept.find(
      (k) =>
        k.key.text === key.text &&
        k.key.pipeline === key.pipeline &&
        k.key.hidden === key.hidden &&
        sameFacts(k.facts, files),
    );
    if (!hit) return undefined;
    if (!hit.readFacts.every(unchanged)) {
      this.kept = this.kept.filter((k) => k !== hit);
      return undefined;
    }
    return { result: hit.result, read: hit.read };
  }

  keep(key: ResultKey, files: readonly IndexEntry[], read: IndexEntry[], root: string, result: R): void {
    const readFacts = read.map((e) => ({ abs: projectFile(root, e), size: e.size, mtimeMs: e.mtimeMs }));
    const entry = { key, facts: factsOf(files), read, readFacts, result };
    this.kept = [entry, ...this.kept.filter((k) => k.key.text !== key.text).slice(0, 1)];
  }
}

const memos = new WeakMap<Workspace, PackMemo>();

/** The workspace's pack memo (made on its first pack). */
export function packMemo(ws: Workspace): PackMemo {
  let memo = memos.get(ws);
  if (!memo) {
    memo = new PackMemo(ws.cacheDir, ws.root);
    memos.set(ws, memo);
  }
  return memo;
}

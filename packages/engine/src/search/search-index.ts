// The search index: the masked text of each indexed file with its folded copy and line starts,
// keyed by content hash (two paths with the same bytes share one entry; a reverted file finds
// its entry again). What must be fast on every search is eager; declarations and imports are
// computed on first need and kept with the entry. Text comes only from the content pipeline, so
// the index never holds a secret value (see placeholders.ts for how masked values are numbered).
import type { MaskedText } from '../content/mask-stage';
import type { Withheld } from '../content/withheld';
import { DeclarationCache } from '../declarations/declaration-cache';
import type { FileEntry, RelPath } from '../types';
import type { ContentEntry, CopyBudget } from './entry';
import { buildGrams, type Grams } from './grams';
import { IndexMaskSession } from './placeholders';
import type { FileRole } from './rank';
import { plainUint32, slabUint32, type Uint32Alloc } from './slabs';
import { fold, lineStarts } from './text';
import { forgetEncoded, Utf8Ledger } from './utf8';
import { WordIndex } from './words';

export type { ContentEntry } from './entry';

export interface PathRecord {
  path: RelPath;
  size: number;
  mtimeMs: number;
  hash?: string;
  entry?: ContentEntry;
  /** Why the file is not searchable (binary, withheld by masking, unreadable). */
  withheld?: string;
  /** Test, fixture, vendored or generated (null: none), once known. */
  role?: FileRole | null;
  /** The file's name as compared with queries (`fileBase`), once asked. */
  base?: string;
}

/** What the index needs from the content pipeline. */
export interface MaskedSource {
  readMaskedMany(
    entries: ReadonlyArray<Pick<FileEntry, 'path' | 'flag' | 'size'>>,
    session: IndexMaskSession,
  ): Promise<Array<MaskedText | Withheld>>;
}

export interface IndexStats {
  /** Files read and masked by the last `ensure` (0 when everything was current). */
  read: number;
  /** Entries shared by content hash (same bytes as another path, or as before). */
  reused: number;
  files: number;
  entries: number;
}

const BATCH = 2000;
/** Files read at once from which their arrays come from slabs (slabs.ts; a stream's found files too). */
export const SLAB_FROM = 1000;

/**
 * The entry of one masked text (`slot`: its words' slot, or -1 for a text read instead; see
 * words.ts; `utf8`: the index's share of the UTF-8 copy budget, none for a streamed search's).
 */
export function contentEntry(
  text: string,
  hash: string,
  privateSpans: number[],
  slot: number,
  alloc: Uint32Alloc = plainUint32,
  utf8?: CopyBudget,
  /** The entry's trigram filter: built from its text unless given (ANY_GRAMS for a streamed search). */
  grams?: Grams,
): ContentEntry {
  const folded = fold(text);
  return {
    hash,
    text,
    folded,
    starts: lineStarts(text, alloc),
    grams: grams ?? buildGrams(folded, alloc),
    privateSpans,
    slot,
    declarations: new Map(),
    memo: new Map(),
    refs: 0,
    utf8,
  };
}
/** Entries no path refers to any more, kept for a revert or a rename (most recent last). */
const SPARE = 256;

export class SearchIndex {
  private readonly paths = new Map<RelPath, PathRecord>();
  private readonly entries = new Map<string, ContentEntry>();
  private readonly spare = new Map<string, ContentEntry>();
  private readonly stale = new Set<RelPath>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The last list `current` confirmed, and its records, while no record changed since. */
  private confirmed: { files: readonly FileEntry[]; records: PathRecord[] } | undefined;
  readonly session: IndexMaskSession;
  /** The dictionary of the entries' words. */
  readonly words = new WordIndex();
  /** This index's share of the UTF-8 copies' budget, given back by `close`. */
  private readonly utf8 = new Utf8Ledger();
  /** Set by `close`: a background build (`ensure` with `background`) reads no further batch. */
  private closed = false;
  last: IndexStats = { read: 0, reused: 0, files: 0, entries: 0 };

  /** Declarations of parsed texts, on disk for later processes (a cache without a folder keeps nothing). */
  readonly declarations: DeclarationCache;

  constructor(
    readonly source: MaskedSource,
    maskKey?: Buffer,
    cacheDir: string | null = null,
  ) {
    this.session = new IndexMaskSession(maskKey);
    this.declarations = new DeclarationCache(cacheDir);
  }

  get(path: RelPath): PathRecord | undefined {
    return this.paths.get(path);
  }

  get size(): number {
    return this.paths.size;
  }

  /**
   * Brings the records of `files` up to date: files not indexed yet, or whose size or mtime
   * changed, or named by `update`, are read again through the pipeline. Serialized: concurrent
   * callers wait for each other, so a file is never read twice at once. A `background` build (the
   * next search's index, made after a streamed answer) stops at the batch after `close`: a closed
   * project's files are not read on, nor its index held while they would be.
   */
  ensure(files: readonly FileEntry[], options: { background?: boolean } = {}): Promise<IndexStats> {
    return this.collect(files, options.background).then((r) => r.stats);
  }

  /** `ensure`, and the record of each file, in order (undefined where none was made). */
  collect(
    files: readonly FileEntry[],
    background = false,
  ): Promise<{ stats: IndexStats; records: ReadonlyArray<PathRecord | undefined> }> {
    const run = this.queue.then(async () => {
      if (background && this.closed) return { stats: this.last, records: [] };
      const records = this.current(files);
      if (records) {
        this.last = { read: 0, reused: 0, files: this.paths.size, entries: this.entries.size };
        return { stats: this.last, records };
      }
      const stats = await this.refresh(files, background);
      return { stats, records: files.map((f) => this.paths.get(f.path)) };
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Whether `files` need reading before a search (not indexed, changed, or named by `update`):
   * how many of them do, counted up to `enough`.
   */
  toRead(files: readonly FileEntry[], enough: number): number {
    if (this.current(files)) return 0; // warm (and remembered: the search's `collect` finds it so)
    let n = 0;
    const stale = this.stale.size > 0;
    for (const f of files) {
      const r = this.paths.get(f.path);
      if (r && !(stale && this.stale.has(f.path)) && r.size === f.size && r.mtimeMs === f.mtimeMs) continue;
      if (++n >= enough) break;
    }
    return n;
  }

  /** The watcher's entry point: these paths changed (or vanished); the next `ensure` reads them again. */
  update(paths: readonly RelPath[]): void {
    for (const p of paths) this.stale.add(p);
  }

  /**
   * The index is no longer used (its project closed, or masking switched): it gives back its share
   * of the UTF-8 copies' budget, so the next project's index can keep as many. A search still
   * running on it answers as before, making its copies for itself.
   */
  close(): void {
    this.closed = true;
    this.utf8.close();
  }

  /** Drops records of paths no longer in the project. */
  retain(visible: (path: RelPath) => boolean): void {
    for (const p of [...this.paths.keys()]) if (!visible(p)) this.drop(p);
  }

  /** The records of `files` when every one is indexed as it is (same size and mtime, not named by `update`). */
  private current(files: readonly FileEntry[]): PathRecord[] | undefined {
    if (this.stale.size) return undefined;
    // The same entry objects as last time (the file index replaces an entry whose size or mtime
    // changes), and no record changed: the same records, without a lookup per path.
    const last = this.confirmed;
    if (last && last.files.length === files.length && files.every((f, i) => f === last.files[i]))
      return last.records;
    const out = new Array<PathRecord>(files.length);
    for (let i = 0; i < files.length; i++) {
      const f = files[i]!;
      const r = this.paths.get(f.path);
      if (!r || r.size !== f.size || r.mtimeMs !== f.mtimeMs) return undefined;
      out[i] = r;
    }
    this.confirmed = { files: [...files], records: out };
    return out;
  }

  private async refresh(files: readonly FileEntry[], background: boolean): Promise<IndexStats> {
    this.confirmed = undefined;
    const todo: FileEntry[] = [];
    const stale = this.stale.size > 0;
    for (const f of files) {
      const r = this.paths.get(f.path);
      if (r && !(stale && this.stale.has(f.path)) && r.size === f.size && r.mtimeMs === f.mtimeMs) continue;
      todo.push(f);
    }
    let reused = 0;
    let read = 0;
    // A bulk read (the first search, a branch switch) cuts its arrays from slabs (slabs.ts).
    const alloc = todo.length >= SLAB_FROM ? slabUint32() : plainUint32;
    for (let i = 0; i < todo.length; i += BATCH) {
      if (background && this.closed) break;
      const batch = todo.slice(i, i + BATCH);
      const results = await this.source.readMaskedMany(batch, this.session);
      read += batch.length;
      // The batch's word lists live until `seal` below: a slab of their own, unmapped after.
      const lists = alloc === plainUint32 ? plainUint32 : slabUint32();
      results.forEach((res, k) => {
        const f = batch[k]!;
        this.stale.delete(f.path);
        this.drop(f.path);
        // Every field set from the start (undefined or not): one object shape for the search's loops.
        const record: PathRecord = {
          path: f.path,
          size: f.size,
          mtimeMs: f.mtimeMs,
          hash: res.hash || undefined,
          entry: undefined,
          withheld: undefined,
          role: undefined,
          base: undefined,
        };
        if (res.kind === 'withheld') record.withheld = res.reason;
        else {
          const known = this.entries.get(res.hash) ?? this.spare.get(res.hash);
          if (known) {
            reused++;
            this.session.release(res.text);
          }
          record.entry = known ?? this.create(res, alloc, lists);
          this.adopt(record.entry);
        }
        this.paths.set(f.path, record);
      });
      this.words.seal();
    }
    this.last = { read, reused, files: this.paths.size, entries: this.entries.size };
    return this.last;
  }

  private create(res: MaskedText, alloc: Uint32Alloc, lists: Uint32Alloc): ContentEntry {
    const privateSpans = this.session.privateSpans(res.text);
    return contentEntry(
      res.text,
      res.hash,
      privateSpans,
      privateSpans.length ? -1 : this.words.add(res.text, lists),
      alloc,
      this.utf8,
    );
  }

  private adopt(entry: ContentEntry): void {
    if (entry.refs++ === 0) {
      this.spare.delete(entry.hash);
      this.entries.set(entry.hash, entry);
    }
  }

  private drop(path: RelPath): void {
    const r = this.paths.get(path);
    if (!r) return;
    this.confirmed = undefined;
    this.paths.delete(path);
    const e = r.entry;
    if (!e || --e.refs > 0) return;
    this.entries.delete(e.hash);
    this.spare.set(e.hash, e);
    if (this.spare.size > SPARE) {
      const [oldest] = this.spare;
      if (oldest) {
        this.spare.delete(oldest[0]);
        this.session.release(oldest[1].text);
        forgetEncoded(oldest[1]);
        this.words.release(oldest[1].slot);
      }
    }
  }
}

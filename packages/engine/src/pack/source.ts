// File texts for a pack, through the one content pipeline: each file is read and masked once, in
// batches (on the worker pool for batches of some size, placeholders numbered in pack order), one
// batch read ahead of the one in use; then finished at the levels the pack asks for by the same
// stages as any read (finishFile: compress -> number -> label), never counted alone there: a pack
// counts whole sections.
import type { Level } from '../compress/types';
import { flagged } from '../content/classify';
import type { MaskedText } from '../content/mask-stage';
import type { ContentPipeline } from '../content/pipeline';
import { type ContentDeps, type FileContent, finishFile } from '../content/process';
import type { Withheld } from '../content/withheld';
import type { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { PackMeter } from './watch';

export type Loaded = MaskedText | Withheld;

/** Files per batch, by default. */
export const BATCH = 32;

export interface SourceOptions {
  lineNumbers: boolean;
  encoding: Encoding;
  /** Files per batch (default BATCH). */
  batch?: number;
  /** Also cut a batch at this many bytes (default 4 MiB). */
  batchBytes?: number;
  /** Checked before each batch is read (a stopped pack reads no more), told of each batch read. */
  meter?: PackMeter;
  /** Token counts of texts (default countTokens; a pack passes its workspace's memo, warm.ts). */
  count?: (text: string) => number;
  /** Compression (default the pipeline's; a pack passes its workspace's memo of it, warm.ts). */
  compress?: ContentDeps['compress'];
}

export class FileSource {
  private readonly loaded = new Map<number, Promise<Loaded>>();
  private readonly variants = new Map<number, Map<Level, Promise<FileContent>>>();
  private readonly tokens = new Map<MaskedText, number>();
  /** Files whose batch has come back (what `ready` answers). */
  private readonly settled = new Map<number, Loaded>();
  /** Where the next batch starts, where the last one started, and that batch's promise. */
  private next = 0;
  private lastStart = 0;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pipeline: ContentPipeline,
    private readonly files: readonly IndexEntry[],
    private readonly session: MaskSession,
    private readonly options: SourceOptions,
  ) {}

  /** How many files (from the first, in pack order) were asked to be read so far. */
  get requested(): number {
    return this.next;
  }

  get root(): string {
    return this.pipeline.root;
  }

  /** Requests the next batch. It starts once the one before it is masked, so placeholders keep pack order. */
  private request(): void {
    const start = this.next;
    const limit = this.options.batch ?? BATCH;
    const bytes = this.options.batchBytes ?? 4 << 20;
    let end = start;
    let size = 0;
    while (end < this.files.length && end - start < limit && (end === start || size < bytes))
      size += this.files[end++]!.size;
    this.next = end;
    this.lastStart = start;
    const entries = this.files.slice(start, end);
    const meter = this.options.meter;
    const all = this.tail.then(async () => {
      meter?.check();
      const read = await this.pipeline.readMaskedMany(entries, this.session);
      meter?.read(entries);
      return read;
    });
    this.tail = all.catch(() => {});
    all.then(
      (r) => {
        for (const [k, d] of r.entries()) this.settled.set(start + k, d);
      },
      () => {},
    );
    for (let k = start; k < end; k++) {
      const one = all.then((r) => r[k - start]!);
      // A batch read ahead may fail (a stopped pack) with no one waiting for it: handled here, the
      // caller that loads the file still gets the rejection.
      one.catch(() => {});
      this.loaded.set(k, one);
    }
  }

  /**
   * File `i` (in pack order), read and masked; the batch after it is read meanwhile. A flagged
   * file is never read: why comes from its flag alone, so asking for it reads no batch (the budget
   * walk asks for every flagged file, the last of them far down a large project's ranking).
   */
  load(i: number): Promise<Loaded> {
    const refused = flagged(this.files[i]!);
    if (refused) return Promise.resolve(refused);
    while (this.next <= i) this.request();
    const here = this.loaded.get(i);
    if (!here) throw new Error(`file ${i} was forgotten before it was loaded`);
    if (i >= this.lastStart && this.next < this.files.length) this.request();
    return here;
  }

  /**
   * File `i` if its batch has already come back, else undefined (nothing is read for it). What it
   * answers depends on timing: use it only where either answer leads to the same result.
   */
  ready(i: number): Loaded | undefined {
    return this.settled.get(i);
  }

  /** Lets go of a file's text once its section is written (full packs of big trees). */
  forget(i: number): void {
    this.loaded.delete(i);
    this.variants.delete(i);
    this.settled.delete(i);
  }

  /** Tokens of the masked text at full detail (counted once, on this thread). */
  fullTokens(d: MaskedText): number {
    let n = this.tokens.get(d);
    if (n === undefined) {
      n = this.options.count ? this.options.count(d.text) : countTokens(d.text, this.options.encoding);
      this.tokens.set(d, n);
    }
    return n;
  }

  /** The file at `level` (kept: the budget walk may offer it again). */
  variant(i: number, d: MaskedText, level: Level): Promise<FileContent> {
    let levels = this.variants.get(i);
    if (!levels) {
      levels = new Map();
      this.variants.set(i, levels);
    }
    let v = levels.get(level);
    if (!v) {
      v = this.make(d, level);
      levels.set(level, v);
    }
    return v;
  }

  /** The file at `level`, not kept (full packs use each text once). */
  async make(d: MaskedText, level: Level): Promise<FileContent> {
    const r = await finishFile(
      d,
      { detail: level, lineNumbers: this.options.lineNumbers, count: false },
      {
        encoding: this.options.encoding,
        ...(this.options.compress ? { compress: this.options.compress } : {}),
      },
    );
    if (r.kind !== 'content') throw new Error('a whole-file read found no content'); // no symbol asked
    return r;
  }
}

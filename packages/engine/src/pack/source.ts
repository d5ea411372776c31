// File texts for a pack, through the one content pipeline: each file is read and masked once, in
// batches (masking runs on worker threads, placeholders numbered in pack order), one batch read
// ahead of the one in use; then offered at the levels the budget asks for. A level below `full`
// is `compress` applied to the masked text, exactly what the pipeline does for a read at that
// detail.
import { compress } from '../compress/compress';
import type { Level } from '../compress/types';
import { contentPath } from '../content/open';
import type { ContentPipeline, MaskedText, Withheld } from '../content/pipeline';
import type { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import { alignLines, numberLines, splitLines } from './lines';
import { fullVariant, maskedIn, type Variant } from './variant';

export { lineCount, maskedIn, type Variant } from './variant';

export type Loaded = MaskedText | Withheld;

export interface SourceOptions {
  lineNumbers: boolean;
  encoding: Encoding;
  /** Files per batch (default 32). */
  batch?: number;
  /** Also cut a batch at this many bytes (default 4 MiB). */
  batchBytes?: number;
}

export class FileSource {
  private readonly loaded = new Map<number, Promise<Loaded>>();
  private readonly variants = new Map<number, Map<Level, Promise<Variant>>>();
  private readonly tokens = new Map<MaskedText, number>();
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

  get root(): string {
    return this.pipeline.root;
  }

  /** Requests the next batch. It starts once the one before it is masked, so placeholders keep pack order. */
  private request(): void {
    const start = this.next;
    const limit = this.options.batch ?? 32;
    const bytes = this.options.batchBytes ?? 4 << 20;
    let end = start;
    let size = 0;
    while (end < this.files.length && end - start < limit && (end === start || size < bytes))
      size += this.files[end++]!.size;
    this.next = end;
    this.lastStart = start;
    const entries = this.files.slice(start, end);
    const all = this.tail.then(() => this.pipeline.readMaskedMany(entries, this.session));
    this.tail = all.catch(() => {});
    for (let k = start; k < end; k++)
      this.loaded.set(
        k,
        all.then((r) => r[k - start]!),
      );
  }

  /** File `i` (in pack order), read and masked; the batch after it is read meanwhile. */
  load(i: number): Promise<Loaded> {
    while (this.next <= i) this.request();
    const here = this.loaded.get(i);
    if (!here) throw new Error(`file ${i} was forgotten before it was loaded`);
    if (i >= this.lastStart && this.next < this.files.length) this.request();
    return here;
  }

  /** Lets go of a file's text once its section is written (full packs of big trees). */
  forget(i: number): void {
    this.loaded.delete(i);
    this.variants.delete(i);
  }

  /** Tokens of the masked text at full detail (counted once, on this thread). */
  fullTokens(d: MaskedText): number {
    let n = this.tokens.get(d);
    if (n === undefined) {
      n = countTokens(d.text, this.options.encoding);
      this.tokens.set(d, n);
    }
    return n;
  }

  /** The file at `level` (compressed from the masked text; `full` is the masked text itself). */
  variant(i: number, d: MaskedText, level: Level): Promise<Variant> {
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
  async make(d: MaskedText, level: Level): Promise<Variant> {
    if (level === 'full') return fullVariant(d, this.options.lineNumbers);
    const c = await compress(d.text, contentPath(d), { level });
    const text = c.text;
    const applied = c.level;
    const reason = c.reason;
    const masked = maskedIn(d, text);
    const out: Variant = { level: applied, text, masked, ...(reason ? { reason } : {}) };
    if (!this.options.lineNumbers) return out;
    const lines = splitLines(text);
    if (applied === 'full') {
      out.text = numberLines(
        lines,
        lines.map((_, k) => k + 1),
      );
      return out;
    }
    const numbers = alignLines(splitLines(d.text), lines);
    if (numbers) out.text = numberLines(lines, numbers);
    else
      out.unnumbered =
        "no line numbers: the compressed text could not be traced line by line to the file's own lines";
    return out;
  }
}

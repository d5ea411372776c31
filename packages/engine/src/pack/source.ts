// File texts for a pack, through the one content pipeline: each file is read and masked once (in
// batches, so masking runs on worker threads with placeholders numbered in pack order), then
// offered at the levels the budget asks for. A level below `full` is `compress` applied to the
// masked text, exactly what the pipeline does for a read at that detail.
import { compress } from '../compress/compress';
import type { Level } from '../compress/types';
import type { ContentPipeline, ContentResult, Delivered, Withheld } from '../content/pipeline';
import type { MaskSession } from '../mask/session';
import type { IndexEntry } from '../workspace/file-index';
import { alignLines, numberLines, splitLines } from './lines';

export interface Variant {
  level: Level;
  /** Text as emitted (numbered when line numbers are on and the lines could be traced). */
  text: string;
  /** Why compression gave back another level than the one asked for. */
  reason?: string;
  /** Placeholders present in the text, per rule. */
  masked: Record<string, number>;
  /** Set when line numbers were asked for and this text carries none. */
  unnumbered?: string;
}

export type Loaded = Delivered | Withheld;

const PLACEHOLDER = /LOUPE_REDACTED\[([^\]#\s]+)#\d+\]/g;

/** Masked values whose placeholders are in `text` (findings of compressed-away code do not count). */
export function maskedIn(d: Delivered, text: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (!d.findings.length) return out;
  if (text === d.text) {
    for (const f of d.findings) out[f.rule] = (out[f.rule] ?? 0) + 1;
    return out;
  }
  const expected = new Map<string, number>();
  for (const f of d.findings) expected.set(f.placeholder, (expected.get(f.placeholder) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const m of text.matchAll(PLACEHOLDER)) seen.set(m[0], (seen.get(m[0]) ?? 0) + 1);
  for (const f of d.findings) {
    const left = Math.min(seen.get(f.placeholder) ?? 0, expected.get(f.placeholder) ?? 0);
    if (left > 0) {
      out[f.rule] = (out[f.rule] ?? 0) + 1;
      seen.set(f.placeholder, left - 1);
    }
  }
  return out;
}

export class FileSource {
  private readonly loaded = new Map<number, Promise<Loaded>>();
  private readonly variants = new Map<string, Promise<Variant>>();

  constructor(
    private readonly pipeline: ContentPipeline,
    private readonly files: readonly IndexEntry[],
    private readonly session: MaskSession,
    private readonly options: { lineNumbers: boolean; batch?: number },
  ) {}

  /** File `i` (in pack order), read and masked; the next batch is read with it. */
  load(i: number): Promise<Loaded> {
    const known = this.loaded.get(i);
    if (known) return known;
    const batch = this.options.batch ?? 32;
    const ids: number[] = [];
    for (let k = i; k < Math.min(this.files.length, i + batch); k++) if (!this.loaded.has(k)) ids.push(k);
    const all = this.pipeline.readMany(
      ids.map((k) => ({ entry: this.files[k]!, request: { path: this.files[k]!.path } })),
      this.session,
    );
    ids.forEach((k, j) => {
      this.loaded.set(
        k,
        all.then((r: ContentResult[]) => r[j] as Loaded),
      );
    });
    return this.loaded.get(i)!;
  }

  /** Lets go of a file's text once its section is written (full packs of big trees). */
  forget(i: number): void {
    this.loaded.delete(i);
    for (const level of ['full', 'compact', 'signatures', 'outline']) this.variants.delete(`${i}:${level}`);
  }

  /** The file at `level` (compressed from the masked text; `full` is the masked text itself). */
  variant(i: number, d: Delivered, level: Level): Promise<Variant> {
    const key = `${i}:${level}`;
    let v = this.variants.get(key);
    if (!v) {
      v = this.make(d, level);
      this.variants.set(key, v);
    }
    return v;
  }

  private async make(d: Delivered, level: Level): Promise<Variant> {
    let text = d.text;
    let applied: Level = 'full';
    let reason: string | undefined;
    if (level !== 'full') {
      const c = await compress(d.text, d.path, { level });
      text = c.text;
      applied = c.level;
      reason = c.reason;
    }
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

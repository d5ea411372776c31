// A sectioned pack: a full pack at full detail for a reader (no budget, no data block, no session
// references), file by file in priority order. Batches of files go through the content pipeline on
// a runner (section-runners.ts: worker threads for a large pack, several batches in flight, or this
// thread for a smaller one) and are taken here strictly in order. Files where values were found are
// numbered here, in pack order, finished and laid out here and counted by `counter`. A value masked
// once is masked everywhere: a batch looks for the values the session knew when it started (and
// those it finds itself); a file it laid out is done again here when the session has learned values
// since (from batches that were in flight beside it).
import { maskedFrom, maskHere } from '../../content/maskers';
import { projectFile } from '../../content/open';
import { type FileContent, finishFile, processFile } from '../../content/process';
import { readBytesSync } from '../../content/read';
import { reasonPhrase, type Withheld } from '../../content/withheld';
import { LoupeError } from '../../errors';
import { loadMaskRules } from '../../mask/rules';
import type { KnownValues, MaskSession } from '../../mask/session';
import type { IndexEntry } from '../../workspace/file-index';
import type { TextCounter } from '../counter';
import { type DocContext, type Emit, type PackReport, type PartWriter, writeDocument } from '../document';
import { fullSection } from '../file-block';
import type { Layout } from '../formats';
import type { Included, Omitted, Outcome } from '../types';
import type { SectionBatch, SectionItem, SectionSettings } from './section-batch';
import type { SectionRunner } from './section-runners';

export interface SectionsContext {
  layout: Layout;
  settings: SectionSettings;
  session: MaskSession;
  /** Counts what the batches left uncounted, and the sections laid out here. */
  counter: TextCounter;
  emit: Emit;
  /** Told of each file's section (with its blank line) as it is emitted: `index` in `files`. */
  section?(index: number, part: Uint8Array | string): void;
}

/**
 * Files per batch, and bytes (by index size) after which a batch is cut: large for worker threads
 * (fewer messages); small on this thread, so its sections reach the counting thread soon after
 * they are read and the counting ends soon after the reading.
 */
const BATCH = { threads: { files: 64, bytes: 1 << 20 }, here: { files: 16, bytes: 128 << 10 } };
/** Text handed to the counter and not counted yet, at most (bytes). */
const IN_FLIGHT = 8 << 20;

function batchesOf(
  files: readonly IndexEntry[],
  limit: { files: number; bytes: number },
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  while (start < files.length) {
    let end = start;
    let bytes = 0;
    while (end < files.length && end - start < limit.files && (end === start || bytes < limit.bytes))
      bytes += files[end++]!.size;
    out.push([start, end]);
    start = end;
  }
  return out;
}

/** A full pack's batches, started ahead of their turn and handed out in order. */
export interface SectionStream {
  readonly files: readonly IndexEntry[];
  /** First file of each batch, and the end of the last. */
  readonly bounds: readonly number[];
  /** Batch `k`, once done (batches are taken in order, each once). */
  take(k: number): Promise<SectionBatch>;
  /** File `i` as a batch reads it. */
  item(i: number): SectionItem;
}

/**
 * Starts reading `files` in batches: on worker threads, up to four batches per thread ahead of
 * the one being written (a slow batch does not idle the other threads); on this thread, one at a
 * time as each is taken. Each batch starts with the values `known` gives then.
 */
export function startSections(
  files: readonly IndexEntry[],
  root: string,
  runner: SectionRunner,
  known: () => KnownValues | undefined = () => undefined,
): SectionStream {
  const batches = batchesOf(files, runner.threads > 0 ? BATCH.threads : BATCH.here);
  const item = (i: number): SectionItem => {
    const e = files[i]!;
    return {
      path: e.path,
      file: projectFile(root, e),
      ...(e.target ? { target: e.target } : {}),
      ...(e.flag ? { flag: e.flag } : {}),
      ...(e.targetHidden ? { targetHidden: e.targetHidden } : {}),
    };
  };
  const items = (b: [number, number]): SectionItem[] => {
    const out: SectionItem[] = [];
    for (let i = b[0]; i < b[1]; i++) out.push(item(i));
    return out;
  };
  const ahead = runner.threads * 4;
  const running = new Map<number, Promise<SectionBatch>>();
  let next = 0;
  let taken = 0;
  const fill = () => {
    while (next < batches.length && next - taken < ahead) {
      const k = next++;
      running.set(k, runner.run(items(batches[k]!), known()));
    }
  };
  fill();
  return {
    files,
    bounds: [...batches.map((b) => b[0]), files.length],
    item,
    take(k) {
      if (k >= next) {
        // On this thread (or behind the threads): start it now.
        next = k + 1;
        running.set(k, runner.run(items(batches[k]!), known()));
      }
      const batch = running.get(k)!;
      running.delete(k);
      taken = k + 1;
      fill();
      return batch;
    },
  };
}

/** Emits every file's section in order (each followed by the blank line that joins it to the next). */
export async function writeSections(stream: SectionStream, ctx: SectionsContext): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const omitted: Omitted[] = [];
  const counts: Array<Promise<void>> = [];
  const { files, bounds } = stream;
  for (let k = 0; k + 1 < bounds.length; k++) {
    const batch = await stream.take(k);
    const from = bounds[k]!;
    // The values the batch found itself (it looked for them in its later files).
    const found = new Set<string>();
    // Consecutive sections go out as one write.
    let runStart = -1;
    let runEnd = -1;
    let runTokens: Array<number | Promise<number>> = [];
    const flush = async () => {
      if (runStart < 0) return;
      await ctx.emit(batch.bytes.subarray(runStart, runEnd), sum(runTokens));
      runStart = -1;
      runTokens = [];
    };
    for (let i = 0; i < batch.results.length; i++) {
      const r = batch.results[i]!;
      const entry = files[from + i]!;
      if (r.kind === 'withheld') {
        omitted.push({
          kind: 'omitted',
          path: entry.path,
          reason: 'not-read',
          why: reasonPhrase(r.reason),
          steps: [],
        });
        continue;
      }
      let tokens: number | Promise<number>;
      let hash = r.hash;
      let lines: number;
      let masked: Record<string, number> = {};
      const since =
        r.kind === 'section' && ctx.settings.masking ? unseen(ctx.session, batch.knownChecked, found) : 0;
      if (r.kind === 'section' && since === 0) {
        if (runStart < 0) runStart = r.start;
        runEnd = r.end;
        ctx.section?.(from + i, batch.bytes.subarray(r.start, r.end));
        tokens = r.tokens ?? quiet(ctx.counter.countBytes(batch.bytes.subarray(r.start, r.end)));
        runTokens.push(tokens);
        lines = r.lines;
      } else {
        await flush();
        let c: FileContent | Withheld;
        if (r.kind === 'section') c = await again(stream.item(from + i), r.hash, ctx);
        else {
          for (const mark of r.prepared.marks) found.add(mark.identity);
          const m = maskedFrom(
            {
              kind: 'pending',
              path: entry.path,
              ...(entry.target ? { target: entry.target } : {}),
              hash: r.hash,
              prepared: r.prepared,
            },
            ctx.session,
          );
          c = m.kind === 'withheld' ? m : await finish(m, ctx);
        }
        if (c.kind === 'withheld') {
          omitted.push({
            kind: 'omitted',
            path: entry.path,
            reason: 'not-read',
            why: reasonPhrase(c.reason),
            steps: [],
          });
          continue;
        }
        const { head, body, tail } = fullSection(ctx.layout, c);
        const section = head + body + tail;
        tokens = quiet(ctx.counter.count(section));
        ctx.section?.(from + i, section);
        hash = r.hash;
        lines = c.range.total;
        masked = c.maskedByRule;
        await ctx.emit(section, tokens);
      }
      const included: Included = {
        kind: 'included',
        path: entry.path,
        level: 'full',
        requested: 'full',
        tokens: 0,
        steps: [],
        hash,
        lines,
        masked,
      };
      const known = (n: number) => {
        included.tokens = n;
        included.steps = [{ level: 'full', tokens: n, fits: true }];
      };
      if (typeof tokens === 'number') known(tokens);
      else counts.push(quiet(tokens.then(known)));
      outcomes.push(included);
    }
    await flush();
    ctx.counter.flush(); // the counting keeps pace with the reading
    if (ctx.counter.pending > IN_FLIGHT) await ctx.counter.below(IN_FLIGHT / 2);
  }
  await ctx.counter.below(1); // hands over the last texts
  await Promise.all(counts);
  return [...outcomes, ...omitted];
}

/** How many values the session learned after the batch's `checked` that the batch did not find itself. */
function unseen(session: MaskSession, checked: number, found: ReadonlySet<string>): number {
  let n = 0;
  for (const v of session.knownSince(checked).values) if (!found.has(v.identity)) n++;
  return n;
}

/** A file numbered here, at full detail. */
async function finish(m: Parameters<typeof finishFile>[0], ctx: SectionsContext): Promise<FileContent> {
  const c = await finishFile(m, { lineNumbers: ctx.settings.lineNumbers, count: false });
  if (c.kind !== 'content') throw new Error('a whole-file read found no content'); // no symbol asked
  return c;
}

/**
 * A file a batch laid out before the session learned values it may hold: read and masked again
 * here, with everything the session knows; it must still be the file the batch read.
 */
async function again(
  input: SectionItem,
  hash: string,
  ctx: SectionsContext,
): Promise<FileContent | Withheld> {
  const { settings } = ctx;
  const masker = maskHere(ctx.session, () => loadMaskRules(settings.rulesPath), settings.limits);
  const r = await processFile(
    input,
    { lineNumbers: settings.lineNumbers, count: false },
    { read: readBytesSync, masker },
  );
  if (r.kind === 'withheld') return r;
  if (r.kind !== 'content') throw new Error('a whole-file read found no content'); // no symbol asked
  if (r.hash !== hash)
    throw new LoupeError('unreadable', `${input.path} changed while it was being packed; pack again.`);
  return r;
}

/** A count awaited later: a failure is reported there, not as an unhandled rejection meanwhile. */
function quiet<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => {});
  return pending;
}

/** The sum of counts, some of them still to come. */
function sum(counts: Array<number | Promise<number>>): number | Promise<number> {
  if (counts.every((c) => typeof c === 'number')) return (counts as number[]).reduce((a, b) => a + b, 0);
  return quiet(Promise.all(counts).then((all) => all.reduce((a, b) => a + b, 0)));
}

/**
 * The sectioned pack, written section by section as the files are read (see the note at the top);
 * `counter` counts what the batches leave uncounted (on a thread of its own beside this one, or here).
 */
export function sectionedPack(
  ctx: DocContext,
  stream: SectionStream,
  sections: Omit<SectionsContext, 'emit' | 'layout' | 'counter'>,
  write: PartWriter,
  counter: TextCounter,
): Promise<PackReport> {
  return writeDocument(ctx, counter, write, (emit) =>
    writeSections(stream, { ...sections, layout: ctx.layout, counter, emit }),
  );
}

// packFocus: the focus (or given paths) as one document within a token budget. Order: a short
// header (root, revision, settings), the tree (at most a quarter of the budget), files by priority
// and the coverage footer (document.ts). packFocusTo decides which strategy writes the files and
// where its work runs; the strategies (strategy/) do the rest:
// - budgeted: a budget; the most that fits, in memory, measured whole;
// - sectioned: no budget, full detail, for a reader: batches of files read, masked, laid out and
//   counted on worker threads (large packs) or here, written as they come;
// - streamed: no budget otherwise (a detail level, an agent's data block, session references):
//   file by file through the content pipeline, written as they come.
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { checkOptions, documentContext } from './context';
import { localCounter, type TextCounter, threadCounter } from './counter';
import { type PackReport, type PartedResult, type PartWriter, partText } from './document';
import { RawCounts } from './raw-counts';
import { scopeOf } from './scope';
import { BATCH, FileSource } from './source';
import { budgetedPack, walkBudget } from './strategy/budgeted';
import type { SectionSettings } from './strategy/section-batch';
import { localRunner, poolRunner, sectionThreads, threadsCounter } from './strategy/section-runners';
import { type SectionStream, sectionedPack, startSections } from './strategy/sectioned';
import { streamedPack } from './strategy/streamed';
import type { PackOptions, PackResult } from './types';
import { packMemo, type ResultKey } from './warm';
import { PackMeter } from './watch';
import { mayHoldAll, tryWhole, type WholeTrial } from './whole-budget';

export { DATA_LABEL, type PackReport } from './document';

export interface PackDeps {
  /** Above this many bytes in scope, a full pack masks and counts on several threads. */
  largeBytes?: number;
  /** Threads that read and count a full pack (0: all on this thread); default by the project's size. */
  countThreads?: number;
  /** From this many bytes in scope (below `largeBytes`), a full pack counts on one thread beside this one. */
  besideBytes?: number;
  /** False: a budget that may hold the whole scope is walked all the same (whole-budget.ts; tests). */
  wholeFirst?: boolean;
  /** Told, after a trial of the whole ran, whether it answered the walk (tests). */
  onWhole?(answered: boolean): void;
}

/** Above this many bytes in scope, a full pack reads and counts on worker threads. */
export const LARGE_BYTES = 32 << 20;
/** From this many bytes in scope, a full pack counts beside the thread that reads and masks. */
export const BESIDE_BYTES = 1 << 20;

/** Bytes in scope (by the index): what decides where a full pack's work runs. */
function scopeBytes(files: readonly IndexEntry[]): number {
  return files.reduce((a, f) => a + f.size, 0);
}

/**
 * An entry as the scan saw it: without a flag the token count found by reading (a budgeted pack
 * reads such a file itself when its walk gets there, and says what it found).
 */
function scanFacts(entry: IndexEntry): IndexEntry {
  if (!entry.flagFromContent) return entry;
  const { flag: _flag, flagFromContent: _from, ...rest } = entry;
  return rest;
}

/** The focus (or given paths) packed into one document; see docs/packing.md. */
export async function packFocus(
  ws: Workspace,
  options: PackOptions = {},
  deps: PackDeps = {},
): Promise<PackResult> {
  const chunks: string[] = [];
  const done = await packFocusTo(
    ws,
    options,
    // Byte parts are whole sections: each decodes alone.
    (chunk) => void chunks.push(partText(chunk)),
    deps,
  );
  return { ...done, text: chunks.join('') };
}

/**
 * Like `packFocus`, but hands the document to `write` in order instead of returning it: a full
 * pack (no budget) of a large project is written as it is read and never held whole.
 */
export async function packFocusTo(
  ws: Workspace,
  options: PackOptions,
  write: PartWriter,
  deps: PackDeps = {},
): Promise<PackReport> {
  const checked = checkOptions(options);
  options.signal?.throwIfAborted();
  const { budget, detail } = checked;
  const scope = scopeOf(ws, options.paths, options.within);
  const session = options.session ?? new MaskSession();
  const lineNumbers = Boolean(options.lineNumbers);
  // A person's one-off export may turn masking off; everything else reads the workspace's pipeline.
  const content = ws.contentFor(options.masking ?? ws.content.masking);
  const encoding = ws.encoding;
  // A budget that may hold every file first runs the full-pack path, with a session of its own
  // (whole-budget.ts): only an agent's packs pass one, and those are wrapped.
  const whole =
    budget !== null &&
    deps.wholeFirst !== false &&
    detail === 'full' &&
    !lineNumbers &&
    !options.wrapData &&
    !options.alreadyReceived &&
    !options.session &&
    mayHoldAll(scope.files, budget);
  const trialSession = whole ? new MaskSession() : undefined;
  const bytes = budget === null || whole ? scopeBytes(scope.files) : 0;
  const large = bytes > (deps.largeBytes ?? LARGE_BYTES);
  const sectioned =
    whole || (budget === null && detail === 'full' && !options.wrapData && !options.alreadyReceived);
  // A sectioned pack runs on worker threads for a large project (started now, so they load the
  // rules and the encoding while the files are ranked), on this thread for a smaller one, from
  // BESIDE_BYTES with the counting (~40% of the work) on one thread beside it (docs/packing.md).
  const settings: SectionSettings = {
    format: checked.format,
    encoding,
    lineNumbers,
    masking: content.masking,
    ...(content.rulesPath ? { rulesPath: content.rulesPath } : {}),
    key: (trialSession ?? session).key,
  };
  const threads = deps.countThreads ?? (large ? sectionThreads() : 0);
  const beside =
    sectioned && threads === 0 && deps.countThreads !== 0 && bytes >= (deps.besideBytes ?? BESIDE_BYTES);
  const runner = sectioned
    ? threads > 0
      ? poolRunner(threads, settings)
      : localRunner({ ...settings, count: !beside })
    : undefined;
  const sectionCounter = runner?.countTexts
    ? threadsCounter({ countTexts: runner.countTexts })
    : sectioned
      ? beside
        ? threadCounter(encoding)
        : localCounter(encoding)
      : undefined;
  // The section threads start now, before the synchronous ranking and tree (measured on test262:
  // they used to start only after both, ~1 s of one core, and then still load the rules and the
  // encoding; docs/packing.md).
  await runner?.started;
  const meter = new PackMeter(options, scope.files.length);
  const memo = packMemo(ws);
  // A budgeted pack that depends on the workspace alone (the window's preview) is answered from
  // the last one made over the same facts, when every file it read is unchanged on disk (warm.ts).
  const alone = budget !== null && !options.session && !options.alreadyReceived && !options.wrapData;
  const key: ResultKey | undefined = alone
    ? {
        text: JSON.stringify([
          ws.root,
          checked,
          lineNumbers,
          content.masking,
          content.rulesPath ?? null,
          encoding,
          options.instructions ?? null,
          options.rootLabel ?? null,
          Boolean(options.hiddenCountsOnly),
          ws.focus.snapshot.revision,
          ws.hidden.length,
          [scope.kind, scope.everything, scope.outside, scope.unmatched ?? null, [...scope.explicit].sort()],
        ]),
        pipeline: content,
        hidden: ws.hidden,
      }
    : undefined;
  const kept = key && (memo.results.find(key, scope.files) as { result: PartedResult; read: IndexEntry[] });
  meter.start();
  // A stopped pack does not wait for counts nobody will read (the counting thread's backlog: ~250 ms
  // on a 16 MB project); the thread finishes them on its own and their answers are dropped.
  const release = (c: TextCounter) => (options.signal?.aborted ? undefined : c.close());
  if (kept) {
    meter.read(kept.read);
    meter.check(); // a Cancel sent on that progress stops this answer too
    const { parts, ...rest } = kept.result;
    for (const part of parts) await write(part);
    return rest;
  }
  // A budgeted pack's first batch is read on the mask pool: it starts (and loads its rules) while
  // the files are ranked and the tree is built.
  // (A trial of the whole reads on the section workers instead.)
  if (budget !== null && !whole) content.warmFor(Math.min(BATCH, scope.files.length));
  // The ranking and the tree are synchronous (on a cold 31k-file project ~80 ms each): around
  // them the event loop turns, so a Cancel sent on the first progress stops the pack there.
  await meter.turn();
  // Ranked by what the index knows without reading (paths and sizes); a budgeted pack then reads
  // only the files its walk tries, and never waits for the background token count (raw-counts.ts).
  // What an earlier pack of this workspace already worked out is taken from its memo (warm.ts).
  const ranked = memo.ranked(scope.files, scope.explicit);
  const files = budget === null ? ranked : ranked.map(scanFacts);
  await meter.turn();
  // The first batches are read while the tree is built.
  const stream = runner
    ? metered(
        meter,
        startSections(files, ws.root, runner, () => (trialSession ?? session).known()),
      )
    : undefined;
  // The first batches go out to the section threads before the tree is built here.
  if (runner?.started) await Promise.resolve();
  const count = memo.counter((text) => countTokens(text, encoding), encoding);
  // Otherwise a full pack of a large project masks on worker threads; a small one here (one file
  // per read keeps the pipeline's masking on this thread).
  const source = new FileSource(content, files, session, {
    lineNumbers,
    encoding,
    // After a trial of the whole (which told the meter of its reads), only the signal.
    meter: whole ? new PackMeter(options.signal ? { signal: options.signal } : {}, files.length) : meter,
    count,
    compress: memo.compress,
    ...(budget === null ? { batch: large ? 64 : 1 } : {}),
  });
  const ctx = documentContext(ws, options, scope, {
    ...checked,
    encoding,
    masking: content.masking,
    lineNumbers,
    count,
    memo,
  });
  // (Once a sectioned pack's stream is reading, the stream stops it and closes its threads.)
  if (!stream) await meter.turn();
  const received = options.alreadyReceived ? { alreadyReceived: options.alreadyReceived } : {};
  let trial: WholeTrial | undefined;
  if (stream && budget !== null)
    try {
      trial = await tryWhole(
        ctx,
        stream,
        { settings, session: trialSession!, counter: sectionCounter! },
        budget,
        ctx.treeTokens,
      );
    } finally {
      await release(sectionCounter!);
    }
  else if (stream)
    try {
      return await sectionedPack(ctx, stream, { settings, session }, write, sectionCounter!);
    } finally {
      await release(sectionCounter!);
    }
  if (budget === null) {
    // A large pack counts on one thread of its own (started before the first file is read, so it
    // loads the encoding meanwhile): a second thread costs its own copy of the encoding and a cold
    // memo, and measured more CPU than it saved. A small pack counts here: a thread would cost more
    // memory (~30 MB) than it saves time.
    const threads = deps.countThreads ?? (large ? 1 : 0);
    const c = options.wrapData || threads === 0 ? localCounter(encoding) : threadCounter(encoding);
    try {
      return await streamedPack(
        ctx,
        files,
        { layout: ctx.layout, source, requested: detail, ...received },
        write,
        c,
      );
    } finally {
      await release(c);
    }
  }
  const raw = new RawCounts(ws.root, files, encoding, source);
  const walk = {
    layout: ctx.layout,
    count,
    source,
    raw,
    requested: detail,
    lineNumbers,
    ...received,
    // Checked between files too (the meter checks between batches of reads).
    ...(options.signal ? { signal: options.signal } : {}),
  };
  // The trial answers the walk until a walk of its own is needed; after that, every walk reads.
  let replay = trial;
  const walkFn = async (avail: number) => {
    const w = replay?.walk(avail, raw);
    if (w) return w;
    replay = undefined;
    return walkBudget(files, avail, walk);
  };
  const result = await budgetedPack(
    ctx,
    files,
    walk,
    budget,
    ctx.treeTokens,
    walkFn,
    trial && ((avail) => trial.walk(avail, raw)),
  );
  // The compressions made are on disk before the answer, so the next process finds them.
  await memo.stored();
  if (whole) deps.onWhole?.(replay !== undefined);
  if (key) {
    // Files flagged by the scan are answered from their flag, never read; a trial that answered
    // read every other file.
    const read = replay
      ? files.filter((e) => !e.flag)
      : [...new Set([...files.slice(0, source.requested), ...raw.counted()].filter((e) => !e.flag))];
    memo.results.keep(key, scope.files, read, ws.root, result);
  }
  // Written in parts (a trial's sections as the bytes they came in: document.ts).
  const { parts, ...rest } = result;
  for (const part of parts) await write(part);
  return rest;
}

/** The stream, checked before each batch is taken and counted as each arrives. */
function metered(meter: PackMeter, s: SectionStream): SectionStream {
  return {
    files: s.files,
    bounds: s.bounds,
    item: (i) => s.item(i),
    take: async (k) => {
      // Batches masked on this thread resolve at once: without a turn, a Cancel would wait for the end.
      await meter.turn();
      const batch = await s.take(k);
      meter.read(s.files.slice(s.bounds[k], s.bounds[k + 1]));
      return batch;
    },
  };
}

// The streamed search: when the index is not warm (a one-shot `loupe search`, the first MCP search
// while the index builds), the files in scope are streamed through worker threads (one per core,
// as ripgrep does) instead of being indexed first. Each worker reads a file through the content
// pipeline's safe open and classify stage and looks in its bytes for the needle; only files that
// hold it are masked, and of those only the ones that still match come back (stream-worker.ts).
// Here they are numbered in input order (path order) and become index entries of this search
// alone, and the usual passes rank them: the same answer as the warm index gives.
//
// Why a file without the needle needs no masking: masking only replaces values by placeholders.
// A match in the masked text either lies in the file's own text (then the bytes hold it), or it
// overlaps a placeholder's visible part `LOUPE_REDACTED[rule` (the rest, `#…]`, is never matched).
// `needleFor` finds the shortest prefix of the query such a match leaves in the file's own text;
// a query inside the visible part itself (`REDACTED`, `api-key`) has none, and every file is masked.
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import type { ContentPipeline } from '../content/pipeline';
import { withheldByMasking } from '../content/withheld';
import { assembleMask, rememberMarks } from '../mask/mask';
import { groups } from '../mask/pool';
import type { FileStat } from '../scan/stat';
import { locateWorker } from '../workers/locate';
import type { IndexEntry } from '../workspace/file-index';
import type { Matcher } from './found';
import { ANY_GRAMS } from './grams';
import { UNMATCHED } from './passes';
import type { IndexMaskSession } from './placeholders';
import { requiredLiteral } from './regex';
import { contentEntry, type PathRecord, SLAB_FROM } from './search-index';
import { plainUint32, slabUint32, type Uint32Alloc } from './slabs';
import type { StreamItem, StreamReply, StreamSpec, StreamTask } from './stream-worker';
import { fold } from './text';

export { needleFor } from './needle';
export type { StreamSpec } from './stream-worker';

/**
 * The worker's part of a search: the literal every match holds and the regular expression. The
 * worker derives the needle (`needleFor`) from the rules it loads anyway.
 */
export function streamSpec(query: string, matcher: Matcher): StreamSpec {
  const cs = matcher.caseSensitive;
  // A qualified query (`Cart.total`) also finds files that declare its last segment.
  const written = matcher.regex ? requiredLiteral(query) : (matcher.qualified?.probe ?? query);
  const literal = written === undefined ? undefined : cs ? written : fold(written);
  return {
    ...(literal ? { literal } : {}),
    caseSensitive: cs,
    ...(matcher.regex ? { pattern: { source: query, flags: cs ? 'gm' : 'gim' } } : {}),
  };
}

let pool: Promise<Piscina> | undefined;
/**
 * An idle stream worker ends after this long. Streaming is for a cold search (the next one finds
 * the index), so kept workers only held a closed project's reading in memory: ~120 MiB of RSS on
 * test262 while a host went on with a small project. Timing only: a later stream starts workers.
 */
export const STREAM_IDLE_MS = 2000;

/** The process-wide stream workers, up to one per core (idle workers do not keep the process alive). */
function streamPool(): Promise<Piscina> {
  pool ??= import('piscina').then(({ Piscina }) => {
    const threads = Math.max(1, availableParallelism());
    const entry = locateWorker('search-stream');
    return new Piscina({
      filename: entry.url,
      execArgv: entry.execArgv,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: STREAM_IDLE_MS,
    });
  });
  return pool;
}

/** How many stream workers are alive now (for tests: idle ones end after `STREAM_IDLE_MS`). */
export async function streamWorkersAlive(): Promise<number> {
  return pool ? (await pool).threads.length : 0;
}

/**
 * Starts the stream workers and has each load the masking rules, so a one-shot search that is
 * about to scan a project finds them ready. Failures are left to the search itself.
 */
export function startStreamWorkers(rulesPath?: string): void {
  void streamPool()
    .then((p) =>
      Promise.all(
        Array.from({ length: p.options.maxThreads }, () =>
          p.run({
            files: [],
            spec: { caseSensitive: true },
            masking: true,
            key: new Uint8Array(32),
            ...(rulesPath ? { rulesPath } : {}),
          } satisfies StreamTask),
        ),
      ),
    )
    .catch(() => {});
}

/**
 * One task; a worker that fails (a crash, an error) withholds every file of it. None is timed:
 * masking's bounds are counts, so which files are withheld never depends on the load.
 */
async function run(task: StreamTask): Promise<StreamReply> {
  const withheld = (why: string): StreamReply => ({
    at: task.files.map((_, i) => i),
    items: task.files.map((f) => withheldByMasking(f.path, why)),
    reached: task.files.length,
  });
  try {
    const p = await streamPool();
    return await (p.run(task) as Promise<StreamReply>);
  } catch {
    return withheld('masking failed in a worker; the file was withheld');
  }
}

/**
 * Files per task: most files answer "no match" at the cost of a read, so a task carries many
 * (each task is two messages between threads), and a byte bound keeps one task's masking short.
 */
const BATCH = { count: 256, bytes: 1024 * 1024 };

export interface StreamOptions {
  /** Stops the search: no task starts after it aborts; the call rejects with its reason once the running ones end. */
  signal?: AbortSignal;
  /** Files answered so far, of all (after each task). */
  onProgress?: (done: number, total: number) => void;
  /** The files of each task that may match, as its reply comes (grammars can load meanwhile). */
  onFound?: (paths: string[]) => void;
  /** The files were not stat-ed by the scan: the workers judge each (stream-worker.ts `judge`). */
  judge?: { maxBytes: number };
}

/** The records of a streamed search, and with `judge` each file's stat as the workers found it. */
export interface Streamed {
  records: PathRecord[];
  stats?: FileStat[];
}

/** A batch's replies as one; a file of a task that failed has no stat. */
type BatchReply = Omit<StreamReply, 'stats'> & { stats?: Array<FileStat | undefined> };

/**
 * One batch's reply, sent as tasks of at most `BATCH.bytes` read each (the worker says how far it
 * got; the rest goes again) until all of it is answered or the search is stopped.
 */
async function batchReply(
  files: StreamTask['files'],
  common: Omit<StreamTask, 'files'>,
  options: StreamOptions,
  answered: (count: number) => void,
): Promise<BatchReply> {
  const whole: BatchReply = { at: [], items: [], reached: 0, ...(common.judge ? { stats: [] } : {}) };
  while (whole.reached < files.length && !options.signal?.aborted) {
    const from = whole.reached;
    const reply = await run({ files: files.slice(from), ...common, bytes: BATCH.bytes });
    // A reply that answered nothing would send the same task forever: take it as all of them.
    const reached = reply.reached > 0 ? reply.reached : files.length - from;
    for (const a of reply.at) whole.at.push(from + a);
    whole.items.push(...reply.items);
    if (whole.stats) whole.stats.push(...(reply.stats ?? new Array<undefined>(reached)));
    whole.reached += reached;
    answered(reached);
  }
  return whole;
}

/**
 * The tasks' replies in input order. At most a few tasks per worker are out at a time, each about
 * `BATCH.bytes` of reading, so a stop waits only for those; replies are taken in as they come.
 */
async function replies(
  batches: ReadonlyArray<StreamTask['files']>,
  common: Omit<StreamTask, 'files'>,
  options: StreamOptions,
): Promise<BatchReply[]> {
  const { signal, onProgress, onFound } = options;
  const out: BatchReply[] = new Array(batches.length);
  const total = batches.reduce((n, b) => n + b.length, 0);
  let next = 0;
  let done = 0;
  const lane = async (): Promise<void> => {
    while (next < batches.length && !signal?.aborted) {
      const k = next++;
      const reply = await batchReply(batches[k]!, common, options, (n) => {
        done += n;
        onProgress?.(done, total);
      });
      out[k] = reply;
      if (onFound && reply.items.length)
        onFound(reply.items.flatMap((r) => (r.kind === 'withheld' ? [] : [r.path])));
    }
  };
  const lanes = 2 * Math.max(1, availableParallelism());
  await Promise.all(Array.from({ length: Math.min(lanes, batches.length) }, lane));
  signal?.throwIfAborted();
  return out;
}

/**
 * The records of `files` for one search, in order: an entry for each file that may match (masked,
 * numbered in `session` in input order), UNMATCHED for the rest, or why a file was not read.
 */
export async function streamRecords(
  content: ContentPipeline,
  files: readonly IndexEntry[],
  spec: StreamSpec,
  session: IndexMaskSession,
  options: StreamOptions = {},
): Promise<Streamed> {
  options.signal?.throwIfAborted();
  const { judge } = options;
  const inputs = files.map((f) => ({ ...content.input(f), ...(judge ? {} : { size: f.size }) }));
  const common = {
    spec,
    masking: content.masking,
    key: session.key,
    known: session.known(),
    ...(content.rulesPath ? { rulesPath: content.rulesPath } : {}),
    ...(judge ? { judge } : {}),
  };
  // Unknown sizes batch as small files (most are): the count bound then sizes the tasks.
  const batches = groups(inputs, (f) => f.size ?? (judge ? 4096 : 16 * 1024), BATCH);
  const answered: Array<{ at: number; item: StreamItem }> = [];
  const stats: FileStat[] | undefined = judge ? new Array(files.length) : undefined;
  let start = 0;
  for (const [k, reply] of (await replies(batches, common, options)).entries()) {
    for (let j = 0; j < reply.at.length; j++)
      answered.push({ at: start + reply.at[j]!, item: reply.items[j]! });
    // A task that failed has no stats: its files stand as the scan left them (all withheld).
    if (stats)
      for (let j = 0; j < batches[k]!.length; j++) {
        const f = files[start + j]!;
        stats[start + j] = reply.stats?.[j] ?? { size: f.size, mtimeMs: f.mtimeMs };
      }
    start += batches[k]!.length;
  }
  // As the mask pool does: files read together learn each other's values before any is numbered.
  for (const { item } of answered) if (item.kind === 'pending') rememberMarks(item.prepared, session);
  const records: PathRecord[] = new Array(files.length).fill(UNMATCHED);
  // Many found files (a common word): their arrays cut from slabs, as a bulk index build's are
  // (slabs.ts): tens of thousands of small mallocs left glibc's heap in holes after the search.
  const alloc = answered.length >= SLAB_FROM ? slabUint32() : plainUint32;
  for (const { at, item } of answered) records[at] = recordOf(files[at]!, item, session, alloc, stats?.[at]);
  return { records, ...(stats ? { stats } : {}) };
}

/** The record of a file the worker named: why it was withheld, or its masked text as an entry. */
function recordOf(
  f: IndexEntry,
  r: StreamItem,
  session: IndexMaskSession,
  alloc: Uint32Alloc,
  st?: FileStat,
): PathRecord {
  const record: PathRecord = {
    path: f.path,
    size: (st ?? f).size,
    mtimeMs: (st ?? f).mtimeMs,
    hash: undefined,
    entry: undefined,
    withheld: undefined,
    role: undefined,
    base: undefined,
  };
  if (r.kind === 'withheld') {
    record.withheld = r.reason;
    return record;
  }
  record.hash = r.hash;
  let text = r.kind === 'plain' ? r.text : undefined;
  if (r.kind === 'pending') {
    const m = assembleMask(r.prepared, session);
    if (m.withheld !== undefined) {
      record.withheld = withheldByMasking(f.path, m.withheld).reason;
      return record;
    }
    text = m.text;
  }
  const privateSpans = session.privateSpans(text!);
  record.entry = contentEntry(text!, r.hash, privateSpans, -1, alloc, undefined, ANY_GRAMS);
  return record;
}

// Bulk masking on worker threads, an executor of the content pipeline's mask stage (and, for
// files, of its read and classify stages too: worker.ts). Workers scan; this thread numbers values
// in the caller's session and builds the text, so placeholders are stable across workers and
// values never cross a thread boundary. A task that fails withholds its files; none is timed (the
// scan's bounds are counts, so an answer never depends on the machine's load).
//
// Worker threads live as long as a handle is open: pools of one size are shared by every open
// handle (each project's content pipeline holds one) and never shrink while held. Keeping them is
// for speed: a new worker loads and compiles the rule set before its first task
// (docs/decisions.md). When the last handle closes (the project closed), the pool ends, and with
// it the heaps its workers grew: the next project starts fresh workers (re2 1.24 survives that,
// workers/re2-threads.test.ts).
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import type { MaskedText } from '../content/mask-stage';
import { maskedFrom } from '../content/maskers';
import type { FileInput } from '../content/read';
import { type Withheld, withheldByMasking } from '../content/withheld';
import { LoupeError } from '../errors';
import { endPool } from '../workers/end-pool';
import { locateWorker } from '../workers/locate';
import { assembleMany, assembleMask, type MaskResult, type PreparedMask, rememberMarks } from './mask';
import { loadMaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits } from './scan';
import type { MaskSession } from './session';
import type { MaskItem, MaskTask, ReadItem } from './worker';

export interface MaskPoolOptions {
  rulesPath?: string;
  /** Default: half the cores, at least 1 (masking shares the machine with tokenizing). Pools of one size share their threads. */
  maxThreads?: number;
  limits?: Partial<MaskLimits>;
}

export interface MaskPool {
  /** Masks text held by the caller. `path` is relative to the project root. */
  maskText(text: string, path: string, session: MaskSession): Promise<MaskResult>;
  /**
   * Masks many inputs in parallel and numbers them in input order, so the same inputs give the
   * same placeholders run after run (exports want that).
   */
  maskMany(items: ReadonlyArray<MaskInput>, session: MaskSession): Promise<MaskResult[]>;
  /**
   * Reads, classifies and masks files inside the workers (the content pipeline's first stages),
   * numbered here in input order; `size` (bytes, when known) sizes the batches.
   */
  readMasked(
    files: ReadonlyArray<FileInput & { size?: number }>,
    session: MaskSession,
  ): Promise<Array<MaskedText | Withheld>>;
  /** Has a worker load the rules now, so the first batch does not wait for them (a pack warms it while it ranks). */
  warm(): Promise<void>;
  /** Ends this handle; the shared worker threads end with the last open handle (see the note at the top). */
  close(): Promise<void>;
}

export interface MaskInput {
  path: string;
  text: string;
}

export async function createMaskPool(options: MaskPoolOptions = {}): Promise<MaskPool> {
  // Load here first: a wrong or missing rule file is one clear error, not a withheld file per task.
  const rules = await loadMaskRules(options.rulesPath);
  const limits: MaskLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const shared = holdPool(options.maxThreads ?? Math.max(1, Math.floor(availableParallelism() / 2)));
  const pool = await shared.pool;
  let closed = false;
  /** Runs one task in a worker; a failure (a crash, an error) withholds every file of the batch. */
  const run = async <T>(task: MaskTask, withheld: (reason: string) => T[]): Promise<T[]> => {
    if (closed) throw new LoupeError('invalid-argument', 'This mask pool was closed; create a new one.');
    return (pool.run(task) as Promise<T[]>).catch(() =>
      withheld('masking failed in a worker; the file was withheld'),
    );
  };
  // Each task carries the session's known values when it is sent (masked wherever they occur).
  const common = (session: MaskSession) => ({
    key: session.key,
    rulesPath: rules.file,
    limits,
    known: session.known(),
  });
  const prepare = (items: MaskItem[], session: MaskSession): Promise<PreparedMask[]> =>
    run<PreparedMask>({ items, ...common(session) }, (reason) =>
      items.map(() => ({ pieces: [], marks: [], withheld: reason })),
    );
  const readFiles = (files: FileInput[], session: MaskSession): Promise<ReadItem[]> =>
    run<ReadItem>({ files, ...common(session) }, (reason) =>
      files.map((f) => withheldByMasking(f.path, reason)),
    );
  return {
    maskText: async (text, path, session) =>
      assembleMask((await prepare([{ text, path }], session))[0]!, session),
    maskMany: async (items, session) => {
      const prepared = (await Promise.all(batches(items).map((b) => prepare(b, session)))).flat();
      return assembleMany(prepared, session);
    },
    readMasked: async (files, session) => {
      const read = (await Promise.all(fileBatches(files).map((b) => readFiles(b, session)))).flat();
      // As maskMany: files read together learn each other's values before any is numbered.
      for (const r of read) if (r.kind === 'pending') rememberMarks(r.prepared, session);
      return read.map((r) => (r.kind === 'pending' ? maskedFrom(r, session) : r));
    },
    warm: async () => {
      // A task of no texts: the worker loads (and compiles) the rules, and masks nothing.
      await run<PreparedMask>(
        { items: [], key: new Uint8Array(32), rulesPath: rules.file, limits },
        () => [],
      );
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await shared.release();
    },
  };
}

interface SharedPool {
  pool: Promise<Piscina>;
  holders: number;
}

const pools = new Map<number, SharedPool>();

/**
 * A hold on the process-wide pool of `threads` workers (see the note at the top), made when no
 * handle holds one. Idle workers do not keep the process alive. piscina itself loads with the
 * first pool (see tokens/service.ts).
 */
function holdPool(threads: number): { pool: Promise<Piscina>; release(): Promise<void> } {
  let shared = pools.get(threads);
  if (!shared) {
    const pool = import('piscina').then(({ Piscina }) => {
      const entry = locateWorker('mask');
      return new Piscina({
        filename: entry.url,
        execArgv: entry.execArgv,
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: Number.POSITIVE_INFINITY,
      });
    });
    shared = { pool, holders: 0 };
    pools.set(threads, shared);
  }
  const held = shared;
  held.holders++;
  return {
    pool: held.pool,
    release: async () => {
      if (--held.holders > 0) return;
      if (pools.get(threads) === held) pools.delete(threads);
      // No handle is left to want a result: the threads and their heaps go, once the tasks still
      // running have answered (a read-ahead batch of a pack that is done; pool-close.test.ts).
      await endPool(held.pool);
    },
  };
}

/** Consecutive items grouped up to ~256 KB of text or 64 files (by default), so small files share a message (search/stream.ts uses larger groups). */
export function groups<T>(
  items: ReadonlyArray<T>,
  weight: (item: T) => number,
  limit: { bytes: number; count: number } = { bytes: 256 * 1024, count: 64 },
): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const w = weight(item);
    if (current.length > 0 && (size + w > limit.bytes || current.length >= limit.count)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += w;
  }
  if (current.length) out.push(current);
  return out;
}

const batches = (items: ReadonlyArray<MaskInput>): MaskItem[][] => groups(items, (i) => i.text.length);

const fileBatches = (files: ReadonlyArray<FileInput & { size?: number }>): FileInput[][] =>
  groups(files, (f) => f.size ?? 16 * 1024).map((b) =>
    // The size only sizes the batches: the rest of the input goes to the worker as it is.
    b.map(({ size: _size, ...input }) => input),
  );

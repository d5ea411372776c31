// Bulk masking on worker threads. Workers scan; this thread numbers values in the caller's
// session and builds the text, so placeholders are stable across workers and values never
// cross a thread boundary. A task that fails or runs past its time withholds its file.
//
// Worker threads live as long as the process: pools of one size are shared, never shrink, and a
// late task is abandoned (its result dropped) rather than its worker terminated. This began as a
// workaround for re2 1.23, which aborted the process when a thread loaded it after another thread
// that had loaded it exited (uhop/node-re2#235, fixed in 1.24.0). The pinned 1.24.1 does not
// (workers/re2-threads.test.ts), so it is no longer needed for safety; it stays for speed, since a
// new worker loads and compiles the rule set before its first task (docs/decisions.md).
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { LoupeError } from '../errors';
import { locateWorker } from '../workers/locate';
import { assembleMany, assembleMask, type MaskResult, type PreparedMask } from './mask';
import { loadMaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits } from './scan';
import type { MaskSession } from './session';
import type { MaskItem, MaskTask } from './worker';

export interface MaskPoolOptions {
  rulesPath?: string;
  /** Default: half the cores, at least 1 (masking shares the machine with tokenizing). Pools of one size share their threads. */
  maxThreads?: number;
  limits?: Partial<MaskLimits>;
}

export interface MaskPool {
  /** Masks text held by the caller. `path` is relative to the project root. */
  maskText(text: string, path: string, session: MaskSession): Promise<MaskResult>;
  /** Reads and masks a file inside a worker; binary and oversized files are withheld. */
  maskFile(file: string, path: string, session: MaskSession): Promise<MaskResult>;
  /**
   * Masks many inputs in parallel and numbers them in input order, so the same inputs give the
   * same placeholders run after run (exports want that).
   */
  maskMany(items: ReadonlyArray<MaskInput>, session: MaskSession): Promise<MaskResult[]>;
  /** Ends this handle; the shared worker threads stay for the process (see the note at the top). */
  close(): Promise<void>;
}

export type MaskInput =
  | { path: string; text: string; file?: undefined }
  | { path: string; file: string; text?: undefined };

export async function createMaskPool(options: MaskPoolOptions = {}): Promise<MaskPool> {
  // Load here first: a wrong or missing rule file is one clear error, not a withheld file per task.
  const rules = await loadMaskRules(options.rulesPath);
  const limits: MaskLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const pool = await sharedPool(options.maxThreads ?? Math.max(1, Math.floor(availableParallelism() / 2)));
  let closed = false;
  /** Runs one batch in a worker; any failure or overrun withholds every file of the batch. */
  const prepare = async (items: MaskItem[], session: MaskSession): Promise<PreparedMask[]> => {
    if (closed) throw new LoupeError('invalid-argument', 'This mask pool was closed; create a new one.');
    const withheld = (reason: string) => items.map(() => ({ pieces: [], marks: [], withheld: reason }));
    let timer: NodeJS.Timeout | undefined;
    // The worker checks the time limit per file itself; this catches a worker that cannot.
    const late = new Promise<PreparedMask[]>((resolve) => {
      timer = setTimeout(
        () => resolve(withheld('masking did not finish in time; the file was withheld')),
        limits.timeLimitMs * items.length + 15_000,
      );
    });
    const task: MaskTask = { items, key: session.key, rulesPath: rules.file, limits, known: session.known() };
    const done = (pool.run(task) as Promise<PreparedMask[]>).catch(() =>
      withheld('masking failed in a worker; the file was withheld'),
    );
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    maskText: async (text, path, session) =>
      assembleMask((await prepare([{ text, path }], session))[0]!, session),
    maskFile: async (file, path, session) =>
      assembleMask((await prepare([{ file, path }], session))[0]!, session),
    maskMany: async (items, session) => {
      const prepared = (await Promise.all(batches(items).map((b) => prepare(b, session)))).flat();
      return assembleMany(prepared, session);
    },
    close: async () => {
      closed = true;
    },
  };
}

const pools = new Map<number, Promise<Piscina>>();

/**
 * The process-wide pool of `threads` workers (see the note at the top). Idle workers do not keep
 * the process alive. piscina itself loads with the first pool (see tokens/service.ts).
 */
function sharedPool(threads: number): Promise<Piscina> {
  let pool = pools.get(threads);
  if (!pool) {
    pool = import('piscina').then(({ Piscina }) => {
      const entry = locateWorker('mask');
      return new Piscina({
        filename: entry.url,
        execArgv: entry.execArgv,
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: Number.POSITIVE_INFINITY,
      });
    });
    pools.set(threads, pool);
  }
  return pool;
}

/** Consecutive items grouped up to ~256 KB of text or 64 files, so small files share a message. */
function batches(items: ReadonlyArray<MaskInput>): MaskItem[][] {
  const out: MaskItem[][] = [];
  let current: MaskItem[] = [];
  let size = 0;
  for (const item of items) {
    const weight = item.text?.length ?? 16 * 1024;
    if (current.length > 0 && (size + weight > 256 * 1024 || current.length >= 64)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += weight;
  }
  if (current.length) out.push(current);
  return out;
}

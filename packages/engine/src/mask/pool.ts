// Bulk masking on worker threads. Workers scan; this thread numbers values in the caller's
// session and builds the text, so placeholders are stable across workers and values never
// cross a thread boundary. A task that fails or runs past its time withholds its file.
import { Piscina } from 'piscina';
import { locateWorker } from '../workers/locate';
import { assembleMask, type MaskResult, type PreparedMask } from './mask';
import { loadMaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits } from './scan';
import type { MaskSession } from './session';
import type { MaskTask } from './worker';

export interface MaskPoolOptions {
  rulesPath?: string;
  /** Default: half the cores, at least 1 (masking shares the machine with tokenizing). */
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
  close(): Promise<void>;
}

export type MaskInput = { path: string; text: string; file?: undefined } | { path: string; file: string; text?: undefined };

export async function createMaskPool(options: MaskPoolOptions = {}): Promise<MaskPool> {
  // Load here first: a wrong or missing rule file is one clear error, not a withheld file per task.
  const rules = await loadMaskRules(options.rulesPath);
  const limits: MaskLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const entry = locateWorker('mask');
  const { availableParallelism } = await import('node:os');
  const pool = new Piscina({
    filename: entry.url,
    execArgv: entry.execArgv,
    maxThreads: options.maxThreads ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    minThreads: 0,
    idleTimeout: 10_000,
  });
  const prepare = async (task: MaskInput, session: MaskSession): Promise<PreparedMask> => {
    const abort = new AbortController();
    // The worker checks the time limit itself; this catches a worker that cannot.
    const timer = setTimeout(() => abort.abort(), limits.timeLimitMs + 15_000);
    try {
      return await pool.run({ ...task, key: session.key, rulesPath: rules.file, limits } satisfies MaskTask, {
        signal: abort.signal,
      });
    } catch {
      return {
        pieces: [],
        marks: [],
        withheld: abort.signal.aborted
          ? 'masking did not finish in time; the file was withheld'
          : 'masking failed in a worker; the file was withheld',
      };
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    maskText: async (text, path, session) => assembleMask(await prepare({ text, path }, session), session),
    maskFile: async (file, path, session) => assembleMask(await prepare({ file, path }, session), session),
    maskMany: async (items, session) => {
      const prepared = await Promise.all(items.map((item) => prepare(item, session)));
      return prepared.map((p) => assembleMask(p, session));
    },
    close: () => pool.destroy(),
  };
}

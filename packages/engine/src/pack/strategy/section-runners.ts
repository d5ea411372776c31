// Where a sectioned pack's batches run (strategy/sectioned.ts takes them in order): on this
// thread for a smaller pack, or on a process-wide pool of worker threads for a large one (a batch
// that fails there is done here instead, so a worker's trouble never changes the document), and a
// counter that counts on those same threads, queued behind the batches.
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { LoupeError } from '../../errors';
import type { KnownValues } from '../../mask/session';
import { countTokens, decodeText } from '../../tokens/count';
import { locateWorker } from '../../workers/locate';
import { itemText } from '../count-items';
import type { TextCounter } from '../counter';
import { type SectionBatch, type SectionItem, type SectionSettings, sectionBatch } from './section-batch';
import type { CountTextsTask, SectionTask } from './section-worker';

/** Runs batches: on worker threads (`threads` > 0) or on this thread. */
export interface SectionRunner {
  readonly threads: number;
  /** `known`: the session's known values as the batch starts. */
  run(items: SectionItem[], known?: KnownValues): Promise<SectionBatch>;
  /** Batches done on worker threads, and on this thread (by choice, or after a worker failed). */
  readonly done: { workers: number; here: number };
  /**
   * Settles once the worker threads are asked for (their pool is loaded by `import()`): until the
   * caller awaits it, synchronous work on this thread (ranking, the tree) keeps them from starting.
   */
  readonly started?: Promise<void>;
  /** Counts texts where the batches are counted (the threads' loaded encodings), or here. */
  countTexts?(texts: string[]): Promise<number[]>;
}

/** Worker threads for a large full pack: one per core, at most 4. */
export function sectionThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

export function localRunner(settings: SectionSettings): SectionRunner {
  const done = { workers: 0, here: 0 };
  return {
    threads: 0,
    done,
    run: (items, known) => {
      done.here++;
      return sectionBatch(items, settings, known);
    },
  };
}

/** What runs a section task on a worker thread. */
export interface SectionPool {
  run(task: SectionTask | CountTextsTask): Promise<unknown>;
}

const pools = new Map<number, Promise<Piscina>>();

/**
 * The process-wide pool of `threads` section workers, started at once (each loads the rules and
 * the encoding while this thread ranks files). Idle workers end after a few seconds (`minThreads`
 * 0: piscina never ends idle workers below it, so a pool that kept `threads` held the heaps a big
 * project's pack grew for the life of the process) and never keep the process alive.
 */
function sectionPool(threads: number, settings: SectionSettings): Promise<SectionPool> {
  let pool = pools.get(threads);
  if (!pool) {
    pool = import('piscina').then(({ Piscina }) => {
      const entry = locateWorker('pack-sections');
      const p = new Piscina({
        filename: entry.url,
        execArgv: entry.execArgv,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: 5000,
        // Texts pass through: 16 MB of young generation measured ~1 s less CPU than 4 MB on 86 MB of
        // files (fewer texts promoted), for ~35 MB more peak memory.
        resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 512 },
      });
      for (let i = 0; i < threads; i++)
        void p.run({ items: [], settings } satisfies SectionTask).catch(() => {});
      return p;
    });
    pools.set(threads, pool);
  }
  return pool;
}

/** Batches on `threads` worker threads; a batch that fails there is done on this thread. */
export function poolRunner(
  threads: number,
  settings: SectionSettings,
  deps: { pool: (threads: number, settings: SectionSettings) => Promise<SectionPool> } = {
    pool: sectionPool,
  },
): SectionRunner {
  const pool = deps.pool(threads, settings);
  const done = { workers: 0, here: 0 };
  return {
    threads,
    done,
    started: pool.then(
      () => {},
      () => {}, // a pool that cannot start: each batch is done here (`run`)
    ),
    run: async (items, known) => {
      try {
        const batch = (await (
          await pool
        ).run({ items, settings, ...(known ? { known } : {}) })) as SectionBatch;
        done.workers++;
        return batch;
      } catch {
        done.here++;
        return sectionBatch(items, settings, known);
      }
    },
    countTexts: async (texts) => {
      try {
        return (await (await pool).run({ texts, settings })) as number[];
      } catch {
        return texts.map((t) => countTokens(t, settings.encoding));
      }
    },
  };
}

/**
 * Counts on the section threads, queued behind the batches sent before: this thread then never
 * loads the encoding for the tree, the header and the footer (measured on test262: ~0.4 s of this
 * thread before the first section was written, the tree counted twice; docs/packing.md).
 */
export function threadsCounter(runner: Required<Pick<SectionRunner, 'countTexts'>>): TextCounter {
  let pending = 0;
  const out = new Set<Promise<unknown>>();
  const count = (text: string) => {
    pending += text.length;
    const p = runner.countTexts([text]).then((c) => c[0]!);
    const tracked = p.finally(() => {
      pending -= text.length;
      out.delete(tracked);
    });
    tracked.catch(() => {});
    out.add(tracked);
    return p;
  };
  const below = async (limit: number) => {
    while (pending >= limit && out.size) await Promise.allSettled([...out]);
  };
  return {
    local: false,
    count,
    countBytes: (bytes) => count(decodeText(bytes)),
    countFile: async ({ size: _size, ...item }) => {
      const text = itemText(item);
      if (text === undefined)
        throw new LoupeError('unreadable', `${item.file} changed while it was being packed; pack again.`);
      return count(text);
    },
    get pending() {
      return pending;
    },
    below,
    flush: () => {},
    close: () => below(1),
  };
}

// Exact token counts for the parts of a document, and the rule that lets parts be counted apart.
//
// The encodings' pre-tokenizer splits text into pieces by one regular expression, and tokens never
// cross pieces. Where a part ends with a line break and the next begins with a character that is
// not white space, no piece can span the join: the line-break piece stops at the first
// non-space character, and a punctuation piece only runs on into line breaks (and, in o200k, a
// `/`). So the count of the whole is the sum of the counts of such parts; `splitsCleanly` checks
// that condition, and the tests compare sums with whole-document counts.
//
// Large full packs count their parts on worker threads (many texts per message, bounded in flight);
// small ones on this thread, where starting threads would cost more than it saves.
import type { Piscina } from 'piscina';
import { LoupeError } from '../errors';
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';
import { locateWorker } from '../workers/locate';
import { type CountItem, type CountTask, itemText } from './count-worker';

const PUNCT = /[^\s\p{L}\p{N}]/u;
const SPACE = /\s/u;

/** Whether `count(a + b) === count(a) + count(b)` holds for every text around the join. */
export function splitsCleanly(a: string, b: string): boolean {
  if (a === '' || b === '') return true;
  if (!a.endsWith('\n')) return false;
  const c = b[0]!;
  if (SPACE.test(c)) return false;
  if (c === '/') {
    let i = a.length - 1;
    while (i >= 0 && (a[i] === '\n' || a[i] === '\r')) i--;
    if (i >= 0 && PUNCT.test(a[i]!)) return false;
  }
  return true;
}

export interface TextCounter {
  /** Counts on this thread (so a text at hand is cheaper than a file read again). */
  readonly local: boolean;
  count(text: string): Promise<number>;
  /**
   * Tokens of `head + <the file's text> + tail`, the file read again where the counting happens
   * (its text never crosses threads); rejects when the file no longer has `hash`.
   */
  countFile(
    item: Required<Pick<CountItem, 'head' | 'tail' | 'file' | 'hash'>> & { eol: boolean; size: number },
  ): Promise<number>;
  /** Text handed over and not counted yet, in UTF-16 units or file bytes (callers wait above a bound). */
  readonly pending: number;
  /** Resolves when the pending text is below `limit`. */
  below(limit: number): Promise<void>;
  close(): Promise<void>;
}

/** The file changed between the read that packed it and the one that counted it. */
function changed(file: string): Error {
  return new LoupeError('unreadable', `${file} changed while it was being packed; pack again.`);
}

const BATCH = 512 * 1024;

/** Counts on this thread: nothing pending, ever. */
export function localCounter(encoding: Encoding): TextCounter {
  return {
    local: true,
    count: async (text) => countTokens(text, encoding),
    countFile: async (item) => {
      const text = itemText(item);
      if (text === undefined) throw changed(item.file);
      return countTokens(text, encoding);
    },
    pending: 0,
    below: async () => {},
    close: async () => {},
  };
}

const pools = new Map<number, Promise<Piscina>>();

/**
 * The process-wide pool of counting threads of a size. Idle threads end after a few seconds (the
 * encoding they loaded goes with them) and never keep the process alive.
 */
function sharedPool(threads: number): Promise<Piscina> {
  let pool = pools.get(threads);
  if (!pool) {
    // piscina loads only when a pack counts on threads (see tokens/service.ts).
    pool = import('piscina').then(({ Piscina }) => {
      const entry = locateWorker('pack-count');
      return new Piscina({
        filename: entry.url,
        execArgv: entry.execArgv,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: 5000,
        // The encoding and the memo live ~30 MB; texts pass through. A small heap is collected often
        // instead of growing with every batch it has seen.
        resourceLimits: {
          maxOldGenerationSizeMb: 96,
          maxYoungGenerationSizeMb: 8,
        },
      });
    });
    pools.set(threads, pool);
  }
  return pool;
}

/** Starts a counting thread and has it load the encoding while the first files are read. */
export function prewarmCounting(encoding: Encoding, threads = 1): void {
  void sharedPool(threads)
    .then((pool) => pool.run({ items: [{ text: '' }], encoding } satisfies CountTask))
    .catch(() => {});
}

/** Counts on a pool of worker threads, batching small texts. */
export function poolCounter(encoding: Encoding, threads = 1): TextCounter {
  const pool = sharedPool(Math.max(1, threads));
  let batch: {
    items: CountItem[];
    resolve: Array<(n: number) => void>;
    reject: Array<(e: unknown) => void>;
  } = { items: [], resolve: [], reject: [] };
  let batchSize = 0;
  let pending = 0;
  const waiters: Array<{ limit: number; go: () => void }> = [];
  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (pending < waiters[i]!.limit) waiters.splice(i, 1)[0]!.go();
    }
  };
  const send = () => {
    if (!batch.items.length) return;
    const b = batch;
    const size = batchSize;
    batch = { items: [], resolve: [], reject: [] };
    batchSize = 0;
    const task: CountTask = { items: b.items, encoding };
    (pool.then((p) => p.run(task)) as Promise<number[]>).then(
      (counts) => {
        pending -= size;
        for (const [i, k] of counts.entries()) {
          if (k < 0) b.reject[i]!(changed(b.items[i]!.file ?? 'A file'));
          else b.resolve[i]!(k);
        }
        settle();
      },
      (error) => {
        pending -= size;
        for (const r of b.reject) r(error);
        settle();
      },
    );
  };
  const add = (item: CountItem, size: number) =>
    new Promise<number>((resolve, reject) => {
      batch.items.push(item);
      batch.resolve.push(resolve);
      batch.reject.push(reject);
      batchSize += size;
      pending += size;
      if (batchSize >= BATCH || batch.items.length >= 256) send();
    });
  return {
    local: false,
    count: (text) => add({ text }, text.length),
    countFile: ({ size, ...item }) => add(item, size + item.head.length + item.tail.length),
    get pending() {
      return pending;
    },
    below(limit) {
      send();
      if (pending < limit) return Promise.resolve();
      return new Promise((go) => waiters.push({ limit, go }));
    },
    async close() {
      await this.below(1);
    },
  };
}

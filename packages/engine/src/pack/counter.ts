// Exact token counts for the parts of a document, and the rule that lets parts be counted apart.
//
// The encodings' pre-tokenizer splits text into pieces by one regular expression, and tokens never
// cross pieces. Where a part ends with a line break and the next begins with a character that is
// not white space, no piece can span the join: the line-break piece stops at the first
// non-space character, and a punctuation piece only runs on into line breaks (and, in o200k, a
// `/`). So the count of the whole is the sum of the counts of such parts; `splitsCleanly` checks
// that condition, and the tests compare sums with whole-document counts.
//
// A full pack of some size counts its parts on a counting thread beside the one that reads and
// masks (many texts per message, bounded in flight); a small one on this thread, where starting a
// thread would cost more than it saves.
import { Worker } from 'node:worker_threads';
import { LoupeError } from '../errors';
import { countTokens, decodeText } from '../tokens/count';
import type { Encoding } from '../types';
import { locateWorker } from '../workers/locate';
import { type CountItem, type CountTask, countItems, itemText } from './count-items';
import type { CountReply, CountRequest } from './count-worker';

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
  /** Tokens of a UTF-8 text given as bytes, which the caller leaves unchanged until the count is in. */
  countBytes(bytes: Uint8Array): Promise<number>;
  /**
   * Tokens of `head + <the file's text> + tail`, the file read again where the counting happens
   * (its text never crosses threads); rejects when the file no longer has `hash`.
   */
  countFile(
    item: Required<Pick<CountItem, 'head' | 'tail' | 'file' | 'hash'>> & { eol: boolean; size: number },
  ): Promise<number>;
  /** Text handed over and not counted yet, in UTF-16 units or file bytes (callers wait above a bound). */
  readonly pending: number;
  /** Resolves when the pending text is below `limit` (hands over what is batched first). */
  below(limit: number): Promise<void>;
  /** Hands over what is batched now, so the counting keeps pace with the caller. */
  flush(): void;
  close(): Promise<void>;
}

/** The file changed between the read that packed it and the one that counted it. */
function changed(file: string): Error {
  return new LoupeError('unreadable', `${file} changed while it was being packed; pack again.`);
}

/** Counts on this thread: nothing pending, ever. */
export function localCounter(encoding: Encoding): TextCounter {
  return {
    local: true,
    count: async (text) => countTokens(text, encoding),
    countBytes: async (bytes) => countTokens(decodeText(bytes), encoding),
    countFile: async (item) => {
      const text = itemText(item);
      if (text === undefined) throw changed(item.file);
      return countTokens(text, encoding);
    },
    pending: 0,
    below: async () => {},
    flush: () => {},
    close: async () => {},
  };
}

/** Text sent to the counting thread in one task, at most (UTF-16 units or bytes). */
const TASK_SIZE = 128 * 1024;
/** How long an idle counting thread stays, so packs in a row reuse its warm encoding. */
const IDLE_MS = 5000;

/**
 * The process's counting thread: started on first use (a plain worker thread, spawned at once),
 * kept while tasks are out, ended after a few idle seconds. It never keeps the process alive by
 * itself; a task out does, until its answer arrives.
 */
class CountingThread {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve(c: number[]): void; reject(e: unknown): void }>();
  private idle: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(encoding: Encoding) {
    const entry = locateWorker('pack-count');
    this.worker = new Worker(new URL(entry.url), {
      execArgv: entry.execArgv,
      workerData: { encoding },
      // The encoding and the memo live ~30 MB; texts pass through and are collected young.
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    this.worker.unref();
    this.worker.on('message', (reply: CountReply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) w.reject(new Error(reply.error));
      else w.resolve(reply.counts);
      this.settle();
    });
    this.worker.on('error', (error) => this.end(error));
    this.worker.on('exit', (code) => this.end(new Error(`the counting thread ended (exit code ${code})`)));
    this.settle();
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** Runs a task; the buffers in `transfer` move to the thread (their views here go empty). */
  run(task: CountTask, transfer: ArrayBuffer[] = []): Promise<number[]> {
    if (this.ended) return Promise.reject(new Error('the counting thread has ended'));
    clearTimeout(this.idle);
    this.worker.ref();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...task, id } satisfies CountRequest, transfer);
    });
  }

  private settle(): void {
    if (this.waiting.size > 0 || this.ended) return;
    this.worker.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.end(), IDLE_MS).unref();
  }

  private end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idle);
    if (thread === this) thread = undefined;
    void this.worker.terminate();
    for (const w of this.waiting.values()) w.reject(error ?? new Error('the counting thread ended'));
    this.waiting.clear();
  }
}

/**
 * The task as it crosses: the items' bytes copied into one buffer that moves to the thread (one
 * copy, none in the message); the caller's bytes stay as they were, for counting here should the
 * thread fail.
 */
function packed(task: CountTask): [CountTask, ArrayBuffer[]] {
  let total = 0;
  for (const item of task.items) total += item.bytes?.byteLength ?? 0;
  if (total === 0) return [task, []];
  const buffer = new Uint8Array(total);
  let at = 0;
  const items = task.items.map((item) => {
    if (!item.bytes) return item;
    buffer.set(item.bytes, at);
    const bytes = buffer.subarray(at, at + item.bytes.byteLength);
    at += item.bytes.byteLength;
    return { ...item, bytes };
  });
  return [{ ...task, items }, [buffer.buffer]];
}

let thread: CountingThread | undefined;

function countingThread(encoding: Encoding): CountingThread {
  if (!thread?.alive) thread = new CountingThread(encoding);
  return thread;
}

/**
 * Counts on the counting thread (started now, so it loads the encoding while the first files are
 * read), many texts per task. A task the thread cannot answer is counted here instead: the thread's
 * trouble never changes a count.
 */
export function threadCounter(encoding: Encoding): TextCounter {
  const counting = countingThread(encoding);
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
    const [wire, transfer] = packed(task);
    counting
      .run(wire, transfer)
      .catch(() => countItems(task))
      .then(
        (counts) => {
          for (const [i, k] of counts.entries()) {
            if (k < 0) b.reject[i]!(changed(b.items[i]!.file ?? 'A file'));
            else b.resolve[i]!(k);
          }
        },
        (error) => {
          for (const r of b.reject) r(error);
        },
      )
      .finally(() => {
        pending -= size;
        settle();
      });
  };
  const add = (item: CountItem, size: number) =>
    new Promise<number>((resolve, reject) => {
      batch.items.push(item);
      batch.resolve.push(resolve);
      batch.reject.push(reject);
      batchSize += size;
      pending += size;
      if (batchSize >= TASK_SIZE || batch.items.length >= 256) send();
    });
  return {
    local: false,
    count: (text) => add({ text }, text.length),
    countBytes: (bytes) => add({ bytes }, bytes.byteLength),
    countFile: ({ size, ...item }) => add(item, size + item.head.length + item.tail.length),
    get pending() {
      return pending;
    },
    flush: send,
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

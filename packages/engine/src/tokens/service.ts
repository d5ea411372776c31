// Token counts for many files: the stat cache answers unchanged files at once; the rest go in
// batches to a worker pool that reads, hashes and counts (or finds the count by content hash in
// the shared count cache). The main thread only matches stats, merges results and writes the caches.
// Those writes are batched by count: each one encodes a whole cache again (~90 ms of CPU on
// test262's 57k files), so a count of one new file writes only every SAVE_EVERY changes, and
// close() writes the rest. What is not written yet is only counted again by another process.
import { getMaxListeners, setMaxListeners } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type Piscina from 'piscina';
import { MOVED, NOT_REGULAR } from '../content/open';
import { LoupeError } from '../errors';
import type { Encoding } from '../types';
import { endPool } from '../workers/end-pool';
import { locateWorker } from '../workers/locate';
import { userCacheDir } from './cache-dir';
import {
  COUNT_CACHE_CAP,
  type CountAddition,
  countCacheFile,
  emptyCountCache,
  KEY_BYTES,
  loadCountCache,
  saveCountCache,
  today,
} from './count-cache';
import { isFresh, loadStatCache, type StatEntry, saveStatCache, statCacheFile } from './stat-cache';
import { FLAG_BINARY, FLAG_ERROR, FLAG_FROM_STORE, type TokenTask, type TokenTaskResult } from './worker';

export interface FileToCount {
  /** The key of the result map (usually the path relative to the project root). */
  path: string;
  abs: string;
  size: number;
  mtimeMs: number;
}

export interface FileTokens {
  /** 0 for binary files and for files that could not be read. */
  tokens: number;
  /** SHA-256 of the content, hex; '' when the file could not be read. */
  hash: string;
  /** A NUL byte in the first 8 KiB: listed, never counted. */
  binary: boolean;
  /** Why the file was not counted (unreadable, removed, too large); absent when it was. */
  error?: string;
}

export interface CountOptions {
  /** Project root: names the stat cache. Defaults to the deepest folder holding every file. */
  root?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface TokenService {
  readonly encoding: Encoding;
  countFiles(files: FileToCount[], options?: CountOptions): Promise<Map<string, FileTokens>>;
  /**
   * Ends the worker pool once the batches running answer (queued ones are refused: their counts
   * reject) and writes what the caches hold unsaved. A later count starts a new pool.
   */
  close(): Promise<void>;
  /**
   * Holds back counting tasks not started yet until every hold is released (a streamed search
   * wants the cores for a moment: search/search.ts); tasks under way finish. Only the timing of
   * counts changes, never a count. Returns the release (calling it twice releases once).
   */
  hold(): () => void;
}

export interface TokenServiceOptions {
  encoding?: Encoding;
  /** Cache root (default: the user's cache folder); null keeps caches in memory only. */
  cacheDir?: string | null;
  /** Worker threads (default: available cores, at most 4). */
  threads?: number;
  /** Files larger than this are not read (default 32 MiB). */
  maxFileBytes?: number;
  /** Content-hash records kept on disk per encoding (default 500,000, about 12 MB). */
  cacheCap?: number;
}

const BATCH_BYTES = 256 * 1024;
const BATCH_FILES = 128;
/** Stat-cache entries not asked for in this many days are dropped. */
const KEEP_DAYS = 60;
/** Cache changes (entries counted, dropped or marked used today) held in memory before a write. */
export const SAVE_EVERY = 256;

const REASONS: Record<string, string> = {
  ENOENT: 'removed since it was listed',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a folder',
  ELOOP: 'a symbolic link, never followed',
  [NOT_REGULAR]: 'not a regular file (a pipe, socket or device), never read',
  ENXIO: 'a socket, never read',
  [MOVED]: 'reached through a link, never followed',
};

/** Deepest folder containing every path (the stat cache's default project root). */
export function commonFolder(paths: string[]): string {
  let prefix = path.dirname(paths[0] ?? process.cwd());
  for (const p of paths) {
    while (p !== prefix && !p.startsWith(prefix.endsWith(path.sep) ? prefix : prefix + path.sep)) {
      const up = path.dirname(prefix);
      if (up === prefix) return prefix;
      prefix = up;
    }
  }
  return prefix;
}

function batches(files: FileToCount[]): FileToCount[][] {
  const out: FileToCount[][] = [];
  let current: FileToCount[] = [];
  let bytes = 0;
  for (const f of files) {
    if (current.length && (bytes + f.size > BATCH_BYTES || current.length >= BATCH_FILES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += f.size;
  }
  if (current.length) out.push(current);
  return out;
}

export function createTokenService(options: TokenServiceOptions = {}): TokenService {
  const encoding = options.encoding ?? 'o200k_base';
  const cacheDir = options.cacheDir === undefined ? userCacheDir() : options.cacheDir;
  const threads = Math.max(1, options.threads ?? Math.min(4, os.availableParallelism()));
  const maxBytes = options.maxFileBytes ?? 32 * 1024 * 1024;
  const cacheFile = cacheDir ? countCacheFile(cacheDir, encoding) : undefined;
  const projects = new Map<string, Promise<Map<string, StatEntry>>>();
  let cache: Promise<SharedArrayBuffer> | undefined;
  let pool: Promise<Piscina<TokenTask, TokenTaskResult>> | undefined;
  /** Changes not written yet: their count, the projects they touch, the count cache's new records. */
  let unsaved = 0;
  const unsavedRoots = new Set<string>();
  let additions: CountAddition[] = [];
  /** Writes run one after another (two at once could each miss the other's records). */
  let saving: Promise<void> = Promise.resolve();
  /** Counts under way, which close() lets finish noting what their answered batches counted. */
  const counting = new Set<Promise<unknown>>();
  /** Holds in force (`hold`), and the promise their last release resolves. */
  let holds = 0;
  let released: Promise<void> = Promise.resolve();
  let release = () => {};

  const project = (root: string) => {
    let entries = projects.get(root);
    if (!entries) {
      entries = cacheDir
        ? loadStatCache(statCacheFile(cacheDir, root, encoding), root)
        : Promise.resolve(new Map());
      projects.set(root, entries);
    }
    return entries;
  };

  // piscina (and worker_threads with it) loads only when files are counted: ~8 MB and ~30 ms a
  // command that counts nothing need not pay.
  const workers = () => {
    pool ??= import('piscina').then(({ Piscina }) => {
      const entry = locateWorker('tokens');
      return new Piscina<TokenTask, TokenTaskResult>({
        filename: entry.url,
        execArgv: entry.execArgv,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: 30_000,
        // Counting makes short-lived strings; V8's default young generation lets each worker
        // grow by ~40 MB for no measurable speed (synthetic repo: 305 -> 223 MB peak, 2 workers).
        resourceLimits: { maxYoungGenerationSizeMb: 4 },
      });
    });
    return pool;
  };

  /** Counts `misses` in batches; `onBatch` sees each finished batch, even when others fail. */
  async function countMisses(
    misses: FileToCount[],
    day: number,
    onBatch: (batch: FileToCount[], result: TokenTaskResult) => void,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    cache ??= loadCountCache(cacheFile);
    const shared = await cache;
    const started = workers();
    const run = await started;
    const queued = batches(misses);
    // Every queued task listens to the signal (so that abort drops it from the queue): allow that
    // many listeners instead of Node's warning at 11.
    if (signal) setMaxListeners(Math.max(getMaxListeners(signal), queued.length + 10), signal);
    // A few tasks per thread are out at a time, so a hold keeps the rest back (an aborted count
    // stops waiting: the pool refuses its remaining tasks at once; a closed service refuses them here).
    const settled: PromiseSettledResult<void>[] = new Array(queued.length);
    const aborted = signal
      ? new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
      : undefined;
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < queued.length) {
        if (holds && pool === started && !signal?.aborted) {
          await (aborted ? Promise.race([released, aborted]) : released);
          continue; // other lanes may have taken the rest meanwhile
        }
        const k = next++;
        const batch = queued[k]!;
        const task: TokenTask = { encoding, files: batch.map((f) => f.abs), cache: shared, day, maxBytes };
        try {
          // The service was closed meanwhile: a task not started is refused (see below).
          if (pool !== started) throw new Error('the token service was closed');
          onBatch(batch, await run.run(task, { signal: signal ?? null }));
          settled[k] = { status: 'fulfilled', value: undefined };
        } catch (error) {
          settled[k] = { status: 'rejected', reason: error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(queued.length, 2 * threads) }, lane));
    const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [{ error: s.reason, i }] : []));
    if (!failed.length) return;
    if (pool !== started && !signal?.aborted) {
      const left = failed.reduce((n, f) => n + (queued[f.i] as FileToCount[]).length, 0);
      throw new LoupeError(
        'unsupported',
        `The token count stopped: its service was closed (${left} of ${misses.length} files not counted); count again.`,
      );
    }
    throw (failed[0] as { error: unknown }).error;
  }

  /** Takes a count's changes; writes the caches once SAVE_EVERY changes wait. */
  function note(root: string, changes: number, added: CountAddition[]): Promise<void> {
    if (!changes && !added.length) return Promise.resolve();
    unsaved += changes;
    unsavedRoots.add(root);
    if (added.length) additions = additions.concat(added);
    return unsaved >= SAVE_EVERY ? save() : Promise.resolve();
  }

  /** Writes every unsaved change (the count cache merged with what other processes saved). */
  function save(): Promise<void> {
    saving = saving.then(async () => {
      if (!unsaved && !additions.length) return;
      const added = additions;
      const roots = [...unsavedRoots];
      additions = [];
      unsavedRoots.clear();
      unsaved = 0;
      const day = today();
      // The caches are an optimisation: a read-only or full cache folder must not fail a count.
      // Next run recounts what could not be saved.
      if (added.length)
        try {
          cache = Promise.resolve(
            await saveCountCache(cacheFile, await (cache ?? emptyCountCache()), added, {
              cap: options.cacheCap ?? COUNT_CACHE_CAP,
              day,
            }),
          );
        } catch {}
      if (cacheDir)
        for (const root of roots)
          try {
            const file = statCacheFile(cacheDir, root, encoding);
            await saveStatCache(file, root, await project(root), day - KEEP_DAYS);
          } catch {}
    });
    return saving;
  }

  async function count(files: FileToCount[], opts: CountOptions): Promise<Map<string, FileTokens>> {
    const { signal, onProgress } = opts;
    signal?.throwIfAborted();
    if (!files.length) return new Map();
    const root = path.resolve(opts.root ?? commonFolder(files.map((f) => f.abs)));
    const prefix = root.endsWith(path.sep) ? root : root + path.sep;
    const keyOf = (abs: string) => (abs.startsWith(prefix) ? abs.slice(prefix.length) : abs);
    const entries = await project(root);
    const day = today();
    const out = new Map<string, FileTokens>();
    const misses: FileToCount[] = [];
    let changes = 0;
    for (const f of files) {
      const e = entries.get(keyOf(f.abs));
      if (e && isFresh(e, f.size, f.mtimeMs)) {
        out.set(f.path, { tokens: e.tokens, hash: e.hash, binary: e.binary });
        if (e.seenDay !== day) {
          e.seenDay = day;
          changes++;
        }
      } else misses.push(f);
    }
    let done = files.length - misses.length;
    onProgress?.(done, files.length);
    if (!misses.length) {
      await note(root, changes, []);
      return out;
    }
    const added: CountAddition[] = [];
    const onBatch = (batch: FileToCount[], r: TokenTaskResult) => {
      changes += batch.length;
      for (let i = 0; i < batch.length; i++) {
        const f = batch[i] as FileToCount;
        const flags = r.flags[i] as number;
        if (flags & FLAG_ERROR) {
          const code = r.errors[i] ?? 'unknown error';
          out.set(f.path, { tokens: 0, hash: '', binary: false, error: REASONS[code] ?? code });
          entries.delete(keyOf(f.abs));
          continue;
        }
        const hash = Buffer.from(r.hashes.buffer, r.hashes.byteOffset + i * 32, 32).toString('hex');
        const tokens = r.tokens[i] as number;
        const binary = (flags & FLAG_BINARY) !== 0;
        out.set(f.path, { tokens, hash, binary });
        const checkedAt = r.readAt[i] as number;
        entries.set(keyOf(f.abs), {
          size: f.size,
          mtimeMs: f.mtimeMs,
          checkedAt,
          hash,
          tokens,
          binary,
          seenDay: day,
        });
        if (!(flags & (FLAG_BINARY | FLAG_FROM_STORE)))
          added.push({ key: r.hashes.subarray(i * 32, i * 32 + KEY_BYTES), tokens });
      }
      done += batch.length;
      onProgress?.(done, files.length);
    };
    try {
      await countMisses(misses, day, onBatch, signal);
    } finally {
      // Finished batches are kept even when the count is aborted.
      await note(root, changes, added);
    }
    return out;
  }

  return {
    encoding,
    countFiles(files, opts = {}) {
      const run = count(files, opts);
      counting.add(run);
      const forget = () => counting.delete(run);
      run.then(forget, forget);
      return run;
    },
    hold() {
      if (holds++ === 0) released = new Promise((resolve) => (release = resolve));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--holds === 0) release();
      };
    },
    async close() {
      const p = pool;
      pool = undefined;
      await endPool(p);
      release(); // held tasks go on to the closed pool, which refuses them
      // The counts under way note what their answered batches counted, then it is written.
      await Promise.allSettled(counting);
      await save();
    },
  };
}

// Token worker (piscina): for a batch of files, read each, sniff binary, hash, then take the count
// from the shared content-hash store or count it. Results travel back as three typed arrays.
import { createHash } from 'node:crypto';
import { closeSync, readSync } from 'node:fs';
import { isBinary } from '../content/classify';
import { openProjectFileSync } from '../content/open';
import type { Encoding } from '../types';
import { createCounter, decodeText, type TokenCounter } from './count';
import { lookup } from './count-cache';

export interface TokenTask {
  encoding: Encoding;
  /** Absolute paths, opened as project files (content/open.ts: a link's target, never a FIFO). */
  files: string[];
  cache: SharedArrayBuffer;
  day: number;
  maxBytes: number;
}

export const FLAG_BINARY = 1;
export const FLAG_FROM_STORE = 2;
export const FLAG_ERROR = 4;

export interface TokenTaskResult {
  tokens: Uint32Array;
  /** 32 bytes of SHA-256 per file. */
  hashes: Uint8Array;
  flags: Uint8Array;
  /** Date.now() just before each file was opened (for the racy-mtime rule). */
  readAt: Float64Array;
  /** One sentence per file that could not be counted, else null. */
  errors: Array<string | null>;
}

const counters = new Map<Encoding, TokenCounter>();
let buffer = Buffer.allocUnsafe(1 << 20);

const tooLarge = (maxBytes: number) =>
  new RangeError(`too large to count (over ${(maxBytes / 1048576).toFixed(maxBytes % 1048576 ? 1 : 0)} MiB)`);

/** Reads the whole file into the reused buffer; returns its length. */
function readWhole(file: string, maxBytes: number): number {
  const { fd, size } = openProjectFileSync(file);
  try {
    if (size > maxBytes) throw tooLarge(maxBytes);
    if (buffer.length < size + 1) buffer = Buffer.allocUnsafe(Math.max(size + 1, buffer.length * 2));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLarge(maxBytes);
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) throw tooLarge(maxBytes);
    return length;
  } finally {
    closeSync(fd);
  }
}

export default function countBatch(task: TokenTask): TokenTaskResult {
  let counter = counters.get(task.encoding);
  if (!counter) {
    counter = createCounter(task.encoding);
    counters.set(task.encoding, counter);
  }
  const n = task.files.length;
  const result: TokenTaskResult = {
    tokens: new Uint32Array(n),
    hashes: new Uint8Array(n * 32),
    flags: new Uint8Array(n),
    readAt: new Float64Array(n),
    errors: new Array(n).fill(null),
  };
  for (let i = 0; i < n; i++) {
    result.readAt[i] = Date.now();
    let length: number;
    try {
      length = readWhole(task.files[i] as string, task.maxBytes);
    } catch (error) {
      result.flags[i] = FLAG_ERROR;
      result.errors[i] =
        error instanceof RangeError
          ? error.message
          : ((error as NodeJS.ErrnoException).code ?? String(error));
      continue;
    }
    const content = buffer.subarray(0, length);
    const hash = createHash('sha256').update(content).digest();
    result.hashes.set(hash, i * 32);
    // The content pipeline's own sniff: a file counted as text here is read as text everywhere.
    if (isBinary(content)) {
      result.flags[i] = FLAG_BINARY;
      continue;
    }
    const stored = lookup(task.cache, hash, task.day);
    if (stored !== undefined) {
      result.tokens[i] = stored;
      result.flags[i] = FLAG_FROM_STORE;
    } else {
      result.tokens[i] = counter.count(decodeText(content));
    }
  }
  return result;
}

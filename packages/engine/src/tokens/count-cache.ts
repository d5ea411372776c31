// The content-hash count cache: (first 16 bytes of a file's SHA-256) -> token count, one file per
// encoding in the user's cache folder. In memory it is the file's own bytes in a
// SharedArrayBuffer, records sorted by key, so both workers look counts up by binary search with
// no copy and no parsing. A file that fails its checks (magic, version, length, CRC-32) is ignored
// and replaced on the next save.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Encoding } from '../types';
import { writeFileAtomic } from './cache-dir';

export const KEY_BYTES = 16;
const RECORD = KEY_BYTES + 8; // key, u32 tokens, u32 last-used day
const HEADER = 16; // magic, version, record count, CRC-32 of the records
const MAGIC = 0x4354504c; // "LPTC" little-endian
const VERSION = 1;

/** Records kept, by default: the least recently used go first. */
export const COUNT_CACHE_CAP = 500_000;

/** The count cache of `encoding` in the user's cache folder `cacheDir`. */
export function countCacheFile(cacheDir: string, encoding: Encoding): string {
  return path.join(cacheDir, 'tokens', `counts-${encoding}.v1.bin`);
}

export interface CountAddition {
  /** At least KEY_BYTES bytes of the content hash. */
  key: Uint8Array;
  tokens: number;
}

export function today(now = Date.now()): number {
  return Math.floor(now / 86_400_000);
}

function records(bytes: Uint8Array): number {
  return (bytes.byteLength - HEADER) / RECORD;
}

function seal(out: Uint8Array, count: number): Uint8Array {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, count, true);
  view.setUint32(12, crc32(out.subarray(HEADER, HEADER + count * RECORD)), true);
  return out;
}

export function emptyCountCache(): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(HEADER);
  seal(new Uint8Array(sab), 0);
  return sab;
}

/** Validated file bytes, or undefined for a missing, foreign, truncated or corrupt file. */
export function validCountCache(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes.byteLength < HEADER) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(8, true);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION) return undefined;
  if (bytes.byteLength !== HEADER + count * RECORD) return undefined;
  if (crc32(bytes.subarray(HEADER)) !== view.getUint32(12, true)) return undefined;
  return bytes;
}

async function readValid(file: string): Promise<Uint8Array | undefined> {
  try {
    return validCountCache(await readFile(file));
  } catch {
    return undefined;
  }
}

/** The cache on disk as shared memory; empty when the file is missing or fails its checks. */
export async function loadCountCache(file: string | undefined): Promise<SharedArrayBuffer> {
  const bytes = file ? await readValid(file) : undefined;
  if (!bytes) return emptyCountCache();
  const sab = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(sab).set(bytes);
  return sab;
}

/** `loadCountCache`, read at once (for a caller that counts synchronously). */
export function loadCountCacheSync(file: string): SharedArrayBuffer {
  let bytes: Uint8Array | undefined;
  try {
    bytes = validCountCache(readFileSync(file));
  } catch {
    bytes = undefined;
  }
  if (!bytes) return emptyCountCache();
  const sab = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(sab).set(bytes);
  return sab;
}

function compareKeys(a: Uint8Array, ai: number, b: Uint8Array, bi: number): number {
  for (let k = 0; k < KEY_BYTES; k++) {
    const d = (a[ai + k] as number) - (b[bi + k] as number);
    if (d !== 0) return d;
  }
  return 0;
}

const views = new WeakMap<SharedArrayBuffer, { bytes: Uint8Array; view: DataView }>();

/** Token count stored for `hash`, marking the record used `day`; undefined when absent. */
export function lookup(cache: SharedArrayBuffer, hash: Uint8Array, day: number): number | undefined {
  let v = views.get(cache);
  if (!v) {
    v = { bytes: new Uint8Array(cache), view: new DataView(cache) };
    views.set(cache, v);
  }
  let lo = 0;
  let hi = records(v.bytes) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = HEADER + mid * RECORD;
    const c = compareKeys(v.bytes, at, hash, 0);
    if (c === 0) {
      // Racing writes of the same day from two workers are harmless.
      if (v.view.getUint32(at + KEY_BYTES + 4, true) !== day) v.view.setUint32(at + KEY_BYTES + 4, day, true);
      return v.view.getUint32(at + KEY_BYTES, true);
    }
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Merges two sorted record runs; on equal keys keeps a's count and the later day. */
function merge(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  const av = new DataView(a.buffer, a.byteOffset, a.byteLength);
  const bv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ov = new DataView(out.buffer);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.byteLength || j < b.byteLength) {
    const c = i >= a.byteLength ? 1 : j >= b.byteLength ? -1 : compareKeys(a, i, b, j);
    if (c <= 0) {
      out.set(a.subarray(i, i + RECORD), o);
      if (c === 0) {
        const day = Math.max(av.getUint32(i + KEY_BYTES + 4, true), bv.getUint32(j + KEY_BYTES + 4, true));
        ov.setUint32(o + KEY_BYTES + 4, day, true);
        j += RECORD;
      }
      i += RECORD;
    } else {
      out.set(b.subarray(j, j + RECORD), o);
      j += RECORD;
    }
    o += RECORD;
  }
  return out.subarray(0, o);
}

/** Keeps the `cap` most recently used records (ties broken by key order), still sorted. */
function evict(run: Uint8Array, cap: number): Uint8Array {
  const n = run.byteLength / RECORD;
  if (n <= cap) return run;
  const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
  const days = Array.from({ length: n }, (_, k) => view.getUint32(k * RECORD + KEY_BYTES + 4, true));
  const threshold = [...days].sort((x, y) => y - x)[cap - 1] as number;
  let room = cap - days.filter((d) => d > threshold).length;
  const out = new Uint8Array(cap * RECORD);
  let o = 0;
  for (let k = 0; k < n; k++) {
    const d = days[k] as number;
    if (d < threshold || (d === threshold && room-- <= 0)) continue;
    out.set(run.subarray(k * RECORD, (k + 1) * RECORD), o);
    o += RECORD;
  }
  return out.subarray(0, o);
}

function additionRun(additions: CountAddition[], day: number): Uint8Array {
  const sorted = [...additions].sort((x, y) => compareKeys(x.key, 0, y.key, 0));
  const out = new Uint8Array(sorted.length * RECORD);
  const view = new DataView(out.buffer);
  let o = 0;
  for (let k = 0; k < sorted.length; k++) {
    const add = sorted[k] as CountAddition;
    if (k > 0 && compareKeys(add.key, 0, (sorted[k - 1] as CountAddition).key, 0) === 0) continue;
    out.set(add.key.subarray(0, KEY_BYTES), o);
    view.setUint32(o + KEY_BYTES, add.tokens, true);
    view.setUint32(o + KEY_BYTES + 4, day, true);
    o += RECORD;
  }
  return out.subarray(0, o);
}

export interface SaveOptions {
  /** Most records kept; the least recently used go first. */
  cap: number;
  day: number;
}

/**
 * The cache merged with `additions` and with what another process saved meanwhile, written
 * atomically to `file` (when given) and returned as the new shared cache.
 */
export async function saveCountCache(
  file: string | undefined,
  cache: SharedArrayBuffer,
  additions: CountAddition[],
  options: SaveOptions,
): Promise<SharedArrayBuffer> {
  const body = (b: Uint8Array) => b.subarray(HEADER);
  let run = merge(body(new Uint8Array(cache)), additionRun(additions, options.day));
  const disk = file ? await readValid(file) : undefined;
  if (disk) run = merge(run, body(disk));
  run = evict(run, options.cap);
  const sab = new SharedArrayBuffer(HEADER + run.byteLength);
  const out = new Uint8Array(sab);
  out.set(run, HEADER);
  seal(out, run.byteLength / RECORD);
  if (file) await writeFileAtomic(file, out);
  return sab;
}

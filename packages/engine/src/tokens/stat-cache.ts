// The per-project stat cache: path -> (size, mtime, when the content was read, content hash,
// tokens, binary), one file per project root and encoding. It lets a warm reopen answer from one
// file read without opening any project file. Like git's index it trusts a file whose size and
// mtime are unchanged, except a "racily clean" one: modified less than RACY_MS before we read it,
// it could have changed again within the same timestamp, so it is read once more.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Encoding } from '../types';
import { writeFileAtomic } from './cache-dir';

export interface StatEntry {
  size: number;
  mtimeMs: number;
  /** Date.now() when the content behind `hash` was read. */
  checkedAt: number;
  /** SHA-256 of the content, hex. */
  hash: string;
  tokens: number;
  binary: boolean;
  /** Day (since the epoch) the entry was last asked for; old entries are dropped on save. */
  seenDay: number;
}

/** Coarsest common mtime granularity (FAT: 2 s). */
export const RACY_MS = 2000;
const MAGIC = 0x4353504c; // "LPSC" little-endian
const VERSION = 2;
const HEADER = 16; // magic, version, entry count, CRC-32 of the rest

// Layout after the header, column by column so that loading is a handful of native calls:
//   u32 root length, root (UTF-8), zero padding to 8 bytes;
//   f64 size[n], f64 mtimeMs[n], f64 checkedAt[n]; u32 tokens[n], u32 seenDay[n]; u8 binary[n];
//   hash[n] (32 bytes each); keys (UTF-8, each followed by a NUL; paths cannot hold NUL).
// Numbers are little-endian typed-array images (every platform Node supports here is LE).

export function isFresh(entry: StatEntry, size: number, mtimeMs: number): boolean {
  return entry.size === size && entry.mtimeMs === mtimeMs && mtimeMs < entry.checkedAt - RACY_MS;
}

/** The cache file of one project root and encoding. */
export function statCacheFile(cacheDir: string, root: string, encoding: Encoding): string {
  const id = createHash('sha256').update(`${root}\0${encoding}`).digest('hex').slice(0, 32);
  return path.join(cacheDir, 'tokens', 'projects', `${id}.bin`);
}

export function encodeStatCache(root: string, entries: Map<string, StatEntry>, minDay: number): Uint8Array {
  const keys: string[] = [];
  const kept: StatEntry[] = [];
  for (const [key, entry] of entries) {
    if (entry.seenDay < minDay || key.includes('\0')) continue;
    keys.push(key);
    kept.push(entry);
  }
  const n = kept.length;
  const rootBytes = Buffer.from(root);
  const numbersAt = align8(HEADER + 4 + rootBytes.length);
  const f64 = new Float64Array(3 * n);
  const u32 = new Uint32Array(2 * n);
  const flags = new Uint8Array(n);
  const hashes = Buffer.alloc(32 * n);
  for (let i = 0; i < n; i++) {
    const e = kept[i] as StatEntry;
    f64[i] = e.size;
    f64[n + i] = e.mtimeMs;
    f64[2 * n + i] = e.checkedAt;
    u32[i] = e.tokens;
    u32[n + i] = e.seenDay;
    flags[i] = e.binary ? 1 : 0;
    hashes.write(e.hash, 32 * i, 32, 'hex');
  }
  const keyBytes = Buffer.from(n ? `${keys.join('\0')}\0` : '');
  const out = Buffer.concat([
    Buffer.alloc(numbersAt),
    new Uint8Array(f64.buffer),
    new Uint8Array(u32.buffer),
    flags,
    hashes,
    keyBytes,
  ]);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(VERSION, 4);
  out.writeUInt32LE(n, 8);
  out.writeUInt32LE(rootBytes.length, HEADER);
  rootBytes.copy(out, HEADER + 4);
  out.writeUInt32LE(crc32(out.subarray(HEADER)), 12);
  return out;
}

const align8 = (n: number) => (n + 7) & ~7;

/** Entries of a valid cache file for `root`; undefined when the bytes fail any check. */
export function decodeStatCache(bytes: Buffer, root: string): Map<string, StatEntry> | undefined {
  if (bytes.length < HEADER + 4) return undefined;
  if (bytes.readUInt32LE(0) !== MAGIC || bytes.readUInt32LE(4) !== VERSION) return undefined;
  if (crc32(bytes.subarray(HEADER)) !== bytes.readUInt32LE(12)) return undefined;
  const n = bytes.readUInt32LE(8);
  const rootLength = bytes.readUInt32LE(HEADER);
  if (HEADER + 4 + rootLength > bytes.length) return undefined;
  if (bytes.toString('utf8', HEADER + 4, HEADER + 4 + rootLength) !== root) return undefined;
  const numbersAt = align8(HEADER + 4 + rootLength);
  const u32At = numbersAt + 24 * n;
  const flagsAt = u32At + 8 * n;
  const hashesAt = flagsAt + n;
  const keysAt = hashesAt + 32 * n;
  if (keysAt > bytes.length) return undefined;
  // Copies, not views: the file's bytes need not be aligned for typed arrays.
  const f64 = new Float64Array(3 * n);
  new Uint8Array(f64.buffer).set(bytes.subarray(numbersAt, u32At));
  const u32 = new Uint32Array(2 * n);
  new Uint8Array(u32.buffer).set(bytes.subarray(u32At, flagsAt));
  const flags = bytes.subarray(flagsAt, hashesAt);
  const hashes = bytes.toString('hex', hashesAt, keysAt);
  const keys = bytes.toString('utf8', keysAt).split('\0');
  if (keys.length !== n + 1 || keys[n] !== '') return undefined;
  const entries = new Map<string, StatEntry>();
  for (let i = 0; i < n; i++) {
    entries.set(keys[i] as string, {
      size: f64[i] as number,
      mtimeMs: f64[n + i] as number,
      checkedAt: f64[2 * n + i] as number,
      hash: hashes.slice(64 * i, 64 * i + 64),
      tokens: u32[i] as number,
      binary: flags[i] === 1,
      seenDay: u32[n + i] as number,
    });
  }
  return entries;
}

/** The cached entries of a project, or an empty map for a missing or damaged file. */
export async function loadStatCache(file: string, root: string): Promise<Map<string, StatEntry>> {
  try {
    return decodeStatCache(await readFile(file), root) ?? new Map();
  } catch {
    return new Map();
  }
}

export async function saveStatCache(
  file: string,
  root: string,
  entries: Map<string, StatEntry>,
  minDay: number,
): Promise<void> {
  await writeFileAtomic(file, encodeStatCache(root, entries, minDay));
}

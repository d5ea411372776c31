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
const VERSION = 1;
const HEADER = 16; // magic, version, entry count, CRC-32 of the rest
const FIXED = 8 * 3 + 32 + 4 + 1 + 4; // size, mtime, checkedAt, hash, tokens, flags, seenDay

export function isFresh(entry: StatEntry, size: number, mtimeMs: number): boolean {
  return entry.size === size && entry.mtimeMs === mtimeMs && mtimeMs < entry.checkedAt - RACY_MS;
}

/** The cache file of one project root and encoding. */
export function statCacheFile(cacheDir: string, root: string, encoding: Encoding): string {
  const id = createHash('sha256').update(`${root}\0${encoding}`).digest('hex').slice(0, 32);
  return path.join(cacheDir, 'tokens', 'projects', `${id}.bin`);
}

export function encodeStatCache(root: string, entries: Map<string, StatEntry>, minDay: number): Uint8Array {
  const keep: Array<[Buffer, StatEntry]> = [];
  let size = HEADER + 4 + Buffer.byteLength(root);
  for (const [key, entry] of entries) {
    if (entry.seenDay < minDay) continue;
    const k = Buffer.from(key);
    if (k.length > 0xffff) continue;
    keep.push([k, entry]);
    size += 2 + k.length + FIXED;
  }
  const out = Buffer.alloc(size);
  let o = HEADER;
  o = out.writeUInt32LE(Buffer.byteLength(root), o);
  o += out.write(root, o);
  for (const [k, e] of keep) {
    o = out.writeUInt16LE(k.length, o);
    o += k.copy(out, o);
    o = out.writeDoubleLE(e.size, o);
    o = out.writeDoubleLE(e.mtimeMs, o);
    o = out.writeDoubleLE(e.checkedAt, o);
    o += out.write(e.hash, o, 32, 'hex');
    o = out.writeUInt32LE(e.tokens, o);
    o = out.writeUInt8(e.binary ? 1 : 0, o);
    o = out.writeUInt32LE(e.seenDay, o);
  }
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(VERSION, 4);
  out.writeUInt32LE(keep.length, 8);
  out.writeUInt32LE(crc32(out.subarray(HEADER)), 12);
  return out;
}

/** Entries of a valid cache file for `root`; undefined when the bytes fail any check. */
export function decodeStatCache(bytes: Buffer, root: string): Map<string, StatEntry> | undefined {
  if (bytes.length < HEADER + 4) return undefined;
  if (bytes.readUInt32LE(0) !== MAGIC || bytes.readUInt32LE(4) !== VERSION) return undefined;
  if (crc32(bytes.subarray(HEADER)) !== bytes.readUInt32LE(12)) return undefined;
  const count = bytes.readUInt32LE(8);
  let o = HEADER;
  const rootLength = bytes.readUInt32LE(o);
  o += 4;
  if (o + rootLength > bytes.length || bytes.toString('utf8', o, o + rootLength) !== root) return undefined;
  o += rootLength;
  const entries = new Map<string, StatEntry>();
  for (let n = 0; n < count; n++) {
    if (o + 2 > bytes.length) return undefined;
    const keyLength = bytes.readUInt16LE(o);
    o += 2;
    if (o + keyLength + FIXED > bytes.length) return undefined;
    const key = bytes.toString('utf8', o, o + keyLength);
    o += keyLength;
    entries.set(key, {
      size: bytes.readDoubleLE(o),
      mtimeMs: bytes.readDoubleLE(o + 8),
      checkedAt: bytes.readDoubleLE(o + 16),
      hash: bytes.toString('hex', o + 24, o + 56),
      tokens: bytes.readUInt32LE(o + 56),
      binary: bytes[o + 60] === 1,
      seenDay: bytes.readUInt32LE(o + 61),
    });
    o += FIXED;
  }
  return o === bytes.length ? entries : undefined;
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

// A compression as a cache keeps it: the edits (offsets and the stubs put in: `{ /* … lines 4–9
// */ }`), the level applied and why, never the file's text; the text comes from the file each time
// and a stored compression is applied to it as a fresh one is (applied.ts). The pack cache
// (pack/pack-cache.ts) keeps these by `compressionKey`, the SHA-256 of everything the result
// depends on; what fails its checks here, or edits that do not fit the text, count as not stored.
import { createHash } from 'node:crypto';
import { LANGUAGES, type LanguageId } from '../lang/languages';
import type { Compression } from './applied';
import type { Edit } from './text';
import { type CompressOptions, type CompressStats, LEVELS, type Level } from './types';

/**
 * The compressor's version: bump it whenever compression can give another text for the same
 * input (compress/, syntax/, parse/, a grammar upgrade; stored.test.ts pins a hash of their
 * sources and the grammars' versions to this number), so that no process applies what an older
 * compressor stored.
 */
export const COMPRESS_VERSION = 1;

export type StoredCompression = {
  level: Level;
  requested: Level;
  reason: string | null;
  language: LanguageId | null;
  stats: [number, number, number, number];
  edits: Array<[number, number, string]>;
};

const count = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

function statsOf(value: unknown): CompressStats | undefined {
  if (!Array.isArray(value) || value.length !== 4 || !value.every(count)) return undefined;
  const [bodies, comments, docstrings, tests] = value as number[];
  return { bodies: bodies!, comments: comments!, docstrings: docstrings!, tests: tests! };
}

/** The edits, when each is in order, apart from the one before and inside a text of `length`. */
function editsOf(value: unknown, length: number): Edit[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Edit[] = [];
  let at = 0;
  for (const e of value) {
    if (!Array.isArray(e) || e.length !== 3) return undefined;
    const [start, end, text] = e;
    if (!count(start) || !count(end) || typeof text !== 'string') return undefined;
    if (start < at || end < start || end > length) return undefined;
    out.push({ start, end, text });
    at = end;
  }
  return out;
}

const isLevel = (v: unknown): v is Level => LEVELS.includes(v as Level);

/** The key of compressing `text`, named `name`, with `options`, by this compressor. */
export function compressionKey(text: string, name: string, options: CompressOptions): string {
  const asked = [
    'compress',
    COMPRESS_VERSION,
    name,
    options.level,
    options.stripComments ?? null,
    options.stripDocstrings ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(asked)).update('\0').update(text).digest('hex');
}

/** The stored form of `c`. */
export function storedCompression(c: Compression): StoredCompression {
  const { bodies, comments, docstrings, tests } = c.stats;
  return {
    level: c.level,
    requested: c.requested,
    reason: c.reason ?? null,
    language: c.language ?? null,
    stats: [bodies, comments, docstrings, tests],
    edits: c.edits.map((e) => [e.start, e.end, e.text]),
  };
}

/** The compression of `text` asked at `options` that `value` stores, or undefined when it fails a check. */
export function compressionFrom(
  value: unknown,
  text: string,
  options: CompressOptions,
): Compression | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = value as Partial<StoredCompression>;
  if (!isLevel(s.level) || s.requested !== options.level) return undefined;
  if (s.reason !== null && typeof s.reason !== 'string') return undefined;
  if (s.language !== null && !LANGUAGES.includes(s.language as LanguageId)) return undefined;
  const stats = statsOf(s.stats);
  const edits = editsOf(s.edits, text.length);
  if (!stats || !edits) return undefined;
  // The keys in the order compress.ts gives them.
  return {
    edits,
    level: s.level,
    requested: s.requested,
    ...(s.reason ? { reason: s.reason } : {}),
    language: s.language ?? undefined,
    stats,
  };
}

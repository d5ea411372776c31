// Compressions on disk by content: a text is parsed and compressed once per (text, name, level,
// options, compressor version) and read back by every later process, so a warm `loupe pack` does
// not parse again the files it parsed before (tree-sitter was most of a warm budgeted pack).
// One file per key under the user's cache folder (`compressed/v<N>/<2 hex>/<key>.json`, through
// tokens/keyed-files.ts). Each holds the edits (offsets and the stubs put in: `{ /* … lines 4–9 */
// }`), the level applied and why, never the file's text; the text comes from the file each time,
// and a stored compression is applied to it as a fresh one is (applied.ts). The key is the
// SHA-256 of everything the result depends on, so a file that fails its checks, or edits that do
// not fit the text, are ignored and the text is compressed again.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { LANGUAGES, type LanguageId } from '../lang/languages';
import { KeyedFiles } from '../tokens/keyed-files';
import type { Compression } from './applied';
import type { Edit } from './text';
import { type CompressOptions, type CompressStats, LEVELS, type Level } from './types';

/**
 * The compressor's version: bump it whenever compression can give another text for the same
 * input (a syntax spec, a stub, a grammar upgrade; the golden files change then, and
 * compress-cache.test.ts pins their hash and the grammars' versions to this number), so that no
 * process applies what an older compressor stored.
 */
export const COMPRESS_VERSION = 1;

type Stored = {
  key: string;
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

export class CompressCache {
  private readonly files: KeyedFiles;

  /** `cacheDir`: the user's cache folder, or null for a cache that keeps nothing. */
  constructor(cacheDir: string | null) {
    this.files = new KeyedFiles(
      cacheDir ? path.join(cacheDir, 'compressed', `v${COMPRESS_VERSION}`) : undefined,
    );
  }

  /** The key of compressing `text`, named `name`, with `options` (the version is in the folder name). */
  static key(text: string, name: string, options: CompressOptions): string {
    const asked = [name, options.level, options.stripComments ?? null, options.stripDocstrings ?? null];
    return createHash('sha256').update(JSON.stringify(asked)).update('\0').update(text).digest('hex');
  }

  /** The stored compression of `text` under `key` asked at `options`, or undefined (none, or one that fails its checks). */
  get(key: string, text: string, options: CompressOptions): Compression | undefined {
    const stored = this.files.read(key);
    if (stored === undefined) return undefined;
    try {
      const s = JSON.parse(stored) as Partial<Stored>;
      if (s.key !== key || !isLevel(s.level) || s.requested !== options.level) return undefined;
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
    } catch {
      return undefined;
    }
  }

  /** Stores in the background; a cache folder that cannot be written only costs a parse later. */
  put(key: string, c: Compression): void {
    const { bodies, comments, docstrings, tests } = c.stats;
    const stored: Stored = {
      key,
      level: c.level,
      requested: c.requested,
      reason: c.reason ?? null,
      language: c.language ?? null,
      stats: [bodies, comments, docstrings, tests],
      edits: c.edits.map((e) => [e.start, e.end, e.text]),
    };
    this.files.write(key, `${JSON.stringify(stored)}\n`);
  }

  /** Resolves when the writes asked for so far are done. */
  flush(): Promise<void> {
    return this.files.flush();
  }
}

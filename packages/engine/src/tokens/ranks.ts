// The BPE data of an encoding, taken from js-tiktoken's own rank files so that our counts can only
// differ from js-tiktoken's if our algorithm does. Loaded lazily and synchronously (CommonJS build
// of the rank module): importing the engine costs nothing until the first count.
import { createRequire } from 'node:module';
import type { Encoding } from '../types';

export const ENCODINGS: readonly Encoding[] = ['o200k_base', 'cl100k_base'];

export interface EncodingData {
  name: Encoding;
  /** js-tiktoken's pre-tokenizer pattern, used as-is with the same flags (`ug`). */
  pattern: string;
  /** Token bytes (one char per byte, as a latin1 string) -> rank. */
  ranks: Map<string, number>;
  /** Special token text -> id (e.g. `<|endoftext|>`); counted as plain text, see count.ts. */
  specialTokens: Record<string, number>;
}

interface RankFile {
  pat_str: string;
  special_tokens: Record<string, number>;
  bpe_ranks: string;
}

const load = createRequire(import.meta.url);
const cache = new Map<Encoding, EncodingData>();

export function isEncoding(value: unknown): value is Encoding {
  return typeof value === 'string' && (ENCODINGS as readonly string[]).includes(value);
}

/** The rank module of an encoding, exactly as js-tiktoken ships it. */
export function rankFile(encoding: Encoding): RankFile {
  const id = load.resolve(`js-tiktoken/ranks/${encoding}`);
  const mod = load(id) as RankFile | { default: RankFile };
  // Once parsed, the megabytes of rank text are garbage: do not let the module cache pin them.
  delete load.cache[id];
  return 'bpe_ranks' in mod ? mod : mod.default;
}

/**
 * Parses js-tiktoken's compact rank format: lines of `<ignored> <offset> <base64 token>...`, where
 * the n-th token of a line has rank offset + n. `atob` yields exactly the byte string we key by.
 */
export function parseRanks(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const fields = line.split(' ');
    const offset = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i++) ranks.set(atob(fields[i] ?? ''), offset + i - 2);
  }
  return ranks;
}

export function encodingData(encoding: Encoding): EncodingData {
  let data = cache.get(encoding);
  if (!data) {
    const file = rankFile(encoding);
    data = {
      name: encoding,
      pattern: file.pat_str,
      ranks: parseRanks(file.bpe_ranks),
      specialTokens: file.special_tokens,
    };
    cache.set(encoding, data);
  }
  return data;
}

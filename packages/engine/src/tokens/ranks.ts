// The BPE data of an encoding, taken from js-tiktoken's own rank files so that our counts can only
// differ from js-tiktoken's if our algorithm does. A bundle ships each encoding as a prebuilt rank
// table (rank-table.ts; written by the CLI and app builds from the same rank files, prebuilt.ts)
// and reads it in a millisecond; from sources, or when the table was built from another
// js-tiktoken release than the one installed, the table is built from the rank file in memory
// (~0.1 s). Loaded lazily and synchronously: importing the engine costs nothing until the first
// count.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENCODINGS, type Encoding, isEncoding } from '@loupe/common';
import { besideBundle } from '../util/bundle';
import { buildRankTable, RankTable } from './rank-table';

/** The encodings are @loupe/common's list (the window and the CLI offer the same). */
export { ENCODINGS, isEncoding };

export interface EncodingData {
  name: Encoding;
  /** js-tiktoken's pre-tokenizer pattern, used as-is with the same flags (`ug`). */
  pattern: string;
  /** Token bytes (one char per byte, as a latin1 string) -> rank. */
  ranks: RankTable;
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

/** The rank module of an encoding, exactly as js-tiktoken ships it. */
export function rankFile(encoding: Encoding): RankFile {
  const id = load.resolve(`js-tiktoken/ranks/${encoding}`);
  const mod = load(id) as RankFile | { default: RankFile };
  // Once parsed, the megabytes of rank text are garbage: do not let the module cache pin them.
  delete load.cache[id];
  return 'bpe_ranks' in mod ? mod : mod.default;
}

/** `js-tiktoken@<version>`: the release whose rank files are installed (and tables must come from). */
export function rankSource(): string {
  // dist/ranks/<encoding>.cjs -> the package root
  const root = path.resolve(path.dirname(load.resolve('js-tiktoken/ranks/o200k_base')), '..', '..');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return `js-tiktoken@${pkg.version}`;
}

/** The serialized table of an encoding, built from js-tiktoken's rank file (the CLI build writes these). */
export function rankTableBytes(encoding: Encoding): Uint8Array {
  const file = rankFile(encoding);
  return buildRankTable(file.bpe_ranks, {
    encoding,
    source: rankSource(),
    pattern: file.pat_str,
    specialTokens: file.special_tokens,
  });
}

/** File name of an encoding's prebuilt table inside a `ranks/` folder. */
export const rankTableName = (encoding: Encoding) => `${encoding}.bin`;

/**
 * A prebuilt table beside the bundle (dist/ranks/, seen from dist/ or dist/workers/), if there is
 * one and it was built from the installed js-tiktoken release; `here` is the module's URL.
 */
export function prebuiltRankTable(encoding: Encoding, here = import.meta.url): RankTable | undefined {
  for (const file of besideBundle(here, 'ranks', rankTableName(encoding))) {
    if (!existsSync(file)) continue;
    try {
      const table = new RankTable(readFileSync(file));
      if (table.meta.encoding === encoding && table.meta.source === rankSource()) return table;
    } catch {
      // A damaged table: build one from the rank file instead.
    }
  }
  return undefined;
}

export function encodingData(encoding: Encoding): EncodingData {
  let data = cache.get(encoding);
  if (!data) {
    const ranks = prebuiltRankTable(encoding) ?? new RankTable(rankTableBytes(encoding));
    data = {
      name: encoding,
      pattern: ranks.meta.pattern,
      ranks,
      specialTokens: ranks.meta.specialTokens,
    };
    cache.set(encoding, data);
  }
  return data;
}

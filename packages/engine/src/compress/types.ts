// The public shape of compression.
import { DETAILS, type Detail } from '@loupe/common';
import type { LanguageId } from '../lang/languages';

/** Detail levels, least to most compressed (@loupe/common's list: the window and the tools offer it). */
export type Level = Detail;

export const LEVELS: readonly Level[] = DETAILS;

export interface CompressOptions {
  level: Level;
  /** Remove comments at `signatures` and `outline` (`compact` always does). */
  stripComments?: boolean;
  /**
   * Remove Python docstrings. Unset: removed with the comments at `signatures`/`outline` when
   * `stripComments` is set, kept otherwise (and always kept at `compact`). `false` keeps them.
   */
  stripDocstrings?: boolean;
}

export interface CompressStats {
  /** Function bodies emptied. */
  bodies: number;
  /** Comments removed. */
  comments: number;
  /** Docstrings removed. */
  docstrings: number;
  /** Test calls collapsed (outline). */
  tests: number;
}

export interface CompressResult {
  text: string;
  /** The level applied: `full` whenever compression fell back. */
  level: Level;
  requested: Level;
  /** Why the applied level differs from the requested one. */
  reason?: string;
  language?: LanguageId;
  stats: CompressStats;
}

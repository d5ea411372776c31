// The public shape of compression.
import type { LanguageId } from '../lang/languages';

/** Detail levels, least to most compressed. */
export type Level = 'full' | 'compact' | 'signatures' | 'outline';

export const LEVELS: readonly Level[] = ['full', 'compact', 'signatures', 'outline'];

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

// What the tools need from the content pipeline (read -> mask -> compress -> label). The engine's
// pipeline (packages/engine/src/content) implements it once it lands; until then
// `createJailedSource` reads files through the path jail and says that masking is not active.
import type { LineSpan, RelPath } from '@loupe/engine';

export const DETAILS = ['full', 'compact', 'signatures', 'outline'] as const;
export type Detail = (typeof DETAILS)[number];

export interface ReadOptions {
  /** The file's own line numbers, 1-based, inclusive; clamped to the file. */
  lines?: LineSpan;
  /** One declaration by name (qualified or simple). */
  symbol?: string;
  detail?: Detail;
}

export interface ReadResult {
  path: RelPath;
  /** The delivered text: the requested lines (or declaration) after masking and compression. */
  text: string;
  /** The detail level actually applied. */
  level: Detail;
  /** The file's own lines `text` covers (1-based, inclusive); [1, 0] for an empty file. */
  lines: LineSpan;
  totalLines: number;
  /** Masked values per rule id. */
  masked: Record<string, number>;
  /** False while no masking stage exists: the text is the file's text as it is. */
  maskingActive: boolean;
  /** Set when the content is withheld (binary, too large, masking failed); `text` is then ''. */
  withheld?: string;
  /** SHA-256 (hex) of the file's bytes. */
  hash: string;
  /** Notes for the trusted trailer (e.g. a detail level not available yet). */
  notes?: string[];
}

export interface ContentSource {
  read(path: RelPath, options?: ReadOptions): Promise<ReadResult>;
  /** A sentence for trailers about masking (e.g. "Masking is not active in this build: …"). */
  readonly maskingNotice: string;
}

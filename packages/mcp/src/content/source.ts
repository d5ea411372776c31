// What the tools need from the content pipeline (read -> mask -> select -> compress -> label),
// as a small port: the engine's ContentPipeline is the implementation (pipeline-source.ts); tests
// wrap it to watch what is read.
import type { Detail } from '@loupe/common';
import type { Declaration, LineSpan, MaskSession, RelPath } from '@loupe/engine';

export interface ReadOptions {
  /** The file's own line numbers, 1-based, inclusive; clamped to the file. */
  lines?: LineSpan;
  /** One declaration by name (qualified or simple). */
  symbol?: string;
  detail?: Detail;
}

export interface SymbolMissInfo {
  kind: 'ambiguous' | 'unknown';
  /** Candidates (ambiguous) or the nearest names (unknown). */
  declarations: Declaration[];
}

export interface ReadResult {
  path: RelPath;
  /** The delivered text, without a final line break: the requested lines (or declaration) after masking and compression. */
  text: string;
  /** Exact tokens of `text`, when the pipeline counted them. */
  tokens?: number;
  /** The detail level actually applied. */
  level: Detail;
  /** The file's own lines `text` covers (1-based, inclusive); [1, 0] for an empty file. */
  lines: LineSpan;
  totalLines: number;
  /** Masked values per rule id. */
  masked: Record<string, number>;
  /** False only when masking is switched off for the project: the text is then the file's as it is. */
  maskingActive: boolean;
  /** Set when the content is withheld (binary, too large, masking failed): a sentence; `text` is ''. */
  withheld?: string;
  /** Set when a symbol was asked for and not found (or found several times). */
  symbolMiss?: SymbolMissInfo;
  /** SHA-256 (hex) of the file's bytes ('' when it could not be read). */
  hash: string;
  /** Notes for the trusted trailer (e.g. why the detail level differs from the one asked for). */
  notes?: string[];
}

export interface ContentSource {
  /** Reads a visible file (the caller has passed it through the path jail). */
  read(path: RelPath, options: ReadOptions, mask: MaskSession): Promise<ReadResult>;
  /** Whether masking runs for this project. */
  readonly maskingActive: boolean;
}

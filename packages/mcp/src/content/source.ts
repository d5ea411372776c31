// What the tools need from the content pipeline (read -> classify -> mask -> select -> compress ->
// count -> label), as a small port: the engine's ContentPipeline is the implementation
// (pipeline-source.ts); tests wrap it to watch what is read. A read answers the engine's own
// result shape (ProcessedFile), which the tools render.
import type { FileRequest, MaskSession, ProcessedFile, RelPath } from '@loupe/engine';

export interface ContentSource {
  /** Reads a visible file (the caller has passed it through the path jail). */
  read(path: RelPath, request: FileRequest, mask: MaskSession): Promise<ProcessedFile>;
  /** Whether masking runs for this project. */
  readonly maskingActive: boolean;
}

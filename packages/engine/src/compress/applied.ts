// A compression as what it does to a text: the edits, the level applied and why. compress.ts
// finds it; the compression cache (compress-cache.ts) keeps it; both give the text through
// applyCompression, so a stored compression gives the very text a fresh one does. Loads no parser.
import { applyEdits, type Edit } from './text';
import type { CompressResult } from './types';

export interface Compression extends Omit<CompressResult, 'text'> {
  /** In order, none overlapping (UTF-16 offsets into the text given); none: the text unchanged. */
  edits: Edit[];
}

/** The compressed text of `text` and what was done. */
export function applyCompression(text: string, c: Compression): CompressResult {
  const { edits, ...rest } = c;
  return { text: edits.length ? applyEdits(text, edits) : text, ...rest };
}

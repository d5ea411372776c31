// The classify stage: whether a file is read as text at all. A flagged entry (binary by name, too
// large, a link that is never followed) is not read; bytes with a NUL early on are binary. The
// scan's token count (tokens/worker.ts) flags files with the same sniff, so the index and every
// read agree on what is binary.
import type { FileEntry, RelPath } from '../types';
import { FLAG_REASONS, flagReason, notRead, type Withheld } from './withheld';

/**
 * Bytes git would call binary: a NUL byte in the first 8000 (git's `buffer_is_binary`, which
 * looks at FIRST_FEW_BYTES = 8000). git's own number, so a file `git diff` shows as text is read as
 * text here.
 */
export const SNIFF_BYTES = 8000;

export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, SNIFF_BYTES).includes(0);
}

/** A flagged entry is never read: why, as the result a read would give. */
export function flagged(entry: Pick<FileEntry, 'path' | 'flag' | 'targetHidden'>): Withheld | undefined {
  return entry.flag ? notRead(entry.path, flagReason(entry), 'flag') : undefined;
}

/** Bytes that are not text: why (undefined when they are text). */
export function binaryBytes(path: RelPath, bytes: Uint8Array, hash: string): Withheld | undefined {
  return isBinary(bytes) ? notRead(path, FLAG_REASONS.binary, 'binary', hash) : undefined;
}

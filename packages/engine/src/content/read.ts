// The read stage of the content pipeline as a pure function of what the read gave: a file's text
// and content hash, or why nothing of it is delivered. The pipeline and the full-pack workers
// (pack/section.ts) both read through it, so their reasons and texts are the same.
import { createHash } from 'node:crypto';
import { decodeText } from '../tokens/count';
import type { FileEntry, RelPath } from '../types';

export type ReadEntry = Pick<FileEntry, 'path' | 'flag'>;

/** A file's text (UTF-8, invalid bytes as U+FFFD) and the SHA-256 (hex) of its bytes. */
export interface ReadText {
  raw: string;
  hash: string;
}

export interface Withheld {
  kind: 'withheld';
  path: RelPath;
  /** A sentence: why nothing of the file is delivered. */
  reason: string;
  hash?: string;
}

export const FLAG_REASONS: Record<NonNullable<FileEntry['flag']>, string> = {
  binary: 'it is a binary file, never read as text',
  'too-large': 'it is larger than the size limit for reading files as text',
  'symlink-outside-root': 'it is a link to a file outside the project',
  'symlinked-folder': 'it is a link to a folder, which is never followed',
  unreadable: 'it could not be read when the project was scanned',
};

/** Git's rule, as the scan applies it: a NUL byte in the first 8 KiB makes a file binary. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/** What a read of `entry` gave: its bytes, the error, or nothing (flagged entries are never read). */
export function readOutcome(
  entry: ReadEntry,
  read: Buffer | NodeJS.ErrnoException | undefined,
): ReadText | Withheld {
  if (entry.flag)
    return { kind: 'withheld', path: entry.path, reason: `Not read: ${FLAG_REASONS[entry.flag]}.` };
  if (!Buffer.isBuffer(read)) {
    const code = read?.code;
    const why =
      code === 'ENOENT'
        ? 'it was removed since the project was scanned'
        : `it could not be read (${code ?? 'error'})`;
    return { kind: 'withheld', path: entry.path, reason: `Not read: ${why}.` };
  }
  const hash = createHash('sha256').update(read).digest('hex');
  if (isBinary(read))
    return { kind: 'withheld', path: entry.path, reason: `Not read: ${FLAG_REASONS.binary}.`, hash };
  return { raw: decodeText(read), hash };
}

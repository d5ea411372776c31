// The read stage of the content pipeline as a pure function of what the read gave: a file's text
// and content hash, or why nothing of it is delivered. The pipeline and the full-pack workers
// (pack/section.ts) both read through it, so their reasons and texts are the same.
import { createHash } from 'node:crypto';
import { describeHidden } from '../scan/smart/summary';
import { decodeText } from '../tokens/count';
import type { FileEntry, RelPath } from '../types';
import { MOVED, NOT_REGULAR } from './open';

export type ReadEntry = Pick<FileEntry, 'path' | 'flag' | 'targetHidden'>;

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
  unreadable: 'it could not be read when the project was scanned',
  'symlink-outside-root': 'it is a link to a file outside the project',
  'symlinked-folder': 'it is a link to a folder, which is never followed',
  'symlink-into-git': "it is a link into git's own folder (.git), which is never read",
  'symlink-to-hidden': 'it is a link to a file that is not visible in this project',
  'symlink-not-regular':
    'it is a link to something that is not a regular file (a pipe, socket or device), which is never opened',
  'symlink-broken': 'it is a link whose target does not exist',
  'symlink-loop': 'it is a link that never reaches a file (its links go round in a loop)',
};

/** Why a flagged entry is not read, as the end of a sentence (a hidden target's own reason included). */
export function flagReason(entry: Pick<FileEntry, 'flag' | 'targetHidden'>): string {
  const base = FLAG_REASONS[entry.flag!];
  return entry.flag === 'symlink-to-hidden' && entry.targetHidden
    ? `${base} (the target is ${describeHidden(entry.targetHidden)})`
    : base;
}

/** Why an open or read failed (see content/open.ts), as the end of a sentence. */
function errorReason(code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'it was removed since the project was scanned';
    case 'ELOOP':
    case 'EMLINK':
      return 'it became a symbolic link since the project was scanned; it is read only as a link, once scanned again';
    case 'EISDIR':
      return 'it is a folder now';
    case NOT_REGULAR:
    case 'ENXIO': // a socket
      return 'it is no longer a regular file (a pipe, socket, device or folder took its place), so it is never opened';
    case MOVED:
      return 'its path changed while it was opened (a folder on the way became a link), so it was not read';
    default:
      return `it could not be read (${code ?? 'error'})`;
  }
}

/** Git's rule, as the scan applies it: a NUL byte in the first 8 KiB makes a file binary. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/** What a read of `entry` gave: its bytes, the error, or nothing (flagged entries are never read). */
export function readOutcome(
  entry: ReadEntry,
  read: Buffer | NodeJS.ErrnoException | undefined,
): ReadText | Withheld {
  if (entry.flag) return { kind: 'withheld', path: entry.path, reason: `Not read: ${flagReason(entry)}.` };
  if (!Buffer.isBuffer(read))
    return { kind: 'withheld', path: entry.path, reason: `Not read: ${errorReason(read?.code)}.` };
  const hash = createHash('sha256').update(read).digest('hex');
  if (isBinary(read))
    return { kind: 'withheld', path: entry.path, reason: `Not read: ${FLAG_REASONS.binary}.`, hash };
  return { raw: decodeText(read), hash };
}

// The read stage: a file's bytes, as text (UTF-8, invalid bytes as U+FFFD) with the SHA-256 of the
// bytes, or why nothing of it is read. Pure once the bytes are in: the I/O is the `read` function
// the caller passes (sync in slices for bulk reads, async for one file, a worker's own read), and
// both given here open the file the one safe way (open.ts: a link's target, never a FIFO).
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { decodeText } from '../tokens/count';
import type { FileFlag, HiddenReason, RelPath } from '../types';
import { binaryBytes, flagged } from './classify';
import { MOVED, NOT_REGULAR, readProjectFile, readProjectFileSync } from './open';
import { notRead, type Withheld } from './withheld';

/** One file to process: its project path and where to read it. */
export interface FileInput {
  path: RelPath;
  /** Absolute path of the bytes to read (open.ts projectFile: a link's target). */
  file: string;
  /** A link's target: the name format detection, rules, compression and language follow. */
  target?: RelPath;
  flag?: FileFlag;
  /** Why a link's target is hidden (for a `symlink-to-hidden` flag's sentence). */
  targetHidden?: HiddenReason;
  /** Bytes by stat, when the caller has it: a masker's size limit then refuses the file unread. */
  size?: number;
}

/** Reads a file's bytes; throws as `fs` does (and as open.ts refuses). */
export type ReadBytes = (file: string) => Buffer | Promise<Buffer>;

/** The project file's bytes, read here and now (bulk readers, workers). */
export const readBytesSync = (file: string): Buffer => readProjectFileSync(file);

/** The project file's bytes, read on the thread pool (one file at a time). */
export const readBytesAsync: (file: string) => Promise<Buffer> = readProjectFile;

export interface ReadText {
  kind: 'text';
  raw: string;
  hash: string;
  bytes: Buffer;
  /** The bytes are valid UTF-8: `raw` is exactly their decoding, and they are `raw`'s UTF-8. */
  exact: boolean;
}

/** Why an open or read failed (see open.ts), as the end of a sentence. */
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

/** What a read gave, as the stage's result. */
export function readResult(path: RelPath, read: Buffer | NodeJS.ErrnoException): ReadText | Withheld {
  if (!Buffer.isBuffer(read)) return notRead(path, errorReason(read.code), 'unreadable');
  const hash = createHash('sha256').update(read).digest('hex');
  const binary = binaryBytes(path, read, hash);
  if (binary) return binary;
  return { kind: 'text', raw: decodeText(read), hash, bytes: read, exact: isUtf8(read) };
}

/** The read and classify stages: a flagged entry is never read; otherwise its bytes, judged. */
export async function readStage(input: FileInput, read: ReadBytes): Promise<ReadText | Withheld> {
  const refused = flagged(input);
  if (refused) return refused;
  let bytes: Buffer | NodeJS.ErrnoException;
  try {
    const r = read(input.file);
    bytes = r instanceof Promise ? await r : r;
  } catch (error) {
    bytes = error as NodeJS.ErrnoException;
  }
  return readResult(input.path, bytes);
}

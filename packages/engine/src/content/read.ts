// The read stage: a file's bytes, as text (UTF-8, invalid bytes as U+FFFD) with the SHA-256 of the
// bytes, or why nothing of it is read. Pure once the bytes are in: the I/O is the `read` function
// the caller passes (sync in slices for bulk reads, async for one file, a worker's own read).
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { decodeText } from '../tokens/count';
import type { FileFlag, RelPath } from '../types';
import { binaryBytes, flagged } from './classify';
import { notRead, type Withheld } from './withheld';

/** One file to process: its project path (format detection and rules use it) and where to read it. */
export interface FileInput {
  path: RelPath;
  /** Absolute path of the bytes to read. */
  file: string;
  flag?: FileFlag;
  /** Bytes by stat, when the caller has it: a masker's size limit then refuses the file unread. */
  size?: number;
}

/** Reads a file's bytes; throws as `fs` does. */
export type ReadBytes = (file: string) => Buffer | Promise<Buffer>;

/** The project file's bytes, read here and now (bulk readers, workers). */
export function readBytesSync(file: string): Buffer {
  return readFileSync(file);
}

/** The project file's bytes, read on the thread pool (one file at a time). */
export function readBytesAsync(file: string): Promise<Buffer> {
  return readFile(file);
}

export interface ReadText {
  kind: 'text';
  raw: string;
  hash: string;
  bytes: Buffer;
  /** The bytes are valid UTF-8: `raw` is exactly their decoding, and they are `raw`'s UTF-8. */
  exact: boolean;
}

/** What a read gave, as the stage's result. */
export function readResult(path: RelPath, read: Buffer | NodeJS.ErrnoException): ReadText | Withheld {
  if (!Buffer.isBuffer(read)) {
    const code = read.code;
    const why =
      code === 'ENOENT'
        ? 'it was removed since the project was scanned'
        : `it could not be read (${code ?? 'error'})`;
    return notRead(path, why, 'unreadable');
  }
  const hash = createHash('sha256').update(read).digest('hex');
  const binary = binaryBytes(path, read, hash);
  if (binary) return binary;
  return { kind: 'text', raw: decodeText(read), hash, bytes: read, exact: isUtf8(read) };
}

/** The read and classify stages: a flagged entry is never read; otherwise its bytes, judged. */
export async function readStage(input: FileInput, read: ReadBytes): Promise<ReadText | Withheld> {
  const refused = flagged(input.path, input.flag);
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

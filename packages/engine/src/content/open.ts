// The one way a project file's bytes are opened. Every read of project content (the content
// pipeline, pack sections and counts, the mask and token workers, the watcher's and the session's
// re-hashes) goes through here, on whichever thread it runs.
//
// The path opened is the one the scan judged a regular file: a link's target, never the link. It
// is opened without following a link in its last part (O_NOFOLLOW), without waiting for a writer
// (O_NONBLOCK: a FIFO swapped in after the scan cannot block) and without becoming a controlling
// terminal; then the descriptor itself is checked: a regular file, and on Linux really at that
// path (no folder on the way was swapped for a link). The check is on what was opened, so there
// is no window between the check and the read.
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { RelPath } from '../types';

const FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Error codes of refused opens (besides the system's own, e.g. ENOENT, and ELOOP for a link). */
export const NOT_REGULAR = 'LOUPE_NOT_REGULAR';
export const MOVED = 'LOUPE_MOVED';

const refusal = (code: string, abs: string, what: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${abs}: ${what}`), { code });

/** The path whose bytes a project file stands for: a link's target (as the scan resolved it), else the file. */
export const contentPath = (entry: { path: RelPath; target?: RelPath }): RelPath =>
  entry.target ?? entry.path;

/** Absolute path of a project file's bytes, under the scan's symlink-free root. */
export function projectFile(root: string, entry: { path: RelPath; target?: RelPath }): string {
  const rel = contentPath(entry);
  return root + path.sep + (path.sep === '/' ? rel : rel.split('/').join(path.sep));
}

/** The opened descriptor is a regular file at `abs` itself (not reached through a swapped-in link). */
function verify(fd: number, abs: string, st: Stats): void {
  if (st.isDirectory()) throw refusal('EISDIR', abs, 'is a folder');
  if (!st.isFile()) throw refusal(NOT_REGULAR, abs, 'is not a regular file');
  let where: string | undefined;
  try {
    where = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    where = undefined; // no procfs: compare identities instead
  }
  if (where !== undefined) {
    if (where !== abs) throw refusal(MOVED, abs, 'was reached through a link');
    return;
  }
  let now: Stats;
  try {
    if (realpathSync(abs) !== abs) throw refusal(MOVED, abs, 'was reached through a link');
    now = statSync(abs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === MOVED) throw error;
    throw refusal(MOVED, abs, 'changed while it was opened');
  }
  if (now.ino !== st.ino || now.dev !== st.dev) throw refusal(MOVED, abs, 'changed while it was opened');
}

/** An opened project file: its descriptor and what fstat said of it. */
export interface OpenedFile {
  fd: number;
  size: number;
  mtimeMs: number;
}

/** Opens a project file (see the note at the top); the caller reads and closes the descriptor. */
export function openProjectFileSync(abs: string): OpenedFile {
  const fd = openSync(abs, FLAGS);
  try {
    const st = fstatSync(fd);
    verify(fd, abs, st);
    return { fd, size: st.size, mtimeMs: st.mtimeMs };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * An opened file's bytes, read on this thread; the descriptor is closed. With `scratch` (a reader
 * that looks at most files once and keeps few, as a streamed search does), a file that fits is read
 * into it: the result is then a view of `scratch`, valid until its next use.
 */
export function readOpenedSync({ fd, size }: OpenedFile, scratch?: Buffer): Buffer {
  try {
    // As readFileSync reads a regular file: the size fstat gave, or less if it shrank meanwhile.
    const bytes = scratch && size <= scratch.length ? scratch : Buffer.allocUnsafeSlow(size);
    let length = 0;
    while (length < size) {
      const n = readSync(fd, bytes, length, size - length, null);
      if (n === 0) break;
      length += n;
    }
    return length === bytes.length ? bytes : bytes.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/**
 * A project file's bytes, read on this thread (into `scratch` as `readOpenedSync` says). Errors
 * carry a `code` (read.ts readResult gives their sentences).
 */
export function readProjectFileSync(abs: string, scratch?: Buffer): Buffer {
  return readOpenedSync(openProjectFileSync(abs), scratch);
}

/** A project file's bytes, read on the thread pool. */
export async function readProjectFile(abs: string): Promise<Buffer> {
  const handle = await open(abs, FLAGS);
  try {
    verify(handle.fd, abs, await handle.stat());
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

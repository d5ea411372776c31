// Folders and files only this user can reach: Loupe's state, its git scratch and its socket folder.
// A folder Loupe creates is made 0700 and checked with lstat after creation; a folder that already
// exists is checked and refused with a sentence, never chmodded (it may be shared, like /tmp). A
// file is written through a fresh temp file (O_EXCL | O_NOFOLLOW, 0600) renamed over the name, so a
// link planted at that name is replaced, never followed; a file is read with O_NOFOLLOW.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LoupeError } from '../errors';

const POSIX = process.platform !== 'win32';
/** 0 where the platform has no such flag (Windows): there the checks below do not apply. */
export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

const myUid = (): number | undefined => process.getuid?.();

/**
 * Whether others can write into a folder: write access for others, or for a group other than this
 * user's own primary group (a user-private group, as most distributions make, holds only them).
 */
const othersCanWrite = (st: Stats) =>
  Boolean(st.mode & 0o002 || (st.mode & 0o020 && st.gid !== process.getgid?.()));

/**
 * How strict a folder check is. `private`: owned by this user, no access at all for others (the
 * socket folder, scratch, every folder Loupe creates). `owned`: owned by this user and writable by
 * nobody else (a state folder the person chose, e.g. LOUPE_STATE_DIR; its files are 0600 anyway).
 */
export type FolderLevel = 'private' | 'owned';

function lstatOrUndefined(p: string): Stats | undefined {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

/** Why `dir` is not a folder of this user at `level` (undefined when it is). Checked with lstat. */
export function folderProblem(dir: string, level: FolderLevel = 'private'): string | undefined {
  const st = lstatOrUndefined(dir);
  if (!st) return `${dir} does not exist`;
  if (st.isSymbolicLink()) return `${dir} is a link`;
  if (!st.isDirectory()) return `${dir} is not a folder`;
  if (!POSIX) return undefined;
  if (st.uid !== myUid()) return `${dir} belongs to another user (uid ${st.uid})`;
  const open = level === 'private' ? st.mode & 0o077 : othersCanWrite(st);
  if (open)
    return `${dir} is open to other users (mode ${(st.mode & 0o7777).toString(8)}; Loupe needs ${level === 'private' ? '0700' : 'no write access for others'})`;
  return undefined;
}

/**
 * Why the folders holding `dir` (its real path) would let another user swap what is inside: each
 * must be owned by this user or root, and writable by others only when sticky (as /tmp is).
 * Undefined when they are safe.
 */
export function ancestorsProblem(dir: string): string | undefined {
  if (!POSIX) return undefined;
  let real: string;
  try {
    real = realpathSync.native(dir);
  } catch {
    return `${dir} does not exist`;
  }
  const uid = myUid();
  for (let d = path.dirname(real); ; d = path.dirname(d)) {
    const st = lstatOrUndefined(d);
    if (!st) return `${d} cannot be checked`;
    if (st.uid !== 0 && st.uid !== uid) return `${d} belongs to another user (uid ${st.uid})`;
    if (othersCanWrite(st) && !(st.mode & 0o1000))
      return `${d} can be changed by other users (mode ${(st.mode & 0o7777).toString(8)}, not sticky)`;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * Makes `dir` (and any missing parents, each 0700) or checks the existing one at `level`. Returns
 * whether Loupe created it. An unsafe folder is a LoupeError naming it and what to do; a folder
 * that cannot be made throws the system's error (the caller knows what to suggest).
 */
export function ensureFolder(
  dir: string,
  level: FolderLevel = 'private',
  what = 'its files',
  remedy = 'remove or fix it, or choose another folder',
): boolean {
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A folder Loupe just made is held to 0700; one that was there is held to `level`.
  const problem = folderProblem(dir, created ? 'private' : level);
  if (problem)
    throw new LoupeError(
      'unsupported',
      `Loupe keeps ${what} only in a folder of yours that others cannot change, and ${problem}; ${remedy}.`,
    );
  return created !== undefined;
}

/**
 * A scratch folder only this user can reach: `<tmp>/<name>-<uid>`, created 0700 or, when it exists,
 * used only if lstat shows it is this user's, 0700 and not a link. When another user planted that
 * name (or it is unusable), a fresh `mkdtemp` folder is used instead, removed when the process exits.
 */
export function scratchFolder(name: string, base = tmpdir()): string {
  const fixed = path.join(base, `${name}-${myUid() ?? 'user'}`);
  try {
    mkdirSync(fixed, { mode: 0o700 });
  } catch {
    // there already (checked below), or the base is unusable (mkdtemp below says so)
  }
  if (!folderProblem(fixed)) return fixed;
  const own = mkdtempSync(path.join(base, `${name}-`));
  const problem = folderProblem(own);
  if (problem) throw new LoupeError('unsupported', `Loupe's scratch folder is not private: ${problem}.`);
  process.once('exit', () => rmSync(own, { recursive: true, force: true }));
  return own;
}

/** Creates an empty file exclusively (never through a link); an existing entry that is not one is replaced. */
export function ensureEmptyFile(file: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(
        openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600),
      );
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const st = lstatOrUndefined(file);
    if (st?.isFile() && st.size === 0) return;
    rmSync(file, { recursive: true, force: true }); // inside a private folder: only this user put it there
  }
}

/**
 * Writes `data` to `file` atomically: a fresh temp file beside it (created exclusively, never
 * through a link, 0600), flushed to disk, then renamed over `file`. Readers see the old or the new
 * content, never half; a link at `file` is replaced, never followed.
 */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(tmp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (error) {
    unlinkSync(tmp);
    throw error;
  }
  syncFolder(path.dirname(file));
}

/** Flushes a folder's entries (a rename) to disk, where the platform allows it. */
function syncFolder(dir: string): void {
  if (!POSIX) return;
  try {
    const fd = openSync(dir, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some filesystems refuse to sync a folder; the file itself is on disk
  }
}

/** Why a state file could not be used as it is (it is a link, not a regular file, ...). */
export class UnusableFile extends Error {}

/**
 * Reads one of Loupe's own files: never through a link, never a FIFO or device (opened
 * non-blocking, then checked), at most `maxBytes`. A file of this user readable by others is set
 * back to 0600, or with `secret` refused (what it holds may have been read: make a new one).
 * Undefined when the file does not exist; UnusableFile when it cannot be trusted.
 */
export function readOwnFile(
  file: string,
  options: { maxBytes?: number; secret?: boolean } = {},
): Buffer | undefined {
  const maxBytes = options.maxBytes ?? 16 << 20;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new UnusableFile('it is a link');
    throw error;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnusableFile('it is not a regular file');
    if (POSIX && st.uid !== myUid()) throw new UnusableFile(`it belongs to another user (uid ${st.uid})`);
    if (st.size > maxBytes) throw new UnusableFile(`it is larger than ${maxBytes} bytes`);
    if (POSIX && st.mode & 0o077) {
      if (options.secret)
        throw new UnusableFile(`other users could read it (mode ${(st.mode & 0o777).toString(8)})`);
      fchmodSync(fd, 0o600);
    }
    const buf = Buffer.alloc(st.size);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

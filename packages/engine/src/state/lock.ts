// A lock beside a state file, so that the window, CLI commands and headless servers (separate
// processes) can read-modify-write Loupe's state without losing each other's changes. The lock is a
// file created with O_EXCL naming its holder (pid, host, a random nonce). A lock whose holder died
// (same host, pid gone) or that is older than STALE_MS is broken; breaking goes through a second
// exclusive file, so two waiters never both break, and the lock is removed only if it is still the
// one that was judged stale. Holds last one small JSON read and write.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import { LoupeError } from '../errors';
import { O_NOFOLLOW } from './private-fs';

/** A lock this old is stale whatever it says (a holder keeps it for milliseconds). */
const STALE_MS = 10_000;
/** Waiting longer than this for a live holder is reported, not waited out. */
const WAIT_MS = 30_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

function createExclusive(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function remove(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock holding `text` can be broken. */
function isStale(lock: string, text: string): boolean {
  if (ageMs(lock) > STALE_MS) return true;
  let holder: { pid?: unknown; host?: unknown };
  try {
    holder = JSON.parse(text);
  } catch {
    return false; // being written right now; only age can make it stale
  }
  return holder.host === os.hostname() && typeof holder.pid === 'number' && !alive(holder.pid);
}

function breakStale(lock: string, seen: string): void {
  const breaker = `${lock}.break`;
  if (!createExclusive(breaker, String(process.pid))) {
    if (ageMs(breaker) > STALE_MS) remove(breaker); // a breaker that died mid-break
    return;
  }
  try {
    if (readOr(lock) === seen) remove(lock);
  } finally {
    remove(breaker);
  }
}

/**
 * Runs `fn` while holding the lock of `file` (`<file>.lock`). Waits for a live holder; throws a
 * LoupeError naming the lock file when one holds it for longer than a person would wait.
 */
export function withLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const mine = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    nonce: randomBytes(8).toString('hex'),
  });
  let waited = 0;
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    if (createExclusive(lock, mine)) break;
    const seen = readOr(lock);
    if (seen !== undefined && isStale(lock, seen)) {
      breakStale(lock, seen);
      continue;
    }
    if (waited > WAIT_MS)
      throw new LoupeError(
        'unwritable',
        `Loupe's state is locked by another process (${lock}: ${seen ?? 'unreadable'}); if no Loupe is running, remove that file.`,
      );
    sleep(pause);
    waited += pause;
  }
  try {
    return fn();
  } finally {
    if (readOr(lock) === mine) remove(lock);
  }
}

// Reading and keeping receipt files. A receipt is read line by line with a bound on each line, so
// one bad line (torn, garbage, 40 MB long) costs only itself. Retention counts sessions and bytes
// per project and evicts sessions that received no file before any session that did (oldest
// first within each), never a session another process is still writing; an oversized file is
// rewritten without its overlong lines rather than pushing every other receipt out.
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withLock } from '../state/lock';
import { O_NOFOLLOW, writeFileAtomic } from '../state/private-fs';
import type { CallReceipt, ClientInfo, SessionReceipt } from './receipt-types';

const CHUNK = 64 * 1024;

/**
 * Calls `onLine` for each line of `file` no longer than `cap` bytes; longer lines are skipped
 * without being held in memory. Returns how many were skipped. Never follows a link, never opens
 * a FIFO (non-blocking, then checked).
 */
export function readLines(file: string, cap: number, onLine: (line: string) => void): number {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch {
    return 0;
  }
  let skipped = 0;
  try {
    if (!fstatSync(fd).isFile()) return 0;
    const buf = Buffer.alloc(CHUNK);
    let parts: Buffer[] = [];
    let held = 0;
    let skipping = false;
    const take = (piece: Buffer) => {
      if (skipping) return;
      if (held + piece.length > cap) {
        skipping = true;
        parts = [];
        held = 0;
      } else {
        parts.push(Buffer.from(piece));
        held += piece.length;
      }
    };
    const finish = () => {
      if (skipping) skipped++;
      else if (held) onLine(Buffer.concat(parts).toString('utf8'));
      parts = [];
      held = 0;
      skipping = false;
    };
    for (let pos = 0; ; ) {
      const n = readSync(fd, buf, 0, CHUNK, pos);
      if (n === 0) break;
      pos += n;
      const view = buf.subarray(0, n);
      let start = 0;
      for (let nl = view.indexOf(10, start); nl !== -1; nl = view.indexOf(10, start)) {
        take(view.subarray(start, nl));
        finish();
        start = nl + 1;
      }
      if (start < n) take(view.subarray(start));
    }
    finish(); // a last line without its newline
  } finally {
    closeSync(fd);
  }
  return skipped;
}

interface Header {
  pid?: number;
  host?: string;
}

/** Builds a session from its lines; records before the header or of unknown shape are skipped. */
export function parseSession(file: string, cap: number): (SessionReceipt & Header) | undefined {
  let session: (SessionReceipt & Header) | undefined;
  readLines(file, cap, (line) => {
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line);
    } catch {
      return; // a torn line (the process died mid-write) or garbage
    }
    if (!record || typeof record !== 'object') return;
    const { type, ...rest } = record;
    if (type === 'session') {
      const { v: _v, ...info } = rest;
      if (typeof info.id === 'string' && typeof info.start === 'string')
        session = { ...(info as unknown as SessionReceipt), calls: [], dropped: 0 };
    } else if (!session) return;
    else if (type === 'client') session.client = rest.client as ClientInfo;
    else if (type === 'call' && typeof rest.n === 'number')
      session.calls.push(rest as unknown as CallReceipt);
    else if (type === 'end') {
      session.end = rest.end as string;
      session.dropped = typeof rest.dropped === 'number' ? rest.dropped : 0;
    }
  });
  return session;
}

/** Every readable session in `dir`, newest first. */
export function readSessions(dir: string, cap: number): SessionReceipt[] {
  const out: SessionReceipt[] = [];
  for (const name of receiptNames(dir)) {
    const s = parseSession(path.join(dir, name), cap);
    if (!s) continue;
    const { pid: _pid, host: _host, ...receipt } = s;
    out.push(receipt);
  }
  return out.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
}

function receiptNames(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort();
  } catch {
    return [];
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

interface Kept {
  name: string;
  size: number;
  /** Some call delivered file content. */
  delivered: boolean;
  /** Still being written (by this process or another one on this host). */
  live: boolean;
}

function classify(dir: string, name: string, size: number, cap: number, liveHere: ReadonlySet<string>): Kept {
  if (liveHere.has(name)) return { name, size, delivered: true, live: true };
  const s = parseSession(path.join(dir, name), cap);
  const live = Boolean(s && !s.end && s.host === os.hostname() && typeof s.pid === 'number' && alive(s.pid));
  return { name, size, delivered: Boolean(s?.calls.some((c) => c.delivered?.length)), live };
}

/** Rewrites `file` without its lines longer than `cap` (one bad line costs only itself). */
function repair(file: string, cap: number): number {
  const kept: string[] = [];
  readLines(file, cap, (line) => kept.push(line));
  writeFileAtomic(file, kept.length ? `${kept.join('\n')}\n` : '');
  return statSync(file).size;
}

export interface Retention {
  maxSessions: number;
  maxBytes: number;
  maxSessionBytes: number;
}

/** Room made below the bounds when pruning, so a full folder is not classified on every session. */
const LOW_WATER = 0.9;

/**
 * Keeps the project's receipts within the bounds: files larger than a session may grow are
 * repaired first; then, while over, sessions that delivered nothing go before sessions that
 * delivered files, oldest first, live sessions never. Runs under a lock (several processes).
 */
export function pruneReceipts(dir: string, bounds: Retention, liveHere: ReadonlySet<string>): void {
  const lineCap = bounds.maxSessionBytes;
  const fileCap = bounds.maxSessionBytes + CHUNK; // header, client and end lines on top of the calls
  if (!existsSync(dir)) return;
  withLock(path.join(dir, 'receipts'), () => {
    const files = receiptNames(dir).map((name) => {
      let size = 0;
      try {
        size = statSync(path.join(dir, name)).size;
      } catch {
        // removed meanwhile
      }
      if (size > fileCap && !liveHere.has(name)) size = repair(path.join(dir, name), lineCap);
      return { name, size };
    });
    let count = files.length;
    let bytes = files.reduce((a, f) => a + f.size, 0);
    if (count <= bounds.maxSessions && bytes <= bounds.maxBytes) return;
    const goalCount = Math.floor(bounds.maxSessions * LOW_WATER);
    const goalBytes = Math.floor(bounds.maxBytes * LOW_WATER);
    const kept = files.map((f) => classify(dir, f.name, f.size, lineCap, liveHere)).filter((k) => !k.live);
    const order = [...kept.filter((k) => !k.delivered), ...kept.filter((k) => k.delivered)];
    for (const k of order) {
      if (count <= goalCount && bytes <= goalBytes) break;
      try {
        unlinkSync(path.join(dir, k.name));
      } catch {
        continue; // another process removed it
      }
      count--;
      bytes -= k.size;
    }
  });
}

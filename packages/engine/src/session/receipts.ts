// Receipts: what left for which agent session, at which revision. JSON Lines, one file per
// session under the project's state folder (folder 0700, files 0600), bounded retention, written
// in the background (buffered, flushed on a timer and at the end) so no call waits for the disk.
// By construction they hold no file contents, no search text and no secret values: argument
// values are reduced to their sizes before they reach this module.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { appendFile, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Savings } from '@loupe/common';
import { projectStateDir } from '../state/state-file';
import type { RelPath } from '../types';
import type { LineSpan } from './ledger';

export interface ClientInfo {
  name: string;
  version: string;
}

export interface SessionStart {
  /** e.g. 'socket', 'bridge-headless', 'stdio', 'http', 'memory'. */
  transport: string;
  project: string;
  client?: ClientInfo;
  /** Served without the app (headless bridge or `loupe mcp`). */
  headless?: boolean;
}

export interface DeliveredReceipt {
  path: RelPath;
  lines: LineSpan[];
  hash: string;
  detail: string;
}

export interface CallReceipt {
  n: number;
  tool: string;
  /** Argument name -> size of its JSON form (never the value). */
  args: Record<string, number>;
  revision: number;
  ms: number;
  resultTokens: number;
  delivered: DeliveredReceipt[];
  /** Masked values per rule id. */
  masked: Record<string, number>;
  /**
   * Calls that read files (get_file, pack): what the files read or answered by reference would
   * have cost read whole, at the content the call saw (the index's count of each file at that hash).
   */
  wholeTokens?: number;
  error?: string;
  at: string;
}

/** A session's reads against the same files read whole: the sums over calls that carry `wholeTokens`. */
export function savingsOf(calls: readonly CallReceipt[]): Savings {
  let delivered = 0;
  let whole = 0;
  for (const c of calls) {
    if (c.wholeTokens === undefined) continue;
    delivered += c.resultTokens;
    whole += c.wholeTokens;
  }
  return { delivered, whole };
}

export interface SessionReceipt extends SessionStart {
  id: string;
  start: string;
  end?: string;
  calls: CallReceipt[];
  /** Calls not written because the session's file reached its size bound. */
  dropped: number;
}

export interface ReceiptOptions {
  /** Sessions kept per project (oldest files removed first). */
  maxSessions?: number;
  /** Bytes kept per project. */
  maxBytes?: number;
  /** Bytes per session file; later calls are counted, not written. */
  maxSessionBytes?: number;
  flushMs?: number;
}

const DEFAULTS: Required<ReceiptOptions> = {
  maxSessions: 200,
  maxBytes: 32 * 1024 * 1024,
  maxSessionBytes: 4 * 1024 * 1024,
  flushMs: 200,
};

export function receiptsDir(stateDir: string, root: string): string {
  return path.join(projectStateDir(stateDir, root), 'receipts');
}

/** Reduces arguments to name -> size (the length of each value's JSON form). */
export function argumentSizes(args: Record<string, unknown> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(args ?? {}))
    out[k] = v === undefined ? 0 : (JSON.stringify(v) ?? '').length;
  return out;
}

function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32' && (statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** One session's receipt file. */
export class SessionRecorder {
  readonly id = randomUUID();
  readonly start = new Date().toISOString();
  private buffer: string[] = [];
  private headerPending = true;
  private bytes = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private ended = false;
  readonly file: string;

  constructor(
    private readonly dir: string,
    private info: SessionStart,
    private readonly options: Required<ReceiptOptions>,
    private readonly onError: (error: Error) => void,
  ) {
    this.file = path.join(dir, `${this.start.replace(/[:.]/g, '-')}-${this.id.slice(0, 8)}.jsonl`);
  }

  /** The client named itself (MCP `initialize`). */
  setClient(client: ClientInfo): void {
    if (this.headerPending) this.info = { ...this.info, client };
    else this.push({ type: 'client', client });
  }

  call(receipt: CallReceipt): void {
    if (this.ended) return;
    this.push({ type: 'call', ...receipt });
  }

  end(): Promise<void> {
    if (!this.ended) {
      this.push({ type: 'end', end: new Date().toISOString(), dropped: this.dropped });
      this.ended = true;
    }
    return this.flush();
  }

  private push(record: Record<string, unknown>): void {
    if (this.headerPending) {
      this.headerPending = false;
      this.buffer.push(
        JSON.stringify({ type: 'session', v: 1, id: this.id, start: this.start, ...this.info }),
      );
    }
    const line = JSON.stringify(record);
    if (record.type === 'call' && this.bytes + line.length > this.options.maxSessionBytes) {
      this.dropped++;
      return;
    }
    this.bytes += line.length + 1;
    this.buffer.push(line);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref?.();
    }
  }

  /** Writes what is buffered; resolves when it is on disk. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length) {
      const data = `${this.buffer.join('\n')}\n`;
      this.buffer = [];
      this.writing = this.writing.then(async () => {
        try {
          ensurePrivateDir(this.dir);
          await appendFile(this.file, data, { mode: 0o600 });
        } catch (error) {
          this.onError(error as Error);
        }
      });
    }
    return this.writing;
  }
}

/** Receipts of one project. */
export class ReceiptWriter {
  readonly dir: string;
  private readonly options: Required<ReceiptOptions>;
  private readonly live = new Set<SessionRecorder>();
  private pruning: Promise<void> = Promise.resolve();
  readonly errors: string[] = [];

  constructor(stateDir: string, root: string, options: ReceiptOptions = {}) {
    this.dir = receiptsDir(stateDir, root);
    this.options = { ...DEFAULTS, ...options };
  }

  startSession(info: SessionStart): SessionRecorder {
    const recorder = new SessionRecorder(this.dir, info, this.options, (e) => {
      if (this.errors.length < 20) this.errors.push(`Receipts could not be written (${e.message}).`);
    });
    this.live.add(recorder);
    this.pruning = this.pruning.then(() => this.prune()).catch(() => {});
    return recorder;
  }

  async endSession(recorder: SessionRecorder): Promise<void> {
    this.live.delete(recorder);
    await recorder.end();
  }

  async flush(): Promise<void> {
    await Promise.all([...this.live].map((r) => r.flush()));
    await this.pruning;
  }

  /** Removes the oldest session files beyond the bounds (never a live session's file). */
  private async prune(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.jsonl')).sort();
    } catch {
      return;
    }
    const liveFiles = new Set([...this.live].map((r) => path.basename(r.file)));
    const sizes = await Promise.all(
      names.map((n) =>
        stat(path.join(this.dir, n)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    let total = sizes.reduce((a, b) => a + b, 0);
    let count = names.length;
    for (let i = 0; i < names.length; i++) {
      if (count <= this.options.maxSessions && total <= this.options.maxBytes) break;
      if (liveFiles.has(names[i]!)) continue;
      await unlink(path.join(this.dir, names[i]!)).catch(() => {});
      count--;
      total -= sizes[i]!;
    }
  }
}

function parseSession(text: string): SessionReceipt | undefined {
  let session: SessionReceipt | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line);
    } catch {
      continue; // a torn last line (the process died mid-write)
    }
    const { type, ...rest } = record;
    if (type === 'session') {
      const { v: _v, ...info } = rest;
      session = { ...(info as unknown as SessionReceipt), calls: [], dropped: 0 };
    } else if (!session) return undefined;
    else if (type === 'client') session.client = rest.client as ClientInfo;
    else if (type === 'call') session.calls.push(rest as unknown as CallReceipt);
    else if (type === 'end') {
      session.end = rest.end as string;
      session.dropped = (rest.dropped as number) ?? 0;
    }
  }
  return session;
}

/** Every kept session of the project at `root`, newest first. */
export function listReceipts(stateDir: string, root: string): SessionReceipt[] {
  const dir = receiptsDir(stateDir, root);
  if (!existsSync(dir)) return [];
  const out: SessionReceipt[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, name), 'utf8');
    } catch {
      continue;
    }
    const s = parseSession(text);
    if (s) out.push(s);
  }
  return out.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
}

// Receipts: what left for which agent session, at which revision. JSON Lines, one file per
// session under the project's state folder (folder 0700, files 0600, never written through a
// link), bounded retention (receipt-files.ts), written in the background (buffered, flushed on a
// timer and at the end) so no call waits for the disk. A session that made no call leaves no file.
// By construction they hold no file contents, no search text and no secret values: argument
// values are reduced to their sizes before they reach this module.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureFolder, O_NOFOLLOW } from '../state/private-fs';
import { projectStateDir } from '../state/state-file';
import { pruneReceipts, readSessions } from './receipt-files';
import type { CallReceipt, ClientInfo, SessionReceipt, SessionStart } from './receipt-types';

export type {
  CallReceipt,
  ClientInfo,
  DeliveredReceipt,
  SessionReceipt,
  SessionStart,
} from './receipt-types';

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

/** Client names and versions come from the client: kept short, so a header line stays small. */
const MAX_NAME = 200;
const clip = (client: ClientInfo): ClientInfo => ({
  name: String(client.name).slice(0, MAX_NAME),
  version: String(client.version).slice(0, MAX_NAME),
});

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | O_NOFOLLOW;

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
    if (this.headerPending) this.info = { ...this.info, client: clip(client) };
    else this.push({ type: 'client', client: clip(client) });
  }

  call(receipt: CallReceipt): void {
    if (this.ended) return;
    this.push({ type: 'call', ...receipt });
  }

  /** Ends the receipt; a session that made no call has none (nothing is written). */
  end(): Promise<void> {
    if (!this.ended) {
      if (!this.headerPending)
        this.push({ type: 'end', end: new Date().toISOString(), dropped: this.dropped });
      this.ended = true;
    }
    return this.flush();
  }

  private push(record: Record<string, unknown>): void {
    if (this.headerPending) {
      this.headerPending = false;
      // pid and host tell other processes' pruning that this session is still being written.
      const header = {
        type: 'session',
        v: 1,
        id: this.id,
        start: this.start,
        pid: process.pid,
        host: os.hostname(),
      };
      this.buffer.push(JSON.stringify({ ...header, ...this.info }));
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
          ensureFolder(this.dir, 'owned', 'its receipts');
          const handle = await open(this.file, APPEND, 0o600);
          try {
            await handle.writeFile(data);
          } finally {
            await handle.close();
          }
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
    const recorder = new SessionRecorder(
      this.dir,
      info.client ? { ...info, client: clip(info.client) } : info,
      this.options,
      (e) => {
        if (this.errors.length < 20) this.errors.push(`Receipts could not be written (${e.message}).`);
      },
    );
    this.live.add(recorder);
    this.pruning = this.pruning.then(() => this.prune()).catch(() => {});
    return recorder;
  }

  /** Ends the session's receipt; the bounds hold again once it is written. */
  async endSession(recorder: SessionRecorder): Promise<void> {
    this.live.delete(recorder);
    await recorder.end();
    this.pruning = this.pruning.then(() => this.prune()).catch(() => {});
    await this.pruning;
  }

  async flush(): Promise<void> {
    await Promise.all([...this.live].map((r) => r.flush()));
    await this.pruning;
  }

  /** Keeps the project's receipts within the bounds (never a live session's file). */
  private async prune(): Promise<void> {
    pruneReceipts(this.dir, this.options, new Set([...this.live].map((r) => path.basename(r.file))));
  }
}

/** Every kept session of the project at `root`, newest first (a bad line costs only itself). */
export function listReceipts(stateDir: string, root: string): SessionReceipt[] {
  return readSessions(receiptsDir(stateDir, root), DEFAULTS.maxSessionBytes);
}

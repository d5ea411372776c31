// The agent sessions of one workspace: each with its ledger of delivered content, its call
// counter, the focus revision it last saw, and its receipt. The MCP server opens and closes them;
// the host lists them for the window (sessions panel, received marks in the tree).
import { randomUUID } from 'node:crypto';
import { MaskSession } from '../mask/session';
import type { ReceivedMark } from '../tree/model';
import type { RelPath } from '../types';
import { Emitter } from '../util/emitter';
import { ContentHasher, type HashSource, type ReceivedChange } from './changes';
import { DeliveryLedger } from './ledger';
import {
  type CallReceipt,
  type ClientInfo,
  type ReceiptOptions,
  ReceiptWriter,
  type SessionRecorder,
  type SessionStart,
} from './receipts';

export class AgentSession {
  readonly ledger = new DeliveryLedger();
  /** Placeholder numbering for this session: the same secret gets the same placeholder in every read. */
  readonly mask = new MaskSession();
  readonly start = new Date();
  /** Calls made so far; the next call gets `calls + 1`. */
  calls = 0;
  /** The focus revision this session's previous call saw (undefined before its first call). */
  lastRevision: number | undefined;
  /** Whether the focus was the whole project (nothing ticked) at that call. */
  lastEverything: boolean | undefined;
  /** Received files already reported as changed on disk (each change is told once). */
  readonly toldChanged = new Map<RelPath, string>();
  client: ClientInfo | undefined;
  ended = false;

  constructor(
    readonly id: string,
    readonly info: SessionStart,
    readonly recorder: SessionRecorder | undefined,
    private readonly changed: () => void,
  ) {}

  setClient(client: ClientInfo): void {
    this.client = client;
    this.recorder?.setClient(client);
    this.changed();
  }

  /** Numbers the next call. */
  nextCall(): number {
    return ++this.calls;
  }

  record(receipt: CallReceipt): void {
    this.recorder?.call(receipt);
    this.changed();
  }
}

export interface SessionRegistryOptions {
  /** Loupe's state folder; receipts are written only when set. */
  stateDir?: string | null;
  receipts?: ReceiptOptions;
}

export class SessionRegistry {
  private readonly sessions = new Set<AgentSession>();
  private readonly writer: ReceiptWriter | undefined;
  private readonly changedEmitter = new Emitter<void>();
  readonly onDidChange = this.changedEmitter.event;
  readonly hasher: ContentHasher;

  constructor(source: HashSource, options: SessionRegistryOptions = {}) {
    this.hasher = new ContentHasher(source);
    this.writer = options.stateDir
      ? new ReceiptWriter(options.stateDir, source.root, options.receipts)
      : undefined;
  }

  open(info: SessionStart): AgentSession {
    const recorder = this.writer?.startSession(info);
    const session = new AgentSession(recorder?.id ?? randomUUID(), info, recorder, () =>
      this.changedEmitter.fire(),
    );
    if (info.client) session.client = info.client;
    this.sessions.add(session);
    this.changedEmitter.fire();
    return session;
  }

  async close(session: AgentSession): Promise<void> {
    if (session.ended) return;
    session.ended = true;
    this.sessions.delete(session);
    if (session.recorder && this.writer) await this.writer.endSession(session.recorder);
    this.changedEmitter.fire();
  }

  list(): AgentSession[] {
    return [...this.sessions];
  }

  /** Received marks for the tree: a file any live session received, unchanged or changed since. */
  receivedMarks(sessions: Iterable<AgentSession> = this.sessions): Map<RelPath, ReceivedMark> {
    const marks = new Map<RelPath, ReceivedMark>();
    for (const s of sessions)
      for (const c of this.changes(s)) {
        if (c.status === 'deleted') continue;
        if (c.status === 'changed' || !marks.has(c.path)) marks.set(c.path, c.status);
      }
    return marks;
  }

  /** Each file `session` received, and whether it changed on disk since. */
  changes(session: AgentSession): ReceivedChange[] {
    return this.hasher.statusOf(session.ledger.received());
  }

  /** Writes buffered receipts (tests, shutdown). */
  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions].map((s) => this.close(s)));
  }

  get receiptErrors(): readonly string[] {
    return this.writer?.errors ?? [];
  }
}

// The agent sessions of one workspace: each with its ledger of delivered content, its call
// counter and log, the focus revision it last saw, and its receipt. The MCP server opens and
// closes them; the host lists them for the window (sessions panel, received marks in the tree).
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

/** Calls kept in memory per session (the receipt file keeps more). */
const CALL_LOG = 1000;
/** Ended sessions kept in memory for the window. */
const ENDED_KEPT = 50;

export class AgentSession {
  readonly ledger = new DeliveryLedger();
  /**
   * Placeholder numbering for this session: the same secret gets the same placeholder in every
   * read. Under the workspace's mask key (when given) search results number values the same way.
   */
  readonly mask: MaskSession;
  readonly start = new Date();
  end: Date | undefined;
  /** Calls made so far; the next call gets `calls + 1`. */
  calls = 0;
  /** The newest calls, oldest first (at most 1,000). */
  readonly callLog: CallReceipt[] = [];
  /** Result tokens and masked values over all calls. */
  tokens = 0;
  masked = 0;
  /** Reads against the same files whole, over every call (see `savingsOf`). */
  readonly savings = { delivered: 0, whole: 0 };
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
    private readonly onRecord: (session: AgentSession, receipt?: CallReceipt) => void,
    maskKey?: Buffer,
  ) {
    this.mask = new MaskSession(maskKey);
  }

  setClient(client: ClientInfo): void {
    this.client = client;
    this.recorder?.setClient(client);
    this.onRecord(this);
  }

  /** Numbers the next call. */
  nextCall(): number {
    return ++this.calls;
  }

  record(receipt: CallReceipt): void {
    this.recorder?.call(receipt);
    this.callLog.push(receipt);
    if (this.callLog.length > CALL_LOG) this.callLog.shift();
    this.tokens += receipt.resultTokens;
    if (receipt.wholeTokens !== undefined) {
      this.savings.delivered += receipt.resultTokens;
      this.savings.whole += receipt.wholeTokens;
    }
    for (const n of Object.values(receipt.masked)) this.masked += n;
    this.onRecord(this, receipt);
  }
}

export interface SessionRegistryOptions {
  /** Loupe's state folder; receipts are written only when set. */
  stateDir?: string | null;
  receipts?: ReceiptOptions;
  /** The workspace's mask key (`Workspace.maskKey`), so search results number values as reads do. */
  maskKey?: Buffer;
}

export interface ReceivedEntry {
  path: RelPath;
  session: AgentSession;
  /** The call that sent it last, its tool, time and focus revision. */
  call: number;
  tool: string;
  at: string;
  revision: number;
  /** Changed (or deleted) on disk since it was sent. */
  changed: boolean;
}

export interface CallEvent {
  session: AgentSession;
  receipt: CallReceipt;
}

export class SessionRegistry {
  private readonly sessions = new Set<AgentSession>();
  private readonly endedSessions: AgentSession[] = [];
  private readonly writer: ReceiptWriter | undefined;
  private readonly changedEmitter = new Emitter<void>();
  private readonly callEmitter = new Emitter<CallEvent>();
  /** A session opened, named its client, made a call, or ended. */
  readonly onDidChange = this.changedEmitter.event;
  /** A call finished (after its receipt was queued). */
  readonly onDidCall = this.callEmitter.event;
  readonly hasher: ContentHasher;
  private readonly maskKey: Buffer | undefined;

  constructor(source: HashSource, options: SessionRegistryOptions = {}) {
    this.hasher = new ContentHasher(source);
    this.maskKey = options.maskKey;
    this.writer = options.stateDir
      ? new ReceiptWriter(options.stateDir, source.root, options.receipts)
      : undefined;
  }

  open(info: SessionStart): AgentSession {
    const recorder = this.writer?.startSession(info);
    const session = new AgentSession(
      recorder?.id ?? randomUUID(),
      info,
      recorder,
      (s, receipt) => {
        if (receipt) this.callEmitter.fire({ session: s, receipt });
        this.changedEmitter.fire();
      },
      this.maskKey,
    );
    if (info.client) session.client = info.client;
    this.sessions.add(session);
    this.changedEmitter.fire();
    return session;
  }

  async close(session: AgentSession): Promise<void> {
    if (session.ended) return;
    session.ended = true;
    session.end = new Date();
    this.sessions.delete(session);
    this.endedSessions.push(session);
    if (this.endedSessions.length > ENDED_KEPT) this.endedSessions.shift();
    if (session.recorder && this.writer) await this.writer.endSession(session.recorder);
    this.changedEmitter.fire();
  }

  /** Live sessions; with `ended`, also the last 50 that ended (oldest first). */
  list(options: { ended?: boolean } = {}): AgentSession[] {
    return options.ended ? [...this.endedSessions, ...this.sessions] : [...this.sessions];
  }

  get(id: string): AgentSession | undefined {
    return [...this.sessions, ...this.endedSessions].find((s) => s.id === id);
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

  /**
   * Files received by these sessions (default: live and recently ended), the latest delivery per
   * path winning, with the call that sent it and whether the file changed on disk since.
   */
  receivedFiles(sessions: Iterable<AgentSession> = this.list({ ended: true })): ReceivedEntry[] {
    const byPath = new Map<RelPath, ReceivedEntry>();
    for (const session of sessions) {
      const status = new Map(this.changes(session).map((c) => [c.path, c.status]));
      for (const f of session.ledger.received()) {
        const receipt = session.callLog.find((c) => c.n === f.lastCall);
        const at = receipt?.at ?? session.start.toISOString();
        const known = byPath.get(f.path);
        if (known && known.at >= at) continue;
        byPath.set(f.path, {
          path: f.path,
          session,
          call: f.lastCall,
          tool: receipt?.tool ?? 'get_file',
          at,
          revision: receipt?.revision ?? 0,
          changed: status.get(f.path) !== 'unchanged',
        });
      }
    }
    return [...byPath.values()];
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

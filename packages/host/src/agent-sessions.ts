// The window's view of a project's agent sessions: the MCP server's session registry (live
// sessions and the recently ended ones, with their ledgers and call logs) plus the receipts kept
// on disk from earlier runs. Receipts hold no contents and no secret values; neither does this.

import type {
  CallRecord,
  Receipt,
  ReceiptFormat,
  ReceivedFile,
  SessionDetail,
  SessionSummary,
} from '@loupe/common';
import {
  type AgentSession,
  type CallReceipt,
  listReceipts,
  receiptMarkdown,
  type SessionReceipt,
  type SessionRegistry,
  savingsOf,
  sessionReceipt,
} from '@loupe/engine';
import { HostError } from './errors';
import type { SessionSource } from './sessions';
import * as v from './validate';

const HISTORY = 50;
const RECEIPTS: readonly ReceiptFormat[] = ['markdown', 'json'];

const maskedOf = (c: CallReceipt) => Object.values(c.masked).reduce((a, b) => a + b, 0);

function callRecord(c: CallReceipt): CallRecord {
  return {
    call: c.n,
    tool: c.tool,
    at: Date.parse(c.at),
    revision: c.revision,
    tokens: c.resultTokens,
    paths: [...new Set(c.delivered.map((d) => d.path))],
    masked: maskedOf(c),
    ...(c.error ? { leftOut: c.error } : {}),
    ...(c.requests?.length
      ? {
          requests: c.requests.map((r) => ({
            path: r.path,
            decision: r.decision,
            decidedBy: r.decidedBy,
            askedAt: Date.parse(r.asked),
            decidedAt: Date.parse(r.decidedAt),
          })),
        }
      : {}),
  };
}

const clientName = (s: {
  client?: { name: string } | undefined;
  transport?: string;
  info?: { transport: string };
}) => s.client?.name ?? `unnamed client (${s.transport ?? s.info?.transport ?? 'unknown transport'})`;

function liveSummary(s: AgentSession): SessionSummary {
  return {
    id: s.id,
    client: clientName(s),
    ...(s.client ? { clientVersion: s.client.version } : {}),
    startedAt: s.start.getTime(),
    ...(s.end ? { endedAt: s.end.getTime() } : {}),
    connected: !s.ended,
    calls: s.calls,
    tokens: s.tokens,
    files: s.ledger.paths().size,
    masked: s.masked,
    ...(s.lastRevision !== undefined ? { lastRevision: s.lastRevision } : {}),
    ...(s.savings.whole > 0 ? { savings: { ...s.savings } } : {}),
  };
}

function pastSummary(r: SessionReceipt): SessionSummary {
  const files = new Set(r.calls.flatMap((c) => c.delivered.map((d) => d.path)));
  const last = r.calls.at(-1);
  return {
    id: r.id,
    client: clientName(r),
    ...(r.client ? { clientVersion: r.client.version } : {}),
    startedAt: Date.parse(r.start),
    ...(r.end ? { endedAt: Date.parse(r.end) } : {}),
    connected: false,
    calls: r.calls.length + r.dropped,
    tokens: r.calls.reduce((a, c) => a + c.resultTokens, 0),
    files: files.size,
    masked: r.calls.reduce((a, c) => a + maskedOf(c), 0),
    ...(last ? { lastRevision: last.revision } : {}),
    ...savingsField(savingsOf(r.calls)),
  };
}

const savingsField = (s: { delivered: number; whole: number }) => (s.whole > 0 ? { savings: s } : {});

export function registrySessions(
  registry: SessionRegistry,
  stateDir: string | null,
  root: string,
): SessionSource {
  // Receipts of earlier runs, read once: this run's sessions are in memory.
  let past: SessionReceipt[] | undefined;
  const history = () => {
    past ??= stateDir ? listReceipts(stateDir, root).slice(0, HISTORY) : [];
    return past;
  };
  const received = (sessions?: AgentSession[]): ReceivedFile[] =>
    registry.receivedFiles(sessions).map((e) => ({
      path: e.path,
      sessionId: e.session.id,
      client: clientName(e.session),
      call: e.call,
      tool: e.tool,
      at: Date.parse(e.at),
      revision: e.revision,
      changed: e.changed,
    }));

  return {
    list() {
      const live = registry.list({ ended: true });
      const ids = new Set(live.map((s) => s.id));
      // A connection that ended without a call received nothing: it leaves no row (a live one
      // shows, it may still call).
      return [
        ...live.map(liveSummary).reverse(),
        ...history()
          .filter((r) => !ids.has(r.id))
          .map(pastSummary),
      ].filter((s) => s.connected || s.calls > 0);
    },
    get(id) {
      const s = registry.get(id);
      if (s)
        return {
          ...liveSummary(s),
          callLog: s.callLog.map(callRecord),
          received: received([s]),
        } satisfies SessionDetail;
      const r = history().find((x) => x.id === id);
      // An earlier run's session: its calls are on record, its ledger (and so its marks) is gone.
      return r ? { ...pastSummary(r), callLog: r.calls.map(callRecord), received: [] } : null;
    },
    received(sessionId) {
      if (sessionId === undefined) return received();
      const s = registry.get(sessionId);
      return s ? received([s]) : [];
    },
    receipt(id, format) {
      const s = registry.get(id);
      const r = s ? sessionReceipt(s) : history().find((x) => x.id === id);
      if (!r) return null;
      const stamp = r.start.replace(/[:.]/g, '-');
      return format === 'markdown'
        ? { fileName: `loupe-receipt-${stamp}-${r.id.slice(0, 8)}.md`, text: receiptMarkdown(r) }
        : {
            fileName: `loupe-receipt-${stamp}-${r.id.slice(0, 8)}.json`,
            text: `${JSON.stringify(r, null, 2)}\n`,
          };
    },
    onDidChange: (listener) => registry.onDidChange(listener),
    onDidCall: (listener) =>
      registry.onDidCall(({ session, receipt }) =>
        listener({ sessionId: session.id, client: clientName(session), call: callRecord(receipt) }),
      ),
  };
}

/** One session's receipt (the window's Export receipt); an unknown session, or no project, is refused. */
export function exportReceipt(sessions: SessionSource | undefined, arg: unknown): Receipt {
  const a = v.record(arg);
  const id = v.string(a.id, 'session id');
  const receipt = sessions?.receipt(id, v.oneOf(a.format, RECEIPTS, 'receipt format'));
  if (!receipt) throw new HostError('invalid-argument', `There is no agent session ${id} in this project.`);
  return receipt;
}

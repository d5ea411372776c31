// Agent sessions: each session's client, start/end, calls, tokens, files received (click reveals
// in the tree), masked values; the receipt as Markdown or JSON; whose marks the tree shows.
import {
  type AccessRequestRecord,
  compactCount,
  groupDigits,
  plural,
  type ReceiptFormat,
  savingsText,
} from '@loupe/common';
import { revealInTree } from '../app/commands';
import { formatTime } from '../model/format';
import { clipboard } from '../services/clipboard';
import { hostSync } from '../services/host';
import { useSessions } from '../store/hooks';
import { projectStore, sessionsStore, uiStore } from '../store/index';

async function saveReceipt(id: string, format: ReceiptFormat) {
  try {
    const r = await sessionsStore.getState().receipt(id, format);
    const url = URL.createObjectURL(
      new Blob([r.text], { type: format === 'json' ? 'application/json' : 'text/markdown' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = r.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    await clipboard.writeText(r.text).catch(() => {});
    uiStore.getState().toast(`Receipt saved as ${r.fileName} (and copied)`);
  } catch (error) {
    projectStore.getState().notify({ level: 'error', message: (error as Error).message });
  }
}

const DECISIONS: Record<string, string> = {
  'allow-once': 'allowed once',
  'add-to-focus': 'added to the focus',
  deny: 'denied',
  timeout: 'not answered in time',
  headless: 'refused (no window to ask)',
  withdrawn: 'withdrawn',
  busy: 'refused (too many waiting)',
};
const DECIDERS: Record<string, string> = {
  person: 'you',
  'time limit': 'the time limit',
  'no window': 'no window',
  agent: 'the agent',
  bound: 'the waiting bound',
};

/** "allowed once by you at 2026-12-01 22:40:12" */
function requestWords(r: AccessRequestRecord): string {
  return `${DECISIONS[r.decision] ?? r.decision} by ${DECIDERS[r.decidedBy] ?? r.decidedBy} at ${formatTime(r.decidedAt)}`;
}

export function SessionsPanel() {
  const { sessions, selected, detail, markSource } = useSessions((s) => ({
    sessions: s.sessions,
    selected: s.selected,
    detail: s.detail,
    markSource: s.markSource,
  }));
  const st = sessionsStore.getState();
  return (
    <section className="panel sessions-panel" aria-label="Agent sessions">
      <h2>Agent sessions</h2>
      <label>
        Marks in the tree show files received by{' '}
        <select
          value={markSource}
          onChange={(e) => {
            st.setMarkSource(e.target.value);
            void hostSync().refreshMarks();
          }}
        >
          <option value="all">any session</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.client} · {formatTime(s.startedAt)}
            </option>
          ))}
        </select>
      </label>
      {sessions.length === 0 ? (
        <p className="muted">No agent has connected to this project yet. The Connect panel shows how.</p>
      ) : (
        <table className="sessions" data-testid="sessions">
          <thead>
            <tr>
              <th>Client</th>
              <th>Started</th>
              <th>Ended</th>
              <th>Calls</th>
              <th>Tokens</th>
              <th>Files</th>
              <th>Masked</th>
              <th title="Tokens the reads saved against the same files read whole">Saved</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr
                key={s.id}
                className={s.id === selected ? 'selected' : ''}
                aria-selected={s.id === selected}
                onClick={() => void st.select(s.id === selected ? null : s.id)}
              >
                <td>
                  {s.connected ? <span className="live" title="connected" /> : null}
                  {/* The row's keyboard handle: Tab reaches each session, Enter opens its receipt. */}
                  <button
                    type="button"
                    className="link session-open"
                    data-session={s.id}
                    aria-expanded={s.id === selected}
                    title={s.id === selected ? "Close this session's receipt" : "Show this session's receipt"}
                    onClick={(e) => {
                      e.stopPropagation();
                      void st.select(s.id === selected ? null : s.id);
                    }}
                  >
                    {s.client}
                    {s.clientVersion ? ` ${s.clientVersion}` : ''}
                  </button>
                </td>
                <td>{formatTime(s.startedAt)}</td>
                <td>{s.endedAt ? formatTime(s.endedAt) : s.connected ? 'connected' : '—'}</td>
                <td>{s.calls}</td>
                <td>{compactCount(s.tokens)}</td>
                <td>{s.files}</td>
                <td>{s.masked}</td>
                <td>{savedCell(s.savings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail ? (
        <div className="receipt" data-testid="receipt">
          <h3>
            Receipt: {detail.client} · {groupDigits(detail.calls)} calls · {groupDigits(detail.tokens)} tokens
          </h3>
          <p data-testid="savings">
            Reads (get_file and pack): {(detail.savings && savingsText(detail.savings)) ?? 'no file read yet'}
          </p>
          <div className="actions">
            <button type="button" onClick={() => void saveReceipt(detail.id, 'markdown')}>
              Export Markdown
            </button>
            <button type="button" onClick={() => void saveReceipt(detail.id, 'json')}>
              Export JSON
            </button>
          </div>
          <h4>Calls</h4>
          <ol className="calls">
            {detail.callLog.map((c) => (
              <li key={c.call}>
                <code>{c.tool}</code> r{c.revision} · {compactCount(c.tokens)} tokens ·{' '}
                {plural(c.paths.length, 'path')}
                {c.masked ? ` · ${c.masked} masked` : ''}
                {c.leftOut ? <span className="muted"> · left out: {c.leftOut}</span> : null}
                {c.requests?.length ? (
                  <ul className="requests" data-testid="call-requests">
                    {c.requests.map((r) => (
                      <li key={`${r.path}\0${r.askedAt}`}>
                        asked for <code>{r.path}</code> at {formatTime(r.askedAt)}: {requestWords(r)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          <h4>Files received</h4>
          <ul className="received">
            {detail.received.map((f) => (
              <li key={f.path}>
                <button type="button" className="link" onClick={() => revealInTree(f.path)}>
                  {f.path}
                </button>{' '}
                <span className="muted">
                  call {f.call} ({f.tool}){f.changed ? ' · changed since' : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** `27.7k (54%)`, or the extra cost; blank when the session read no file. */
function savedCell(s: { delivered: number; whole: number } | undefined): string {
  if (!s || s.whole <= 0) return '';
  const saved = s.whole - s.delivered;
  return saved < 0
    ? `+${compactCount(-saved)}`
    : `${compactCount(saved)} (${Math.round((saved / s.whole) * 100)}%)`;
}

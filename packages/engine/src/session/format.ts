// Receipts for people: one line per session and per call (`loupe receipts`), or a Markdown
// document (the window's "export receipt"). Both hold what the receipt holds: no contents, no
// search text, no secret values.
import { type Savings, savingsText } from '@loupe/common';
import type { AccessRequestReceipt, CallReceipt, SessionReceipt } from './receipts';
import type { AgentSession } from './sessions';

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

/** A live or ended in-memory session as a receipt (the calls it still holds in memory). */
export function sessionReceipt(session: AgentSession): SessionReceipt {
  return {
    id: session.id,
    ...session.info,
    ...(session.client ? { client: session.client } : {}),
    start: session.start.toISOString(),
    ...(session.end ? { end: session.end.toISOString() } : {}),
    calls: [...session.callLog],
    dropped: session.calls - session.callLog.length,
  };
}

const ranges = (lines: ReadonlyArray<readonly [number, number]>) =>
  lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');

const DECISIONS: Record<AccessRequestReceipt['decision'], string> = {
  'allow-once': 'allowed once',
  'add-to-focus': 'added to the focus',
  deny: 'denied',
  timeout: 'not answered in time',
  headless: 'refused',
  withdrawn: 'withdrawn',
  busy: 'refused (too many requests waiting)',
};

const DECIDERS: Record<AccessRequestReceipt['decidedBy'], string> = {
  person: 'the person',
  'time limit': 'the time limit',
  'no window': 'no window to ask',
  agent: 'the agent',
  bound: 'the waiting bound',
};

/** `asked for src/a.ts (lines 1-9): allowed once (the person, 2026-…)`: no content, no symbol text. */
export function requestText(r: AccessRequestReceipt): string {
  const end = r.lines && r.lines[1] >= Number.MAX_SAFE_INTEGER ? 'end' : r.lines?.[1];
  const what = r.lines ? ` (lines ${r.lines[0]}-${end})` : r.bySymbol ? ' (a symbol)' : '';
  return `asked for ${r.path}${what}: ${DECISIONS[r.decision]} (${DECIDERS[r.decidedBy]}, ${r.decidedAt})`;
}

const maskedCount = (c: CallReceipt) => Object.values(c.masked).reduce((a, b) => a + b, 0);

function headline(s: SessionReceipt): string {
  const client = s.client ? `${s.client.name} ${s.client.version}` : 'unknown client';
  const tokens = s.calls.reduce((a, c) => a + c.resultTokens, 0);
  const errors = s.calls.filter((c) => c.error).length;
  const end = s.end ? `ended ${s.end}` : 'open or interrupted';
  const saved = savingsText(savingsOf(s.calls));
  return `${s.start}  ${client} over ${s.transport}${s.headless ? ' (headless)' : ''}: ${s.calls.length} calls, ${tokens} result tokens${errors ? `, ${errors} refused or failed` : ''}${saved ? `; reads: ${saved}` : ''}; ${end}`;
}

/** `loupe receipts`: a headline per session, one line per call. */
export function receiptText(s: SessionReceipt): string[] {
  const out = [headline(s)];
  for (const c of s.calls) {
    const files = c.delivered.map((d) => `${d.path}:${ranges(d.lines)}`).join(' ');
    const masked = maskedCount(c);
    out.push(
      `  #${c.n} ${c.tool} r${c.revision} ${c.ms} ms ${c.resultTokens} tok${c.wholeTokens !== undefined ? ` (whole files ${c.wholeTokens})` : ''}${c.error ? ` [${c.error}]` : ''}${masked ? ` masked ${masked}` : ''}${files ? ` ${files}` : ''}`,
    );
    for (const r of c.requests ?? []) out.push(`      ${requestText(r)}`);
  }
  if (s.dropped) out.push(`  … ${s.dropped} calls not listed (beyond the receipt's size bound)`);
  return out;
}

const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A Markdown receipt of one session. */
export function receiptMarkdown(s: SessionReceipt): string {
  const client = s.client ? `${s.client.name} ${s.client.version}` : 'unknown client';
  const tokens = s.calls.reduce((a, c) => a + c.resultTokens, 0);
  const masked = s.calls.reduce((a, c) => a + maskedCount(c), 0);
  const out = [
    `# Loupe receipt: ${cell(client)}`,
    '',
    `- Project: \`${s.project}\``,
    `- Transport: ${s.transport}${s.headless ? ' (headless)' : ''}`,
    `- Started: ${s.start}; ${s.end ? `ended: ${s.end}` : 'not ended (open or interrupted)'}`,
    `- Calls: ${s.calls.length}${s.dropped ? ` listed (${s.dropped} more not listed)` : ''}; result tokens: ${tokens}; masked values: ${masked}`,
    `- Reads (get_file and pack): ${savingsText(savingsOf(s.calls)) ?? 'no file read'}${s.dropped ? ' (over the listed calls)' : ''}`,
    '',
    'Receipts hold no file contents, no search text and no secret values.',
    '',
    '| # | tool | revision | ms | tokens | delivered (path: lines) | masked | error |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const c of s.calls) {
    const files = [
      ...c.delivered.map((d) => `${cell(d.path)}: ${ranges(d.lines)}`),
      ...(c.requests ?? []).map((r) => cell(requestText(r))),
    ].join('<br>');
    out.push(
      `| ${c.n} | ${c.tool} | ${c.revision} | ${c.ms} | ${c.resultTokens} | ${files} | ${maskedCount(c) || ''} | ${c.error ?? ''} |`,
    );
  }
  return `${out.join('\n')}\n`;
}

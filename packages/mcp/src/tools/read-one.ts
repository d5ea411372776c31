// One get_file request: jail, read through the content pipeline, consult the session ledger
// (a repeat costs one line, a partial overlap sends only new lines), keep within the token budget
// (an oversized read answers with a `lines` call that fits), and say what was left out. The
// pipeline's result (the engine's ProcessedFile) is rendered here, into the tool's body.

import { type Detail, groupDigits, plural } from '@loupe/common';
import {
  countTokens,
  DEFAULT_MAX_FILE_BYTES,
  type DeliveredSpan,
  formatRanges,
  isLoupeError,
  jailPath,
  type LineSpan,
  LoupeError,
  type ProcessedFile,
  type SymbolMiss,
} from '@loupe/engine';
import { call, quoted, span } from '../format';
import type { CallContext, ToolBody } from '../registry';
import { dataBlock } from '../untrusted';
import { OPEN_END } from './lines';
import { refusal } from './refusal';

export interface ReadRequest {
  path: string;
  lines?: LineSpan;
  symbol?: string;
  detail?: Detail;
  fresh?: boolean;
  /** Strict focus: the person allowed this one read of a file outside the focus. */
  allowedOnce?: boolean;
}

/** One request's part of a get_file result, and the tokens of the file text it carries. */
export type ReadBody = ToolBody & {
  tokens: number;
  /** The file this read sent lines of, or answered with a reference to, at its content hash. */
  read?: { path: string; hash: string };
};

const fail = (parts: string[], error: string): ReadBody => ({ parts, tokens: 0, error });

function coveredText(covered: DeliveredSpan[]): string {
  const calls = [...new Set(covered.map((c) => c.call))].sort((a, b) => a - b);
  const revisions = [...new Set(covered.map((c) => c.revision))];
  const callText = calls.length === 1 ? `call #${calls[0]}` : `calls ${calls.map((c) => `#${c}`).join(', ')}`;
  const revText = revisions.length === 1 ? `revision ${revisions[0]}` : `revisions ${revisions.join(', ')}`;
  return `unchanged since ${callText} (${revText})`;
}

/** How many of `lines` (joined by newlines) fit `tokens` and `chars`: exact, by counting the kept text. */
function fittingCount(lines: readonly string[], tokens: number, chars: number): number {
  // A first guess line by line (a line's tokens plus its newline), then checked on the text itself.
  let used = 0;
  let length = 0;
  let n = 0;
  while (n < lines.length) {
    const line = lines[n]!;
    used += countTokens(line) + 1;
    length += line.length + 1;
    if (used > tokens || length > chars) break;
    n++;
  }
  while (n > 0 && countTokens(lines.slice(0, n).join('\n')) > tokens) n = Math.floor(n * 0.9);
  return n;
}

/** What one read may still carry: o200k tokens and characters of file text. */
export interface ReadBudget {
  tokens: number;
  chars: number;
}

export async function readOne(req: ReadRequest, room: ReadBudget, ctx: CallContext): Promise<ReadBody> {
  const budget = room.tokens;
  const { project, session } = ctx;
  const v = jailPath(req.path, project.jail);
  if (!v.ok) {
    const r = refusal(v, 'get_file', project);
    return fail(r.parts, r.error!);
  }
  if (v.kind === 'folder')
    return fail(
      [
        `${quoted(v.path || '.')} is a folder, not a file; list it with ${call('get_tree', v.path ? { path: v.path } : {})}.`,
      ],
      'is-a-folder',
    );
  const p = v.path;
  // A file that grew past the text limit since the scan is not read (the scan would flag it now).
  if (v.size > DEFAULT_MAX_FILE_BYTES)
    return fail(
      [
        `${quoted(p)} is ${groupDigits(Math.round(v.size / 1024))} KiB now, larger than the ${groupDigits(DEFAULT_MAX_FILE_BYTES / 1024)} KiB limit for reading files as text.`,
      ],
      'withheld',
    );
  let r: ProcessedFile;
  try {
    r = await project.content.read(
      p,
      {
        ...(req.lines ? { lines: { start: req.lines[0], end: req.lines[1] } } : {}),
        ...(req.symbol ? { symbol: req.symbol } : {}),
        ...(req.detail ? { detail: req.detail } : {}),
      },
      session.mask,
    );
  } catch (error) {
    if (isLoupeError(error)) return fail([`${quoted(p)}: ${error.message}`], error.code);
    throw error;
  }
  if (r.kind === 'withheld') return fail([`${quoted(p)}: ${r.reason}`], 'withheld');
  if (r.kind === 'symbol-miss') return symbolMiss(p, r);
  // The delivered text, without a final line break.
  const res = {
    text: r.text.endsWith('\n') ? r.text.slice(0, -1) : r.text,
    lines: [r.range.start || 1, r.range.end] as LineSpan,
    level: r.level,
  };
  const total = r.range.total;
  if (req.lines && total > 0 && req.lines[0] > total)
    throw new LoupeError(
      'invalid-argument',
      `${quoted(p)} has ${plural(total, 'line')}; ask for lines within 1–${total}, e.g. ${call('get_file', { path: p, lines: `1-${Math.min(total, 200)}` })}.`,
    );
  const [from, to] = res.lines;
  const outside = project.inFocus(p)
    ? ''
    : req.allowedOnce
      ? ' · outside the focus, allowed once by the developer (the focus is unchanged)'
      : ' · outside the focus (read by name)';
  const level = res.level !== 'full' ? ` · detail ${res.level}` : '';
  const header = `${quoted(p)} · ${to >= from ? `${from === to ? 'line' : 'lines'} ${span(from, to)} of ${groupDigits(total)}` : 'empty file'}${level}${outside}`;

  // What this session already holds. Text read with masking off is other text than the masked
  // read of the same file (the project's setting can change mid-session): held apart.
  const held = r.masked ? res.level : `${res.level} unmasked`;
  const plan = req.fresh
    ? { send: to >= from ? [[from, to] as LineSpan] : [], covered: [] as DeliveredSpan[] }
    : session.ledger.plan(p, r.hash, held, from, to);
  if (to >= from && plan.send.length === 0) {
    return {
      parts: [
        `[Already received] ${quoted(p)} ${from === to ? 'line' : 'lines'} ${span(from, to)} ${coveredText(plan.covered)}; pass fresh:true to receive it again.`,
      ],
      tokens: 0,
      read: { path: p, hash: r.hash },
    };
  }

  // Split the text into the segments to send (line-exact at full detail; whole otherwise).
  const all = res.text === '' ? [] : res.text.split('\n');
  const sliceable = res.level === 'full' && all.length === to - from + 1;
  const segments: Array<{ range: LineSpan; text: string }> =
    sliceable && plan.covered.length
      ? plan.send.map(([a, b]) => ({
          range: [a, b] as LineSpan,
          text: all.slice(a - from, b - from + 1).join('\n'),
        }))
      : [{ range: [from, to], text: res.text }];

  // Budget: a cheap length bound first, the exact count only when it might fit.
  let text = segments.map((s) => s.text).join('\n');
  let tokens =
    segments.length === 1 && r.tokens !== undefined && segments[0]!.text === res.text
      ? r.tokens
      : text.length > budget * 12
        ? Number.POSITIVE_INFINITY
        : countTokens(text);
  // Lines the result could not carry: sent in a later call, named here.
  let cut: { first: number; last: number; size: string } | undefined;
  if (tokens > budget || text.length > room.chars) {
    const size = Number.isFinite(tokens)
      ? `${groupDigits(tokens)} tokens`
      : `about ${groupDigits(Math.round(text.length / 4))} tokens`;
    const first = segments[0]!;
    const lines = first.text.split('\n');
    // Only full text is cut by lines (a compressed form's lines are not the file's own).
    const keep = sliceable ? fittingCount(lines, budget, room.chars) : 0;
    if (keep === 0) {
      const fit = Math.max(
        first.range[0],
        first.range[0] + fittingCount(lines.slice(0, 2000), Math.floor(budget * 0.95), room.chars) - 1,
      );
      return fail(
        [
          `${header}: ${size}, more than the ${groupDigits(budget)} tokens this result can still carry. Read it in parts, starting with ${call('get_file', { path: p, lines: `${first.range[0]}-${fit}` })}${res.level === 'full' ? `, or one declaration with symbol, or the outline: ${call('get_file', { path: p, detail: 'signatures' })}` : ''}.`,
        ],
        'too-large',
      );
    }
    const last = first.range[0] + keep - 1;
    cut = { first: last + 1, last: segments[segments.length - 1]!.range[1], size };
    segments.splice(0, segments.length, {
      range: [first.range[0], last],
      text: lines.slice(0, keep).join('\n'),
    });
    text = segments[0]!.text;
    tokens = countTokens(text);
  }

  const parts = [
    cut
      ? `${quoted(p)} · lines ${span(from, cut.first - 1)} of ${groupDigits(total)}${level}${outside} (lines ${span(from, to)} came to ${cut.size}, more than one result carries)`
      : header,
  ];
  if (plan.covered.length)
    parts.push(
      `[Already received] lines ${formatRanges(plan.covered)} ${coveredText(plan.covered)}; sending only lines ${formatRanges(plan.send)} (pass fresh:true to receive all of them).`,
    );
  for (const s of segments) {
    const label = segments.length > 1 ? `Lines ${span(s.range[0], s.range[1])}` : 'File text';
    parts.push(dataBlock(label, s.text));
  }
  if (cut)
    parts.push(
      `Not shown: lines ${span(cut.first, cut.last)}${cut.last < total ? ` (and ${span(cut.last + 1, total)}, not asked for)` : ''}; the next part: ${call('get_file', { path: p, lines: `${cut.first}-${cut.last}` })} (Loupe sends what fits).`,
    );
  else if (req.lines && to < total && req.lines[1] !== OPEN_END)
    parts.push(
      `Not shown: lines ${span(to + 1, total)}; ${call('get_file', { path: p, lines: `${to + 1}-${Math.min(total, to + 400)}` })}.`,
    );
  else if (from > 1 && !req.symbol) parts.push(`Not shown: lines 1–${from - 1}.`);
  if (r.levelReason) parts.push(`Detail ${r.level}, not ${r.requested}: ${r.levelReason}.`);

  const sent = segments.map((s) => s.range).filter(([a, b]) => b >= a);
  if (sent.length) session.ledger.record(p, r.hash, held, sent, ctx.call, ctx.revision, total);
  return {
    parts,
    tokens,
    read: { path: p, hash: r.hash },
    delivered: [
      {
        path: p,
        lines: sent.map(([a, b]) => [a, b] as LineSpan),
        hash: r.hash,
        detail: r.level,
      },
    ],
    masked: r.maskedByRule,
  };
}

/** A symbol that is ambiguous or unknown: the candidates (names are data) and the call to make. */
function symbolMiss(p: string, r: SymbolMiss): ReadBody {
  const { query, match: miss, totalLines } = r;
  const declarations = miss.kind === 'ambiguous' ? miss.candidates : miss.nearest;
  const rows = declarations.map(
    (d) => `${d.qualifiedName} (${d.kind}, lines ${span(d.docLine ?? d.startLine, d.endLine)})`,
  );
  const what =
    miss.kind === 'ambiguous'
      ? `${quoted(query)} names ${plural(rows.length, 'declaration')} in ${quoted(p)}; ask for one by its qualified name`
      : `No declaration ${quoted(query)} in ${quoted(p)}${rows.length ? '; the nearest names are below' : ''}`;
  const parts = [`${what}: ${call('get_file', { path: p, symbol: 'QUALIFIED.NAME' })}.`];
  if (rows.length)
    parts.push(dataBlock(miss.kind === 'ambiguous' ? 'Candidates' : 'Nearest declarations', rows.join('\n')));
  else
    parts.push(
      `Read it by lines instead: ${call('get_file', { path: p, lines: `1-${Math.min(Math.max(totalLines, 1), 200)}` })}.`,
    );
  return fail(parts, miss.kind === 'ambiguous' ? 'ambiguous-symbol' : 'unknown-symbol');
}

// The agent-facing text of a search result. `data` is project-derived (paths, code, names): the MCP
// layer fences it as data; `trailer` is Loupe's own statements: what was searched, what was cut
// and what was left out. The live-context line is the MCP layer's.

import { groupDigits, plural } from '@loupe/common';
import type { DeliveredReceipt } from '../session/receipts';
import type { GetFileCall, SearchResult } from './result';
import { unmatchedScopeLine } from './scope';

export interface RenderedSearch {
  label: string;
  data: string;
  trailer: string[];
}

/** 1,234 (groupDigits: no Intl start-up cost) */
export const fmt = groupDigits;

export function getFileCall(call: GetFileCall): string {
  const args: string[] = [`"path": ${JSON.stringify(call.path)}`];
  if (call.symbol !== undefined) args.push(`"symbol": ${JSON.stringify(call.symbol)}`);
  if (call.lines !== undefined) args.push(`"lines": ${JSON.stringify(call.lines)}`);
  return `get_file {${args.join(', ')}}`;
}

const TIER_WORDS: Record<string, string> = {
  qualified: 'its qualified name',
  name: 'its name',
  'name?': 'a line that looks like its declaration',
  'partial-name': 'part of its name',
  syntax: 'its declaration line',
  content: 'its body',
};

const dash = (a: number, b: number) => (a === b ? `${a}` : `${a}–${b}`);
const lines = (a: number, b: number) => `${a === b ? 'line' : 'lines'} ${dash(a, b)}`;

function bestBlock(r: SearchResult): string[] {
  const b = r.best;
  if (!b) return [];
  const d = b.declaration;
  const what = d
    ? `${d.kind} ${d.qualifiedName}, ${lines(b.range.start, b.range.end)} of ${b.totalLines} (the match is in ${TIER_WORDS[b.tier]})`
    : `${lines(b.range.start, b.range.end)} of ${b.totalLines} around the match on line ${b.line} (no enclosing declaration)`;
  const out = [`Best match: ${b.path}, ${what}`];
  const gaps = [...b.omitted];
  for (const p of b.parts) {
    while (gaps[0] && gaps[0].end < p.start) out.push(omittedLine(gaps.shift()!));
    out.push(p.text);
  }
  for (const g of gaps) out.push(omittedLine(g));
  return out;
}

function omittedLine(g: { start: number; end: number; call: GetFileCall }): string {
  return `${lines(g.start, g.end)} not shown; ${getFileCall(g.call)}`;
}

function declarationsBlock(r: SearchResult): string[] {
  if (!r.declarations.length) return [];
  const out = ['Declarations holding matches:'];
  for (const h of r.declarations) {
    const d = h.declaration;
    const where = `${h.path}:${dash(d.docLine ?? d.startLine, d.endLine)}`;
    out.push(
      `${where} ${d.kind} ${d.qualifiedName} (${plural(h.matches, 'match', 'matches')}${h.tier === 'qualified' || h.tier === 'name' ? ', declared here' : ''}) ${getFileCall(h.call)}`,
    );
  }
  return out;
}

/** Matches grouped per file: `path (k of n)` then `line: text` for matches and `line- text` for context. */
function grouped(r: SearchResult): string[] {
  const out: string[] = [];
  for (const f of r.files) {
    const more = f.matches > f.shownHits || f.capped;
    const count = more ? ` (${fmt(f.shownHits)} of ${fmt(f.matches)}${f.capped ? '+' : ''} matches)` : '';
    const above = f.inBest
      ? `${count ? '; ' : ' ('}${plural(f.inBest, 'line')} in the best match above)`
      : '';
    out.push(`${f.path}${count && above ? count.slice(0, -1) : count}${above}`);
    let prev = 0;
    for (const l of f.lines) {
      if (prev && l.line > prev + 1) out.push('--');
      out.push(`${l.line}${l.hit ? ':' : '-'} ${l.text}`);
      prev = l.line;
    }
  }
  return out;
}

function matchesBlock(r: SearchResult): string[] {
  return r.files.length ? ['Matches:', ...grouped(r)] : [];
}

export interface RenderSearchOptions {
  /** State how many files outside the focus were not searched (the MCP live-context line says it there). */
  outsideFocus?: boolean;
}

function coverageLine(r: SearchResult, outsideFocus: boolean): string {
  const c = r.coverage;
  const skipped = Object.entries(c.notSearched);
  const skippedTotal = skipped.reduce((n, [, k]) => n + k, 0);
  const where = r.paths
    ? `${plural(c.inScope, 'file')} in the given paths (of ${fmt(c.focus)} in the focus)`
    : `${plural(c.focus, 'file')} in the focus`;
  let line = `Searched ${fmt(c.searched)} of ${where}`;
  if (skippedTotal) line += ` (not searched: ${skipped.map(([why, k]) => `${fmt(k)} ${why}`).join(', ')})`;
  if (outsideFocus)
    line += `; ${plural(c.outsideFocus, 'file')} outside the focus ${c.outsideFocus === 1 ? 'was' : 'were'} not searched`;
  return `${line}.`;
}

export function renderSearch(r: SearchResult, options: RenderSearchOptions = {}): RenderedSearch {
  const t = r.totals;
  const mode = `${r.regex ? 'RE2 regex' : 'literal'}, ${r.caseSensitive ? 'case-sensitive' : 'case-insensitive'}`;
  const trailer: string[] = [];
  if (!t.files) {
    trailer.push(`No matches (${mode}).`);
    if (r.caseSensitive && !r.regex)
      trailer.push('The query has capitals, so case counts; search in lower case to ignore case.');
  } else {
    let line = `${plural(t.matches, 'match', 'matches')}${t.capped ? '+' : ''} in ${plural(t.files, 'file')} (${mode}); shown: ${plural(t.shownHits, 'match', 'matches')} in ${plural(t.shownFiles, 'file')}`;
    if (t.shownFiles < t.files || t.shownHits < t.matches)
      line += `, cut at ${t.maxChars ? `about ${fmt(t.maxChars)} characters` : `${fmt(t.maxResults)} matches`} (every matching file gets one match before any gets a second)`;
    if (t.shownFiles < t.files) line += `; ${plural(t.files - t.shownFiles, 'matching file')} not shown`;
    trailer.push(`${line}.`);
  }
  trailer.push(coverageLine(r, options.outsideFocus !== false));
  const c = r.coverage;
  if (c.timedOut)
    trailer.push(
      `The regular expression stopped at its ${fmt(c.timedOut.limitMs)} ms time limit: files not reached were not searched; narrow it with paths.`,
    );
  if (c.unmatchedScope.length) trailer.push(unmatchedScopeLine(c.unmatchedScope));
  if (r.best?.omitted.length) {
    const lines = r.best.omitted.map((o) => dash(o.start, o.end)).join(' and ');
    trailer.push(
      `The best match's declaration is capped at ${fmt(r.best.cap)} characters: lines ${lines} not shown (the get_file call in the result reads them).`,
    );
  }
  if (r.declarationsFound > r.declarations.length)
    trailer.push(
      `Declarations holding matches: ${fmt(r.declarations.length)} of ${fmt(r.declarationsFound)} found shown, each file's best first.`,
    );
  if (c.unparsed)
    trailer.push(
      `${plural(c.unparsed, 'matching file')} ranked by text alone (declarations not parsed within this search's time budget, or no grammar).`,
    );
  const placeholders = Object.values(r.masked).reduce((a, b) => a + b, 0);
  if (placeholders)
    trailer.push(
      `Secret values are masked (${plural(placeholders, 'placeholder')} shown); search never matches a masked value. Placeholder numbers are ${r.placeholders === 'session' ? "this session's" : 'local to this result'}.`,
    );
  const blocks = [bestBlock(r), declarationsBlock(r), matchesBlock(r)].filter((b) => b.length);
  return {
    label: 'Search results (best match, declarations holding matches, matches per file)',
    data: blocks.map((b) => b.join('\n')).join('\n\n') || '(no matches)',
    trailer,
  };
}

/** The whole result as one text: data, then Loupe's statements. */
export function renderSearchResult(r: SearchResult): string {
  const { data, trailer } = renderSearch(r);
  return `${data}\n\n${trailer.join('\n')}\n`;
}

/** What a result showed of each file, as session receipts record deliveries (full detail, line spans). */
export function searchDelivered(r: SearchResult): DeliveredReceipt[] {
  return r.shown.map((s) => ({
    path: s.path,
    hash: s.hash,
    lines: s.lines.map((l) => [l.start, l.end] as const),
    detail: 'full',
  }));
}

/**
 * The result for JSON consumers, with the per-line and per-file lists as a header and rows
 * (`columns` once, then arrays) instead of objects that repeat every key.
 */
export function searchResultJson(r: SearchResult): Record<string, unknown> {
  const { files, ...rest } = r;
  return {
    ...rest,
    files: {
      columns: ['path', 'matches', 'shown', 'tier', 'role', 'explicit', 'hash'],
      rows: files.map((f) => [
        f.path,
        f.matches,
        f.shownHits,
        f.bestTier,
        f.role ?? null,
        f.explicit,
        f.hash,
      ]),
    },
    lines: {
      columns: ['path', 'line', 'match', 'text'],
      rows: files.flatMap((f) => f.lines.map((l) => [f.path, l.line, l.hit ? 1 : 0, l.text])),
    },
  };
}

// The agent-facing text of a search result (the MCP `search` tool; `loupe search` prints the same).
// `data` is project-derived (paths, code, names): the tool fences it as data; `trailer` is Loupe's
// own statements: what was searched, what was cut and what was left out. The live-context line is
// the server's. Every ready call is written by format.ts's `call`, as every other tool writes them.
import { groupDigits as fmt, plural } from '@loupe/common';
import {
  type GetFileCall,
  PARSED_OTHERS,
  PARSED_PER_SEARCH,
  type SearchResult,
  unmatchedScopeLine,
} from '@loupe/engine';
import { call } from '../format';

const MIB = 1024 * 1024;
/** A byte limit as a person wrote it: whole MiB as MiB, anything else in bytes. */
const sizeText = (b: number) => (b >= MIB && b % MIB === 0 ? `${fmt(b / MIB)} MiB` : plural(b, 'byte'));

export interface RenderedSearch {
  label: string;
  data: string;
  trailer: string[];
}

/** `get_file {"path":…,"symbol":…}` or `…"lines":…}`: the call that reads what a line points at. */
export function getFileCall(c: GetFileCall): string {
  return call('get_file', {
    path: c.path,
    ...(c.symbol !== undefined ? { symbol: c.symbol } : {}),
    ...(c.lines !== undefined ? { lines: c.lines } : {}),
  });
}

/** `A.b`, `A::b`, `A#b`: the last part. */
const QUALIFIED =
  /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::|#)[\p{L}_$][\p{L}\p{N}_$]*)*(?:\.|::|#)([\p{L}_$][\p{L}\p{N}_$]*)$/u;

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

const count = (n: number, capped: boolean) => `${plural(n, 'match', 'matches')}${capped ? '+' : ''}`;

/** `(k of n matches)`, `(k of n matches, m of them in the best match above)`, `(n matches, all in …)`, or nothing. */
function shownOf(f: SearchResult['files'][number]): string {
  const above = (all: boolean) =>
    f.inBest ? `, ${all ? 'all' : `${fmt(f.inBest)} of them`} in the best match above` : '';
  if (f.matches > f.shownHits || f.capped)
    return ` (${fmt(f.shownHits)} of ${count(f.matches, f.capped)}${above(false)})`;
  return f.inBest ? ` (${count(f.matches, false)}${above(f.inBest === f.matches)})` : '';
}

/** Matches grouped per file: `path (k of n matches)` then `line: text` for matches and `line- text` for context. */
function grouped(r: SearchResult): string[] {
  const out: string[] = [];
  for (const f of r.files) {
    out.push(`${f.path}${shownOf(f)}`);
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

/** Every matching file the result leaves out: by name, then the rest per top folder. */
function notShownBlock(r: SearchResult): string[] {
  const { files, folders } = r.notShown;
  if (!files.length && !folders.length) return [];
  const out = ['Matching files not shown (best first):'];
  for (const f of files) out.push(`${f.path} (${count(f.matches, f.capped)})`);
  if (folders.length) {
    out.push('and per folder (the same search with "paths": ["FOLDER/"] shows one):');
    for (const g of folders)
      out.push(`${g.folder} (${plural(g.files, 'file')}, ${count(g.matches, g.capped)})`);
  }
  return out;
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
  // None outside: nothing to say.
  if (outsideFocus && c.outsideFocus > 0)
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
    const last = !r.regex && QUALIFIED.exec(r.query)?.[1];
    if (last)
      trailer.push(
        `A qualified name is found where the file declares it under that owner; a member declared under another one (a Go method of an embedded type, a method mixed in at run time) is found by its own name: ${call('search', { query: last })}.`,
      );
  } else {
    let line = `${plural(t.matches, 'match', 'matches')}${t.capped ? '+' : ''} in ${plural(t.files, 'file')} (${mode}); shown: ${plural(t.shownHits, 'match', 'matches')} in ${plural(t.shownFiles, 'file')}`;
    if (t.shownFiles < t.files || t.shownHits < t.matches)
      line += `, in rounds outside the best match (each file's best match in rank order, then each file's second, …) cut at ${t.maxChars ? `about ${fmt(t.maxChars)} characters` : `${fmt(t.maxResults)} matches`}`;
    if (t.shownFiles < t.files)
      line += `; ${plural(t.files - t.shownFiles, 'matching file')} not shown, named under "Matching files not shown"`;
    trailer.push(`${line}.`);
  }
  trailer.push(coverageLine(r, options.outsideFocus !== false));
  const c = r.coverage;
  if (c.stopped) {
    const t = c.stopped;
    const reached = t.lastSearched
      ? `files are searched in path order, and those through ${JSON.stringify(t.lastSearched)} were`
      : 'no file was searched';
    trailer.push(
      `The regular expression stopped at its limit of ${sizeText(t.limitBytes)} of files searched: ${reached}; the ${plural(t.notReached, 'file')} from ${JSON.stringify(t.firstNotReached)} on were not. The same search with "paths" narrowed to the folders that matter reaches them.`,
    );
  }
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
      `${plural(c.unparsed, 'matching file')} ranked by text alone (of the files that rank highest by text, those whose text looks like it declares the query and the ${fmt(PARSED_OTHERS)} best others are parsed, at most ${fmt(PARSED_PER_SEARCH)}; the rest, and files without a grammar, rank by their text).`,
    );
  const placeholders = Object.values(r.masked).reduce((a, b) => a + b, 0);
  if (placeholders)
    trailer.push(
      `Secret values are masked (${plural(placeholders, 'placeholder')} shown); search never matches a masked value. Placeholder numbers are ${r.placeholders === 'session' ? "this session's" : 'local to this result'}.`,
    );
  const blocks = [bestBlock(r), declarationsBlock(r), matchesBlock(r), notShownBlock(r)].filter(
    (b) => b.length,
  );
  return {
    label: 'Search results (best match, declarations holding matches, matches per file, files not shown)',
    data: blocks.map((b) => b.join('\n')).join('\n\n') || '(no matches)',
    trailer,
  };
}

/** The whole result as one text: data, then Loupe's statements. */
export function renderSearchResult(r: SearchResult): string {
  const { data, trailer } = renderSearch(r);
  return `${data}\n\n${trailer.join('\n')}\n`;
}

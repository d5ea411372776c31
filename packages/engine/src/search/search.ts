// searchFocus: the ranked search inside the focus. Files come from the shared index (masked text,
// read through the content pipeline); matching runs over every file in scope; declarations are
// parsed only for the files that rank near the top (within a time budget, cached by content
// hash); the result carries the best match's declaration, the declarations holding matches with
// ready get_file calls, and the matches per file after a fair cut.
import type { LineRange } from '../content/pipeline';
import { findSymbol } from '../content/symbols';
import type { Declaration } from '../declarations/declarations';
import { type GrammarId, grammarOf, hasGrammar, type LanguageId, languageOf } from '../lang/languages';
import { MaskSession } from '../mask/session';
import { loadGrammar } from '../parse/runtime';
import type { FileFlag } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { type BodyPart, capBody, clip, MAX_LINE_CHARS } from './body';
import {
  type Candidate,
  declarationsOf,
  estimate,
  type Hit,
  scoreByDeclarations,
  textHits,
} from './classify';
import { type Matcher, matcherFor } from './match';
import { compareFiles, enclosing, fairCut, roleOf } from './rank';
import type {
  BestMatch,
  DeclarationHit,
  FileResult,
  GetFileCall,
  SearchOptions,
  SearchResult,
  ShownLine,
} from './result';
import { makeScope } from './scope';
import { SearchIndex } from './store';
import { fold, lineText, lineTotal } from './text';

/** First pass over every file: matches kept and counted (enough to rank; more is "at least"). */
const FIRST_KEEP = 8;
/** Second pass, for the files near the top: matches kept, and counted. */
const KEEP = 64;
const COUNT_CAP = 10_000;
/** Up to this many matching files, every file with more matches than the first pass kept gets the second pass. */
const SECOND_PASS_ALL = 2000;
/** Files parsed per search at least (budget or not), and at most. */
const MIN_PARSE = 3;
const MAX_PARSE = 24;
/** Files (in rank order) whose matches show context lines. */
const CONTEXT_FILES = 5;
/** Widest declaration body a cap may ask for (a guard against a cap meant in tokens or bytes). */
const MAX_BODY = 20_000;

const indexes = new WeakMap<Workspace, SearchIndex>();

/** The workspace's search index (one per workspace, shared by every session). */
export function searchIndexOf(ws: Workspace): SearchIndex {
  let index = indexes.get(ws);
  if (!index) {
    const created = new SearchIndex(ws.content, ws.maskKey);
    ws.onDidChangeIndex(() => created.retain((p) => ws.index.get(p) !== undefined));
    indexes.set(ws, created);
    index = created;
  }
  return index;
}

const focusCache = new WeakMap<
  Workspace,
  { all: readonly IndexEntry[]; revision: number; at: Uint32Array }
>();

/**
 * `ws.focusedFiles()`, remembered as positions in the index's sorted list while that list and the
 * focus revision stay the same (entries replaced in place by the watcher are read fresh).
 */
export function focusedFiles(ws: Workspace): IndexEntry[] {
  const all = ws.index.all();
  const revision = ws.focus.snapshot.revision;
  let cached = focusCache.get(ws);
  if (!cached || cached.all !== all || cached.revision !== revision) {
    const m = ws.focus.matcher();
    const at: number[] = [];
    all.forEach((e, i) => {
      if (m.has(e.path)) at.push(i);
    });
    cached = { all, revision, at: Uint32Array.from(at) };
    focusCache.set(ws, cached);
  }
  return Array.from(cached.at, (i) => all[i]!);
}

const preloaded = new Set<GrammarId>();

/**
 * Starts loading the grammars of newly indexed files in the background, so the first search that
 * parses a language does not spend its parse budget compiling the grammar.
 */
function preloadGrammars(paths: readonly string[]): void {
  const seen = new Set<LanguageId>();
  for (const p of paths) {
    const language = languageOf(p);
    if (!language || seen.has(language)) continue;
    seen.add(language);
    const id = grammarOf(language);
    if (id && !preloaded.has(id)) {
      preloaded.add(id);
      void loadGrammar(id).catch(() => undefined);
    }
  }
}

const FLAG_REASON: Record<FileFlag, string> = {
  binary: 'binary',
  'too-large': 'too large',
  'symlink-outside-root': 'links outside the project',
  'symlinked-folder': 'links to folders',
  unreadable: 'unreadable',
};

function withheldReason(reason: string | undefined): string {
  if (!reason) return 'unreadable';
  if (/binary/.test(reason)) return 'binary';
  if (/masking|Withheld/.test(reason)) return 'withheld by masking';
  if (/removed/.test(reason)) return 'removed since the scan';
  return 'unreadable';
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Math.round(n)));
}

function probeSpans(c: { entry: Candidate['entry'] }, matcher: Matcher): number[] {
  const probe = matcher.qualified?.probe;
  if (!probe) return [];
  const hay = matcher.caseSensitive ? c.entry.text : c.entry.folded;
  const needle = matcher.caseSensitive ? probe : fold(probe);
  const spans: number[] = [];
  for (
    let i = hay.indexOf(needle);
    i >= 0 && spans.length < 2 * KEEP;
    i = hay.indexOf(needle, i + needle.length)
  )
    spans.push(i, i + needle.length);
  return spans;
}

const byHit = (a: Hit, b: Hit) => b.score - a.score || a.line - b.line;

function mergeRanges(ranges: LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: LineRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end + 1) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** The get_file call for a declaration: by symbol when that name finds exactly it, else by lines. */
export function callFor(path: string, d: Declaration, all: readonly Declaration[]): GetFileCall {
  const found = findSymbol(all, d.qualifiedName);
  if (found.kind === 'found' && found.declaration.startLine === d.startLine)
    return { path, symbol: d.qualifiedName };
  return { path, lines: `${d.docLine ?? d.startLine}-${d.endLine}` };
}

export async function searchFocus(
  ws: Workspace,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const t0 = performance.now();
  const regex = options.regex ?? false;
  const matcher = matcherFor(query, regex);
  const maxResults = clamp(options.maxResults ?? 50, 1, 500);
  const context = clamp(options.context ?? 1, 0, 2);
  const cap = clamp(options.bodyChars ?? 1800, 200, MAX_BODY);
  const maxDeclarations = clamp(options.maxDeclarations ?? 20, 0, 200);
  const parseBudget = options.parseBudgetMs ?? 20;
  const maxChars = clamp(options.maxChars ?? 4000, 500, 200_000);
  const deadline = regex ? t0 + (options.timeLimitMs ?? 1000) : Number.POSITIVE_INFINITY;
  const focus = options.files ?? focusedFiles(ws);
  const scope = makeScope(options.paths, ws.root);

  const notSearched: Record<string, number> = {};
  const skip = (why: string) => {
    notSearched[why] = (notSearched[why] ?? 0) + 1;
  };
  const todo: IndexEntry[] = [];
  const explicit = new Set<string>();
  for (const f of focus) {
    const s = scope ? scope.test(f.path) : 'scoped';
    if (!s) continue;
    if (s === 'explicit') explicit.add(f.path);
    if (f.flag) skip(FLAG_REASON[f.flag]);
    else todo.push(f);
  }
  const inScope = todo.length + Object.values(notSearched).reduce((a, b) => a + b, 0);
  const index = searchIndexOf(ws);
  if ((await index.ensure(todo)).read) preloadGrammars(todo.map((f) => f.path));

  // Match every file in scope.
  const candidates: Candidate[] = [];
  let searched = 0;
  let timedOut = false;
  for (let order = 0; order < todo.length; order++) {
    const file = todo[order]!;
    const record = index.get(file.path);
    if (!record?.entry) {
      skip(withheldReason(record?.withheld));
      continue;
    }
    if (regex && performance.now() > deadline) {
      timedOut = true;
      skip('not reached before the time limit');
      continue;
    }
    searched++;
    const entry = record.entry;
    const m = matcher.find(entry, FIRST_KEEP, FIRST_KEEP + 1);
    const probe = m.count === 0 ? probeSpans({ entry }, matcher) : [];
    if (m.count === 0 && probe.length === 0) continue;
    if (record.role === undefined) record.role = roleOf(file.path, entry.text) ?? null;
    candidates.push({
      path: file.path,
      order,
      hash: entry.hash,
      entry,
      role: record.role ?? undefined,
      explicit: explicit.size > 0 && explicit.has(file.path),
      spans: m.spans,
      count: m.count,
      capped: m.capped,
      probe,
      hits: [],
      score: 0,
      parsed: false,
    });
  }

  // First pass by text, then declarations for the files near the top.
  for (const c of candidates) estimate(c, matcher, query);
  candidates.sort(compareFiles);
  // Second pass, for the files near the top (for all of them when few files match): all their
  // matches (up to the caps), each checked for a declaration-like line (a definition below many
  // uses of its name), then rank again. Files left out keep a count of "at least" (their rarity
  // bonus is an upper bound) and only their first matches were checked.
  const second =
    candidates.length <= SECOND_PASS_ALL ? candidates : candidates.slice(0, maxResults + MAX_PARSE);
  for (const c of second) {
    if (!c.capped && c.count * 2 === c.spans.length) continue; // every match already kept
    const m = matcher.find(c.entry, KEEP, COUNT_CAP);
    c.spans = m.spans;
    c.count = m.count;
    c.capped = m.capped;
    estimate(c, matcher, query, KEEP);
  }
  candidates.sort(compareFiles);
  const parseStart = performance.now();
  const parse = async (c: Candidate, force: boolean): Promise<boolean> => {
    if (c.parsed) return true;
    const cached = c.entry.declarations.has(languageOf(c.path) ?? '');
    if (!cached && !force && performance.now() - parseStart > parseBudget) return false;
    scoreByDeclarations(c, await declarationsOf(c.entry, c.path), matcher, query);
    return true;
  };
  for (let i = 0; i < Math.min(candidates.length, MAX_PARSE); i++) await parse(candidates[i]!, i < MIN_PARSE);
  const matching = (c: Candidate) => (c.parsed ? c.hits.length > 0 : c.count > 0);
  let ranked = candidates.filter(matching).sort(compareFiles);
  // The top file is always parsed: its declaration is the best match's body.
  for (let round = 0; round < 4 && ranked[0] && !ranked[0].parsed; round++) {
    await parse(ranked[0], true);
    ranked = ranked.filter(matching).sort(compareFiles);
  }
  // Hits of the files a result can show (the fair cut never reaches past `maxResults` files).
  for (const c of ranked.slice(0, maxResults)) if (!c.parsed) c.hits = textHits(c, matcher, query);

  const view = options.session?.key.equals(ws.maskKey) ? options.session : new MaskSession(ws.maskKey);
  const masked: Record<string, number> = {};
  const rendered = new Map<string, string>();
  /** Line n as shown (each line rendered once, so placeholders count once); cut around column `at`. */
  const show = (c: Candidate, n: number, at?: number) => {
    const key = `${c.path}\0${n}`;
    let line = rendered.get(key);
    if (line === undefined) {
      line = index.session.render(lineText(c.entry.text, c.entry.starts, n), view, masked);
      rendered.set(key, line);
    }
    return clip(line, at === undefined ? 500 : MAX_LINE_CHARS, at ?? 0);
  };
  const shown = new Map<string, { hash: string; lines: LineRange[] }>();
  const record = (c: Candidate, r: LineRange) => {
    const s = shown.get(c.path) ?? { hash: c.hash, lines: [] };
    s.lines.push(r);
    shown.set(c.path, s);
  };

  // The best match and its declaration.
  let best: BestMatch | undefined;
  const top = ranked[0];
  if (top) {
    const hit = [...top.hits].sort(byHit)[0]!;
    const decl = hit.named ?? (top.decls ? enclosing(top.decls, hit.line) : undefined);
    const total = lineTotal(top.entry.text, top.entry.starts);
    const range = decl
      ? { start: decl.docLine ?? decl.startLine, end: decl.endLine }
      : { start: Math.max(1, hit.line - 6), end: Math.min(total, hit.line + 6) };
    const body = capBody(range, hit.line, cap, (n) => show(top, n));
    for (const p of body.parts) record(top, p);
    best = {
      path: top.path,
      line: hit.line,
      tier: hit.tier,
      ...(decl ? { declaration: decl } : {}),
      range,
      parts: body.parts as BodyPart[],
      omitted: body.omitted.map((o) => ({ ...o, call: { path: top.path, lines: `${o.start}-${o.end}` } })),
      totalLines: total,
      cap,
    };
  }

  // Declarations holding matches: each file's best declaration before any file's second.
  const perFile: DeclarationHit[][] = [];
  let declarationsFound = 0;
  // From the files near the top only: further down, the parse budget is spent and files would
  // only be looked at to be skipped.
  const near = Math.min(ranked.length, MAX_PARSE + maxDeclarations);
  for (let i = 0; i < near && perFile.length < maxDeclarations; i++) {
    const c = ranked[i]!;
    const language = languageOf(c.path);
    if (!c.parsed && (!language || !hasGrammar(language) || !(await parse(c, false)))) continue;
    const groups = new Map<Declaration, { hits: number; best: Hit }>();
    for (const h of c.hits) {
      const d = h.named ?? enclosing(c.decls ?? [], h.line);
      if (!d) continue;
      const g = groups.get(d);
      if (!g) groups.set(d, { hits: 1, best: h });
      else {
        g.hits++;
        if (byHit(h, g.best) < 0) g.best = h;
      }
    }
    if (!groups.size) continue;
    declarationsFound += groups.size;
    perFile.push(
      [...groups.entries()]
        .sort((a, b) => byHit(a[1].best, b[1].best))
        .map(([d, g]) => ({
          path: c.path,
          declaration: d,
          matches: g.hits,
          tier: g.best.tier,
          call: callFor(c.path, d, c.decls ?? []),
        })),
    );
  }
  const declKept = fairCut(
    perFile.map((l) => l.length),
    maxDeclarations,
  );
  const declarationsShown = perFile.flatMap((l, i) => l.slice(0, declKept[i]));

  // Matches per file after the fair cut.
  const kept = fairCut(
    ranked.map((c) => c.hits.length),
    maxResults,
  );
  const files: FileResult[] = [];
  let chars = 0;
  let overBudget = false;
  ranked.forEach((c, i) => {
    const k = kept[i]!;
    if (!k) return;
    // Files in rank order until the character budget is spent (the first file always shows).
    if (files.length && chars >= maxChars) {
      overBudget = true;
      return;
    }
    const hits = [...c.hits].sort(byHit).slice(0, k);
    const total = lineTotal(c.entry.text, c.entry.starts);
    const hitLines = new Map<number, number>();
    for (const h of hits)
      if (!hitLines.has(h.line)) hitLines.set(h.line, h.start - (c.entry.starts[h.line - 1] ?? 0));
    // Lines the best match already shows are not repeated.
    const inBody = (n: number) => best?.path === c.path && best.parts.some((p) => n >= p.start && n <= p.end);
    let inBest = 0;
    for (const l of [...hitLines.keys()])
      if (inBody(l)) {
        hitLines.delete(l);
        inBest++;
      }
    // Context lines for the first files only; further down, the matching lines alone.
    const around = files.length < CONTEXT_FILES ? context : 0;
    const ranges = mergeRanges(
      [...hitLines.keys()].map((l) => ({
        start: Math.max(1, l - around),
        end: Math.min(total, l + around),
      })),
    );
    const lines: ShownLine[] = [];
    for (const r of ranges) {
      for (let n = r.start; n <= r.end; n++) {
        if (inBody(n)) continue;
        const col = hitLines.get(n);
        const text = show(c, n, col ?? 0);
        chars += text.length + 8;
        lines.push({ line: n, text, hit: col !== undefined });
        record(c, { start: n, end: n });
      }
    }
    chars += c.path.length + 24;
    files.push({
      path: c.path,
      hash: c.hash,
      score: c.score,
      ...(c.role ? { role: c.role } : {}),
      explicit: c.explicit,
      matches: c.count,
      capped: c.capped,
      shownHits: k,
      inBest,
      lines,
      bestTier: hits[0]!.tier,
    });
  });

  return {
    query,
    regex,
    caseSensitive: matcher.caseSensitive,
    ...(options.paths?.length ? { paths: [...options.paths] } : {}),
    ...(best ? { best } : {}),
    declarations: declarationsShown,
    declarationsFound,
    files,
    totals: {
      matches: ranked.reduce((n, c) => n + c.count, 0),
      capped: ranked.some((c) => c.capped),
      files: ranked.length,
      shownHits: files.reduce((n, f) => n + f.shownHits, 0),
      shownFiles: files.length,
      maxResults,
      ...(overBudget ? { maxChars } : {}),
    },
    coverage: {
      focus: focus.length,
      inScope,
      searched,
      notSearched,
      outsideFocus: Math.max(0, ws.index.size - focus.length),
      unmatchedScope: scope?.unmatched() ?? [],
      ...(timedOut ? { timedOut: { limitMs: options.timeLimitMs ?? 1000, searched } } : {}),
      unparsed: ranked.filter((c) => !c.parsed).length,
    },
    context,
    placeholders: view === options.session ? 'session' : 'local',
    masked,
    shown: [...shown.entries()].map(([path, s]) => ({ path, hash: s.hash, lines: mergeRanges(s.lines) })),
    ms: performance.now() - t0,
  };
}

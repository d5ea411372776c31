// searchFocus: the ranked search inside the focus. Files come from the shared index (masked text,
// read through the content pipeline); matching runs over every file in scope; declarations are
// parsed only for the files that rank near the top (within a time budget, cached by content
// hash); the result carries the best match's declaration, the declarations holding matches with
// ready get_file calls, and the matches per file after a fair cut.
import type { LineRange } from '../content/select';
import { languageOf } from '../lang/languages';
import { MaskSession } from '../mask/session';
import type { FileFlag } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { bestMatch, declarationsHolding, matchesPerFile, mergeRanges } from './assemble';
import { clip, MAX_LINE_CHARS } from './body';
import { type Candidate, declarationsOf, scoreByDeclarations, textHits } from './classify';
import { matcherFor } from './match';
import { candidateOf, type MatchInput, matchAll, stillMatches, totalsOf } from './passes';
import { compareFiles, topIndices } from './rank';
import type { SearchOptions, SearchResult } from './result';
import { makeScope } from './scope';
import { lineText } from './text';
import { focusedFiles, grammarsReady, preloadGrammars, searchIndexOf } from './workspace-index';

export { callFor } from './assemble';
export { focusedFiles, searchIndexOf } from './workspace-index';

/** Files parsed per search at least (budget or not), and at most. */
const MIN_PARSE = 1;
const MAX_PARSE = 24;
/** Widest declaration body a cap may ask for (a guard against a cap meant in tokens or bytes). */
const MAX_BODY = 20_000;

const FLAG_REASON: Record<FileFlag, string> = {
  binary: 'binary',
  'too-large': 'too large',
  unreadable: 'unreadable',
  'symlink-outside-root': 'links outside the project',
  'symlinked-folder': 'links to folders',
  'symlink-into-git': 'links into .git',
  'symlink-to-hidden': 'links to hidden files',
  'symlink-not-regular': 'links to pipes, sockets or devices',
  'symlink-broken': 'broken links',
  'symlink-loop': 'link loops',
};

/**
 * The focus files in the path scope, and those named exactly. The loops over every file live in
 * small functions (here and in passes.ts): a loop in `searchFocus` itself would have V8 compile
 * the whole of it while the search runs, and keep the compiler from the functions that matter.
 */
function inScopeOf(
  focus: readonly IndexEntry[],
  scope: ReturnType<typeof makeScope>,
  skip: (why: string) => void,
): { todo: IndexEntry[]; explicit: Set<string> } {
  const todo: IndexEntry[] = [];
  const explicit = new Set<string>();
  for (const f of focus) {
    const s = scope ? scope.test(f.path) : 'scoped';
    if (!s) continue;
    if (s === 'explicit') explicit.add(f.path);
    if (f.flag) skip(FLAG_REASON[f.flag]);
    else todo.push(f);
  }
  return { todo, explicit };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Math.round(n)));
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
  const parseBudget = options.parseBudgetMs ?? 10;
  const maxChars = clamp(options.maxChars ?? 4000, 500, 200_000);
  const deadline = regex ? t0 + (options.timeLimitMs ?? 1000) : Number.POSITIVE_INFINITY;
  const focus = options.files ?? focusedFiles(ws);
  const scope = makeScope(options.paths, ws.root);

  const notSearched: Record<string, number> = {};
  const skip = (why: string) => {
    notSearched[why] = (notSearched[why] ?? 0) + 1;
  };
  const { todo, explicit } = inScopeOf(focus, scope, skip);
  const inScope = todo.length + Object.values(notSearched).reduce((a, b) => a + b, 0);
  const index = searchIndexOf(ws);
  const { stats, records } = await index.collect(todo);
  if (stats.read) preloadGrammars(todo.map((f) => f.path));

  // Match every file in scope (both passes), then make candidates of the files a result can
  // reach (with room for files that fall once parsed) and put them in order.
  const input: MatchInput = {
    files: todo,
    records,
    matcher,
    query,
    explicit,
    deadline,
    secondPassTop: maxResults + MAX_PARSE,
    words: index.words,
    skip,
  };
  const { matching: all, searched, timedOut } = matchAll(input);
  const headAt = topIndices(all.score, Math.max(maxResults, MAX_PARSE + maxDeclarations) + MAX_PARSE);
  const head = headAt.map((i) => candidateOf(i, input, all));
  // Loading a grammar is a cost of the process, not of this search: the budget starts after it.
  await grammarsReady(head.slice(0, MAX_PARSE).map((c) => c.path));
  const parseStart = performance.now();
  const parse = async (c: Candidate, force: boolean): Promise<boolean> => {
    if (c.parsed) return true;
    const cached = c.entry.declarations.has(languageOf(c.path) ?? '');
    if (!cached && !force && performance.now() - parseStart > parseBudget) return false;
    scoreByDeclarations(c, await declarationsOf(c.entry, c.path), matcher, query);
    return true;
  };
  for (let i = 0; i < Math.min(head.length, MAX_PARSE); i++) await parse(head[i]!, i < MIN_PARSE);
  let ranked = head.filter(stillMatches).sort(compareFiles);
  // The top file is always parsed: its declaration is the best match's body.
  for (let round = 0; round < 4 && ranked[0] && !ranked[0].parsed; round++) {
    await parse(ranked[0], true);
    ranked = ranked.filter(stillMatches).sort(compareFiles);
  }
  // Hits of the files a result can show (the fair cut never reaches past `maxResults` files).
  for (const c of ranked.slice(0, maxResults)) if (!c.parsed) c.hits = textHits(c, matcher, query);
  const { matches, matchingFiles, capped, unparsed } = totalsOf(all, headAt, head);

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

  const out = { show, record };
  const best = bestMatch(ranked[0], cap, out);
  const { declarations: declarationsShown, found: declarationsFound } = await declarationsHolding(
    ranked.slice(0, MAX_PARSE + maxDeclarations),
    maxDeclarations,
    (c) => parse(c, false),
  );
  const { files, overBudget } = matchesPerFile(ranked, best, { maxResults, maxChars, context }, out);

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
      matches,
      capped,
      files: matchingFiles,
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
      unparsed,
    },
    context,
    placeholders: view === options.session ? 'session' : 'local',
    masked,
    shown: [...shown.entries()].map(([path, s]) => ({ path, hash: s.hash, lines: mergeRanges(s.lines) })),
    ms: performance.now() - t0,
  };
}

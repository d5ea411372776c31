// searchFocus: the ranked search inside the focus. Files come from the shared index (masked text,
// read through the content pipeline); matching runs over every file in scope; declarations are
// parsed for the files that rank highest by text (a count, never a time: the same question gets
// the same answer; parsed once per content, kept on disk); the result carries the best match's
// declaration, the declarations holding matches with ready get_file calls, and the matches per
// file after a fair cut.
import type { LineRange } from '../content/select';
import { MaskSession } from '../mask/session';
import { DEFAULT_MAX_FILE_BYTES } from '../scan/index';
import type { FileFlag } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { bestMatch, declarationsHolding, matchesPerFile, mergeRanges, notShownOf } from './assemble';
import { clip, MAX_LINE_CHARS } from './body';
import { beyondHead, candidateOf, stillMatches, totalsOf } from './candidates';
import { type Candidate, declarationsOf, scoreByDeclarations, textHits, toParse } from './classify';
import { matcherFor } from './match';
import { type MatchInput, matchAll } from './passes';
import { IndexMaskSession } from './placeholders';
import { compareFiles, topIndices } from './rank';
import type { SearchOptions, SearchResult } from './result';
import { makeScope } from './scope';
import type { PathRecord } from './search-index';
import { type Streamed, streamRecords, streamSpec } from './stream';
import { lineText } from './text';
import { focusedFiles, preloadGrammars, searchIndexOf } from './workspace-index';

export { callFor } from './assemble';
export { focusedFiles, searchIndexOf } from './workspace-index';

/**
 * Files parsed per search (their declarations decide their rank; the rest rank by text, and the
 * result says so): of the files that rank highest by text, every one whose text looks like it
 * declares the query, and the PARSED_OTHERS best of the others; at most PARSED_PER_SEARCH in all.
 * Counts, so that ranking never depends on how fast this machine parses at the moment; a parse
 * costs about 2 ms of CPU for a 3 KB file (once per content: declarations are kept, and on disk).
 */
export const PARSED_PER_SEARCH = 8;
export const PARSED_OTHERS = 3;
/**
 * A search streams its files (stream.ts) instead of waiting for the index when at least this many
 * need reading; fewer are read into the index at once (about 7,000 files a second). Either way
 * the answer is the same: only the time differs.
 */
export const STREAM_FROM = 1000;
/**
 * Bytes of files a regular expression reaches at most, in path order (256 MiB: a 30,000-file or
 * 100 MB repository is searched whole). A count, not a time, so the answer does not depend on the
 * machine's load; RE2 is linear in its input, so the bytes bound the work.
 */
export const REGEX_BYTE_LIMIT = 256 * 1024 * 1024;
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
): { scoped: IndexEntry[]; explicit: Set<string> } {
  const scoped: IndexEntry[] = [];
  const explicit = new Set<string>();
  for (const f of focus) {
    const s = scope ? scope.test(f.path) : 'scoped';
    if (!s) continue;
    if (s === 'explicit') explicit.add(f.path);
    scoped.push(f);
  }
  return { scoped, explicit };
}

/** The files that are searched (no flag); `skip` counts the others by reason, in order. */
function searchable(scoped: readonly IndexEntry[], skip?: (why: string) => void): IndexEntry[] {
  const todo: IndexEntry[] = [];
  for (const f of scoped) {
    if (f.flag) skip?.(FLAG_REASON[f.flag]);
    else todo.push(f);
  }
  return todo;
}

/**
 * Files the scan did not stat, as the stream's workers judged them (`judged` in `todo`'s order);
 * the records of the flagged ones are dropped, as the scan's flag would have kept them out.
 */
function withStats(
  scoped: readonly IndexEntry[],
  todo: readonly IndexEntry[],
  streamed: Streamed,
): { scoped: IndexEntry[]; records: PathRecord[] } {
  const stats = streamed.stats!;
  const judged = new Map<IndexEntry, IndexEntry>();
  const records: PathRecord[] = [];
  for (let i = 0; i < todo.length; i++) {
    const { size, mtimeMs, flag } = stats[i]!;
    judged.set(todo[i]!, { ...todo[i]!, size, mtimeMs, ...(flag ? { flag } : {}) });
    if (!flag) records.push(streamed.records[i]!);
  }
  return { scoped: scoped.map((f) => judged.get(f) ?? f), records };
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
  const byteLimit = options.byteLimit ?? REGEX_BYTE_LIMIT;
  const matcher = matcherFor(query, regex);
  const maxResults = clamp(options.maxResults ?? 50, 1, 500);
  const context = clamp(options.context ?? 1, 0, 2);
  const cap = clamp(options.bodyChars ?? 1800, 200, MAX_BODY);
  const maxDeclarations = clamp(options.maxDeclarations ?? 20, 0, 200);
  const maxChars = clamp(options.maxChars ?? 4000, 500, 200_000);
  const focus = options.files ?? focusedFiles(ws);
  const scope = makeScope(options.paths, ws.root);

  const notSearched: Record<string, number> = {};
  const skip = (why: string) => {
    notSearched[why] = (notSearched[why] ?? 0) + 1;
  };
  let { scoped, explicit } = inScopeOf(focus, scope);
  const inScope = scoped.length;
  const index = searchIndexOf(ws);
  // Regular files the scan did not stat (`statFiles: false`) are judged by the stream's workers,
  // and their flags counted after: a file is never read before it is judged.
  const scanned = ws.scanOptions();
  const judge =
    scanned.stat === 'links' ? { maxBytes: scanned.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES } : undefined;
  let todo = searchable(scoped, judge ? undefined : skip);
  const streamed = judge !== undefined || (options.stream ?? index.toRead(todo, STREAM_FROM) >= STREAM_FROM);
  // A streamed search numbers its placeholders in a session of its own (its entries are its own).
  const placeholders = streamed ? new IndexMaskSession(ws.maskKey) : index.session;
  let records: ReadonlyArray<PathRecord | undefined>;
  if (streamed) {
    // The token count (a fresh project's, in the background) waits while the files stream: its
    // workers would take the cores the stream's need. Timing only: counts arrive after.
    const resume = ws.holdTokenCount();
    const found = await streamRecords(ws.content, todo, streamSpec(query, matcher), placeholders, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      // The grammars of the files found load while the rest stream (timing only: which files are
      // parsed is a count).
      onFound: preloadGrammars,
      ...(judge ? { judge } : {}),
    }).finally(resume);
    records = found.records;
    if (judge) {
      ({ scoped, records } = withStats(scoped, todo, found));
      todo = searchable(scoped, skip);
    }
    // The next search finds the index warm: it builds now, after this answer's work (not from
    // files the scan did not stat: their index entries are not judged).
    if (options.buildIndex !== false && !judge)
      setImmediate(
        () =>
          void index.ensure(todo, { background: true }).then(
            () => preloadGrammars(todo.map((f) => f.path)),
            () => {},
          ),
      );
  } else {
    const collected = await index.collect(todo);
    records = collected.records;
    if (collected.stats.read) preloadGrammars(todo.map((f) => f.path));
  }

  // Match every file in scope (both passes), then make candidates of the files a result can
  // reach (with room for files that fall once parsed) and put them in order. A regular
  // expression reaches at most byteLimit bytes of files, in path order.
  const input: MatchInput = {
    files: todo,
    records,
    matcher,
    query,
    explicit,
    byteLimit: regex ? byteLimit : Number.POSITIVE_INFINITY,
    secondPassTop: maxResults + PARSED_PER_SEARCH,
    ...(streamed ? {} : { words: index.words }),
    skip,
  };
  const { matching: all, searched, stopped } = matchAll(input);
  const headAt = topIndices(
    all.score,
    Math.max(maxResults, PARSED_PER_SEARCH + maxDeclarations) + PARSED_PER_SEARCH,
  );
  const head = headAt.map((i) => candidateOf(i, input, all));
  const parse = async (c: Candidate): Promise<void> => {
    if (!c.parsed)
      scoreByDeclarations(c, await declarationsOf(c.entry, c.path, index.declarations), matcher, query);
  };
  for (const c of toParse(head, PARSED_PER_SEARCH, PARSED_OTHERS)) await parse(c);
  let ranked = head.filter(stillMatches).sort(compareFiles);
  // The top file is always parsed: its declaration is the best match's body. (A file that fell
  // when parsed can leave an unparsed one on top; a few rounds settle it.)
  for (let round = 0; round < 4 && ranked[0] && !ranked[0].parsed; round++) {
    await parse(ranked[0]);
    ranked = ranked.filter(stillMatches).sort(compareFiles);
  }
  // Hits of the files a result can show: the best match's, and `maxResults` more at most.
  for (const c of ranked.slice(0, maxResults + 1)) if (!c.parsed) c.hits = textHits(c, matcher, query);
  const { matches, matchingFiles, capped, unparsed } = totalsOf(all, headAt, head);

  const view = options.session?.key.equals(ws.maskKey) ? options.session : new MaskSession(ws.maskKey);
  const masked: Record<string, number> = {};
  const rendered = new Map<string, string>();
  /** Line n as shown (each line rendered once, so placeholders count once); cut around column `at`. */
  const show = (c: Candidate, n: number, at?: number) => {
    const key = `${c.path}\0${n}`;
    let line = rendered.get(key);
    if (line === undefined) {
      line = placeholders.render(lineText(c.entry.text, c.entry.starts, n), view, masked);
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
  const { declarations: declarationsShown, found: declarationsFound } = declarationsHolding(
    ranked.slice(0, PARSED_PER_SEARCH + maxDeclarations),
    maxDeclarations,
  );
  const { files, overBudget, leftOut } = matchesPerFile(ranked, best, { maxResults, maxChars, context }, out);
  const notShown = notShownOf(leftOut, beyondHead(all, headAt, todo));

  return {
    query,
    regex,
    caseSensitive: matcher.caseSensitive,
    ...(options.paths?.length ? { paths: [...options.paths] } : {}),
    ...(best ? { best } : {}),
    declarations: declarationsShown,
    declarationsFound,
    files,
    notShown,
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
      ...(stopped ? { stopped: { limitBytes: byteLimit, ...stopped } } : {}),
      unparsed,
    },
    context,
    placeholders: view === options.session ? 'session' : 'local',
    masked,
    shown: [...shown.entries()].map(([path, s]) => ({ path, hash: s.hash, lines: mergeRanges(s.lines) })),
    ms: performance.now() - t0,
  };
}

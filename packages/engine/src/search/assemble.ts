// The three parts of a search result, from the ranked files: the best match's declaration (capped,
// with the calls that read the rest), the declarations holding matches (each file's best first, a
// ready get_file call each), and the matching lines per file after the fair cut.
import type { LineRange } from '../content/pipeline';
import { findSymbol } from '../content/symbols';
import type { Declaration } from '../declarations/declarations';
import { capBody, MAX_LINE_CHARS } from './body';
import type { Candidate, Hit } from './classify';
import { enclosing, fairCut } from './rank';
import type { BestMatch, DeclarationHit, FileResult, GetFileCall, NotShown, ShownLine } from './result';
import { lineTotal } from './text';

/** Files (in rank order) whose matches show context lines. */
const CONTEXT_FILES = 5;

export interface Output {
  /** Line n of a file as shown (placeholders in the caller's numbering), cut around column `at`. */
  show(c: Candidate, n: number, at?: number): string;
  /** Notes lines shown, for receipts. */
  record(c: Candidate, range: LineRange): void;
}

export const byHit = (a: Hit, b: Hit) => b.score - a.score || a.line - b.line;

export function mergeRanges(ranges: LineRange[]): LineRange[] {
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

/** The top file's best hit in its declaration (or a window around it), capped at `cap` characters. */
export function bestMatch(top: Candidate | undefined, cap: number, out: Output): BestMatch | undefined {
  if (!top) return undefined;
  const hit = [...top.hits].sort(byHit)[0]!;
  const decl = hit.named ?? (top.decls ? enclosing(top.decls, hit.line) : undefined);
  const total = lineTotal(top.entry.text, top.entry.starts);
  const range = decl
    ? { start: decl.docLine ?? decl.startLine, end: decl.endLine }
    : { start: Math.max(1, hit.line - 6), end: Math.min(total, hit.line + 6) };
  const body = capBody(range, hit.line, cap, (n) => out.show(top, n));
  for (const p of body.parts) out.record(top, p);
  return {
    path: top.path,
    line: hit.line,
    tier: hit.tier,
    ...(decl ? { declaration: decl } : {}),
    range,
    parts: body.parts,
    omitted: body.omitted.map((o) => ({ ...o, call: { path: top.path, lines: `${o.start}-${o.end}` } })),
    totalLines: total,
    cap,
  };
}

/**
 * Declarations holding matches in the parsed files near the top: each file's best declaration
 * before any file's second, up to `max`.
 */
export function declarationsHolding(
  near: readonly Candidate[],
  max: number,
): { declarations: DeclarationHit[]; found: number } {
  const perFile: DeclarationHit[][] = [];
  let found = 0;
  for (const c of near) {
    if (perFile.length >= max) break;
    if (!c.parsed) continue;
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
    found += groups.size;
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
  const kept = fairCut(
    perFile.map((l) => l.length),
    max,
  );
  return { declarations: perFile.flatMap((l, i) => l.slice(0, kept[i])), found };
}

/** Characters a line costs in the result, about (its text, cut as shown, and the line number). */
function lineCost(c: Candidate, n: number): number {
  const start = c.entry.starts[n - 1] ?? 0;
  const next = c.entry.starts[n];
  const length = (next === undefined ? c.entry.text.length : next - 1) - start;
  return Math.min(Math.max(0, length), MAX_LINE_CHARS) + 8;
}

/**
 * How many hits each file shows, by the rule the result states: the hits on the best match's own
 * lines (shown there), then in rounds over the others, each file (in rank order) its best hit,
 * then each file its second, and so on, until `maxResults` of them or about `maxChars`
 * characters; where either runs out the cut ends for every file after that point. So the files
 * shown outside the best match are the first ones in rank order, and none shows a k-th hit while
 * a file before it that has a k-th does not.
 */
function fairRounds(
  ranked: readonly Candidate[],
  hits: readonly Hit[][],
  inBody: (c: Candidate, n: number) => boolean,
  limits: { maxResults: number; maxChars: number; context: number },
): { kept: number[]; overBudget: boolean } {
  // The best match's own lines show every match in them: those are shown before any round.
  const kept = ranked.map((c, i) => hits[i]!.filter((h) => inBody(c, h.line)).length);
  const rest = ranked.map((c, i) => hits[i]!.filter((h) => !inBody(c, h.line)));
  const lines = ranked.map(() => new Set<number>());
  let shown = 0;
  let chars = 0;
  for (let round = 0; ; round++) {
    let progressed = false;
    for (let i = 0; i < ranked.length; i++) {
      const h = rest[i]![round];
      if (!h) continue;
      if (shown >= limits.maxResults) return { kept, overBudget: false };
      const c = ranked[i]!;
      const taken = lines[i]!;
      // The lines this hit adds: its own and its context, unless shown already.
      const around = i < CONTEXT_FILES ? limits.context : 0;
      const adds: number[] = [];
      if (!taken.has(h.line))
        for (let n = Math.max(1, h.line - around); n <= Math.min(c.entry.starts.length, h.line + around); n++)
          if (!taken.has(n) && !inBody(c, n)) adds.push(n);
      const cost = (round === 0 ? c.path.length + 24 : 0) + adds.reduce((sum, n) => sum + lineCost(c, n), 0);
      if (shown > 0 && chars + cost > limits.maxChars) return { kept, overBudget: true };
      for (const n of adds) taken.add(n);
      taken.add(h.line);
      kept[i]!++;
      shown++;
      chars += cost;
      progressed = true;
    }
    if (!progressed) return { kept, overBudget: false };
  }
}

/**
 * Matching lines per file after the fair cut (see `fairRounds`); lines the best match shows are
 * not repeated; context lines for the first files only. Also the files the cut left out, in rank
 * order.
 */
export function matchesPerFile(
  ranked: readonly Candidate[],
  best: BestMatch | undefined,
  limits: { maxResults: number; maxChars: number; context: number },
  out: Output,
): { files: FileResult[]; overBudget: boolean; leftOut: Candidate[] } {
  const inBody = (c: Candidate, n: number) =>
    best?.path === c.path && best.parts.some((p) => n >= p.start && n <= p.end);
  const sorted = ranked.map((c) => [...c.hits].sort(byHit));
  const { kept, overBudget } = fairRounds(ranked, sorted, inBody, limits);
  const files: FileResult[] = [];
  const leftOut: Candidate[] = [];
  ranked.forEach((c, i) => {
    const k = kept[i]!;
    if (!k) {
      leftOut.push(c);
      return;
    }
    const hits = [
      ...sorted[i]!.filter((h) => inBody(c, h.line)),
      ...sorted[i]!.filter((h) => !inBody(c, h.line)),
    ]
      .slice(0, k)
      .sort(byHit);
    const total = lineTotal(c.entry.text, c.entry.starts);
    const hitLines = new Map<number, number>();
    for (const h of hits)
      if (!hitLines.has(h.line)) hitLines.set(h.line, h.start - (c.entry.starts[h.line - 1] ?? 0));
    const inBest = hits.filter((h) => inBody(c, h.line)).length;
    for (const l of [...hitLines.keys()]) if (inBody(c, l)) hitLines.delete(l);
    const around = i < CONTEXT_FILES ? limits.context : 0;
    const ranges = mergeRanges(
      [...hitLines.keys()].map((l) => ({ start: Math.max(1, l - around), end: Math.min(total, l + around) })),
    );
    const lines: ShownLine[] = [];
    for (const r of ranges) {
      for (let n = r.start; n <= r.end; n++) {
        if (inBody(c, n)) continue;
        const col = hitLines.get(n);
        lines.push({ line: n, text: out.show(c, n, col ?? 0), hit: col !== undefined });
        out.record(c, { start: n, end: n });
      }
    }
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
  return { files, overBudget, leftOut };
}

/** Files named one by one in "not shown"; the rest are counted per top folder. */
export const NAMED_NOT_SHOWN = 20;

/**
 * The matching files a result does not show, best first: the first NAMED_NOT_SHOWN by name (and
 * every file at the root), the rest counted per top-level folder, so that every file left out is
 * named or is in a folder a `paths` scope can show.
 */
export function notShownOf(
  leftOut: readonly Candidate[],
  beyond: ReadonlyArray<{ path: string; matches: number; capped: boolean }>,
): NotShown {
  const all = [...leftOut.map((c) => ({ path: c.path, matches: c.count, capped: c.capped })), ...beyond];
  const files = all.slice(0, NAMED_NOT_SHOWN);
  const folders = new Map<string, NotShown['folders'][number]>();
  for (const f of all.slice(NAMED_NOT_SHOWN)) {
    const slash = f.path.indexOf('/');
    if (slash < 0) {
      files.push(f);
      continue;
    }
    const folder = f.path.slice(0, slash + 1);
    const g = folders.get(folder) ?? { folder, files: 0, matches: 0, capped: false };
    g.files++;
    g.matches += f.matches;
    g.capped ||= f.capped;
    folders.set(folder, g);
  }
  return {
    files,
    folders: [...folders.values()].sort((a, b) => b.files - a.files || (a.folder < b.folder ? -1 : 1)),
  };
}

// The three parts of a search result, from the ranked files: the best match's declaration (capped,
// with the calls that read the rest), the declarations holding matches (each file's best first, a
// ready get_file call each), and the matching lines per file after the fair cut.
import type { LineRange } from '../content/select';
import { findSymbol } from '../content/symbols';
import type { Declaration } from '../declarations/declarations';
import { hasGrammar, languageOf } from '../lang/languages';
import { capBody } from './body';
import type { Candidate, Hit } from './classify';
import { enclosing, fairCut } from './rank';
import type { BestMatch, DeclarationHit, FileResult, GetFileCall, ShownLine } from './result';
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
 * Declarations holding matches in the files near the top (parsing those not parsed yet while the
 * budget lasts): each file's best declaration before any file's second, up to `max`.
 */
export async function declarationsHolding(
  near: readonly Candidate[],
  max: number,
  parse: (c: Candidate) => Promise<boolean>,
): Promise<{ declarations: DeclarationHit[]; found: number }> {
  const perFile: DeclarationHit[][] = [];
  let found = 0;
  for (const c of near) {
    if (perFile.length >= max) break;
    const language = languageOf(c.path);
    if (!c.parsed && (!language || !hasGrammar(language) || !(await parse(c)))) continue;
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

/**
 * Matching lines per file: the fair cut decides how many hits each file keeps; files in rank order
 * until about `maxChars` (the first always shows); lines the best match shows are not repeated;
 * context lines for the first files only.
 */
export function matchesPerFile(
  ranked: readonly Candidate[],
  best: BestMatch | undefined,
  limits: { maxResults: number; maxChars: number; context: number },
  out: Output,
): { files: FileResult[]; overBudget: boolean } {
  const kept = fairCut(
    ranked.map((c) => c.hits.length),
    limits.maxResults,
  );
  const files: FileResult[] = [];
  let chars = 0;
  let overBudget = false;
  ranked.forEach((c, i) => {
    const k = kept[i]!;
    if (!k) return;
    if (files.length && chars >= limits.maxChars) {
      overBudget = true;
      return;
    }
    const hits = [...c.hits].sort(byHit).slice(0, k);
    const total = lineTotal(c.entry.text, c.entry.starts);
    const hitLines = new Map<number, number>();
    for (const h of hits)
      if (!hitLines.has(h.line)) hitLines.set(h.line, h.start - (c.entry.starts[h.line - 1] ?? 0));
    const inBody = (n: number) => best?.path === c.path && best.parts.some((p) => n >= p.start && n <= p.end);
    let inBest = 0;
    for (const l of [...hitLines.keys()])
      if (inBody(l)) {
        hitLines.delete(l);
        inBest++;
      }
    const around = files.length < CONTEXT_FILES ? limits.context : 0;
    const ranges = mergeRanges(
      [...hitLines.keys()].map((l) => ({ start: Math.max(1, l - around), end: Math.min(total, l + around) })),
    );
    const lines: ShownLine[] = [];
    for (const r of ranges) {
      for (let n = r.start; n <= r.end; n++) {
        if (inBody(n)) continue;
        const col = hitLines.get(n);
        const text = out.show(c, n, col ?? 0);
        chars += text.length + 8;
        lines.push({ line: n, text, hit: col !== undefined });
        out.record(c, { start: n, end: n });
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
  return { files, overBudget };
}

// Hits of one file and their scores: a cheap first pass from the text alone (which files look like
// they declare the query), then the exact pass from the file's declarations once it is parsed.

import { DeclarationCache } from '../declarations/declaration-cache';
import { type Declaration, declarations } from '../declarations/declarations';
import { languageOf } from '../lang/languages';
import type { ContentEntry } from './entry';
import type { Matcher } from './found';
import {
  EXPLICIT_BONUS,
  type FileRole,
  fileNameBonus,
  fileNameKey,
  headerEnd,
  isSymbolLike,
  looksDeclaredAt,
  nameLine,
  rarityBonus,
  rolePenalty,
  TIER_SCORE,
  type Tier,
} from './rank';
import { fold, isWholeWord, isWordChar, lineAt, lineText } from './text';

export interface Hit {
  start: number;
  end: number;
  line: number;
  tier: Tier;
  score: number;
  /** The declaration this hit names (name tiers). */
  named?: Declaration;
}

export interface Candidate {
  path: string;
  /** Position in the focus (sorted by path): the tie-break. */
  order: number;
  hash: string;
  entry: ContentEntry;
  role: FileRole | undefined;
  explicit: boolean;
  /** Literal or regex matches (kept spans, and the count). */
  spans: number[];
  count: number;
  capped: boolean;
  /** Spans of the last segment of a qualified query (candidates for a qualified declaration). */
  probe: number[];
  hits: Hit[];
  score: number;
  parsed: boolean;
  decls?: Declaration[];
  /** `fileBase(path)`, kept with the index record. */
  base?: string;
}

/**
 * Declarations of an indexed file, parsed once per content and language: kept with the entry, and
 * on disk (`cache`) for later processes. A text with placeholders is not stored: its placeholders
 * are this process's own.
 */
export async function declarationsOf(
  entry: ContentEntry,
  path: string,
  cache?: DeclarationCache,
): Promise<Declaration[]> {
  const language = languageOf(path) ?? '';
  let list = entry.declarations.get(language);
  if (list) return list;
  const key = cache && !entry.privateSpans.length ? DeclarationCache.key(language, entry.text) : undefined;
  list = key ? cache!.get(key) : undefined;
  if (!list) {
    let failed = false;
    try {
      list = await declarations(entry.text, path);
    } catch {
      list = []; // a grammar that fails to load or parse leaves the text ranking
      failed = true;
    }
    if (key && !failed) cache!.put(key, list);
  }
  entry.declarations.set(language, list);
  return list;
}

/** What the first pass knows of a file (a Candidate, or one scratch object reused for every file). */
export type Estimable = Pick<
  Candidate,
  'path' | 'base' | 'entry' | 'role' | 'explicit' | 'spans' | 'count' | 'probe' | 'score'
>;

/** Per query: the file-name key and whether it is symbol-like (asked for every matching file). */
const keys = new Map<string, { key: string; symbolLike: boolean }>();

function baseScore(c: Estimable, query: string): number {
  let known = keys.get(query);
  if (known === undefined) {
    if (keys.size > 64) keys.clear();
    known = { key: fileNameKey(query), symbolLike: isSymbolLike(query) };
    keys.set(query, known);
  }
  const named = fileNameBonus(c.path, known.key, c.base);
  return (
    rarityBonus(c.count) +
    named -
    (c.role ? rolePenalty(c.role, known.symbolLike, named > 0) : 0) +
    (c.explicit ? EXPLICIT_BONUS : 0)
  );
}

function finish(c: Candidate, query: string): void {
  let best = 0;
  for (const h of c.hits) best = Math.max(best, h.score);
  c.score = best + baseScore(c, query);
}

const IDENT = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
let lastIdent = { query: '', ident: false };

/** Whether the query is one identifier (asked once per file of the first pass: remembered). */
export function isIdent(query: string): boolean {
  if (lastIdent.query !== query) lastIdent = { query, ident: IDENT.test(query) };
  return lastIdent.ident;
}
/** Whole-word matches checked per file for a declaration-like line, by default. */
const LOOKS_CHECKS = 8;

/**
 * First pass, for every matching file: a score from the text alone, without building hits (this
 * runs over thousands of files). Whether a match looks declared is checked for the first
 * `limit` whole-word matches only.
 */
export function estimate(c: Estimable, matcher: Matcher, query: string, limit = LOOKS_CHECKS): void {
  const text = c.entry.text;
  const literalIdent = !matcher.regex && isIdent(query);
  let whole = false;
  let looks = false;
  let exact = matcher.caseSensitive;
  let checks = 0;
  for (let i = 0; i < c.spans.length; i += 2) {
    const start = c.spans[i]!;
    const end = c.spans[i + 1]!;
    if (!exact && end - start === query.length && text.startsWith(query, start)) exact = true;
    if (!isWholeWord(text, start, end)) continue;
    whole = true;
    const checkable = literalIdent || (matcher.regex && IDENT.test(text.slice(start, end)));
    if (looks || !checkable || checks >= limit) {
      if (exact && (looks || !literalIdent || checks >= limit)) break;
      continue;
    }
    checks++;
    looks = looksDeclaredAt(text, start, end);
  }
  // A qualified query's declaration shows in no literal match (`Cart.total` is declared as
  // `total` inside `Cart`): a file whose probe line looks declared ranks as a likely declaration.
  let probed = false;
  if (matcher.qualified && !looks) {
    for (let i = 0; i < c.probe.length && i < 2 * limit; i += 2) {
      if (looksDeclaredAt(text, c.probe[i]!, c.probe[i + 1]!)) {
        probed = true;
        break;
      }
    }
  }
  c.score = textScore(c, matcher, query, { whole, looks, exact }, probed);
}

const LOOKS_DECLARED = TIER_SCORE['name?'];
const CONTENT = TIER_SCORE.content;

/** What the text alone says of a file's matches: any whole-word one, any that looks declared, any in exact case. */
export interface TextSigns {
  whole: boolean;
  looks: boolean;
  exact: boolean;
}

/** The score of a file from the text alone (the first pass's, and the word index's). */
export function textScore(
  c: Estimable,
  matcher: Matcher,
  query: string,
  signs: TextSigns,
  probeLooksDeclared = false,
): number {
  // Constants, not TIER_SCORE[tier]: a lookup by a name the optimized code has not seen yet sends it back to the interpreter.
  let best = c.count
    ? (signs.looks ? LOOKS_DECLARED : CONTENT) +
      (signs.whole ? 300 : 0) +
      (signs.exact && !matcher.caseSensitive ? 30 : 0)
    : 0;
  if (probeLooksDeclared) best = Math.max(best, LOOKS_DECLARED + 300);
  return best + baseScore(c, query);
}

/** Whether a whole-word match among `spans` looks declared (the query is one identifier). */
export function anyLooksDeclared(text: string, spans: readonly number[]): boolean {
  for (let i = 0; i < spans.length; i += 2) {
    const start = spans[i]!;
    const end = spans[i + 1]!;
    if (isWholeWord(text, start, end) && looksDeclaredAt(text, start, end)) return true;
  }
  return false;
}

/**
 * The candidates (in rank order) a search parses: every one whose text looks like it declares the
 * query (a qualified query: its last part) and the PARSED_OTHERS best of the others, at most
 * PARSED_PER_SEARCH (see search.ts).
 */
export function toParse(head: readonly Candidate[], max: number, others: number): Candidate[] {
  const out: Candidate[] = [];
  let plain = 0;
  for (const c of head) {
    if (out.length >= max) break;
    const declares = anyLooksDeclared(c.entry.text, c.spans) || anyLooksDeclared(c.entry.text, c.probe);
    if (declares || plain++ < others) out.push(c);
  }
  return out;
}

/** Hits of a file not parsed, tiered from the text alone (for the files a result shows). */
export function textHits(c: Candidate, matcher: Matcher, query: string): Hit[] {
  const text = c.entry.text;
  const hits: Hit[] = [];
  for (let i = 0; i < c.spans.length; i += 2) {
    const start = c.spans[i]!;
    const end = c.spans[i + 1]!;
    const whole = isWholeWord(text, start, end);
    let tier: Tier = 'content';
    if (whole && IDENT.test(text.slice(start, end)) && looksDeclaredAt(text, start, end)) tier = 'name?';
    hits.push({
      start,
      end,
      line: lineAt(c.entry.starts, start),
      tier,
      score:
        TIER_SCORE[tier] +
        (whole ? 300 : 0) +
        (matcher.caseSensitive ? 0 : exactCase(text, start, end, query)),
    });
  }
  return hits;
}

function exactCase(text: string, start: number, end: number, query: string): number {
  return text.slice(start, end) === query ? 30 : 0;
}

interface NameIndex {
  /** Declarations by the line their name stands on. */
  byLine: Map<number, Declaration[]>;
  /** Header line ranges [first, last] of each declaration. */
  headers: Array<[number, number]>;
}

function nameIndex(c: Candidate, decls: Declaration[]): NameIndex {
  const key = `names:${languageOf(c.path) ?? ''}`;
  let idx = c.entry.memo.get(key) as NameIndex | undefined;
  if (idx) return idx;
  const line = (n: number) => lineText(c.entry.text, c.entry.starts, n);
  idx = { byLine: new Map(), headers: [] };
  for (const d of decls) {
    const n = nameLine(d, line);
    const list = idx.byLine.get(n) ?? [];
    list.push(d);
    idx.byLine.set(n, list);
    idx.headers.push([d.startLine, headerEnd(d, n, line)]);
  }
  c.entry.memo.set(key, idx);
  return idx;
}

function sameName(a: string, b: string, caseSensitive: boolean): boolean {
  return caseSensitive ? a === b : fold(a) === fold(b);
}

/** Whether `qualifiedName` ends with the query's segments (`Cart.total` names `shop.Cart.total`). */
function qualifiedMatch(
  d: Declaration,
  segments: string[],
  caseSensitive: boolean,
): 'exact' | 'suffix' | undefined {
  const parts = d.qualifiedName.split(/\.|::/);
  if (parts.length < segments.length) return undefined;
  const tail = parts.slice(parts.length - segments.length);
  if (!tail.every((p, i) => sameName(p, segments[i]!, caseSensitive))) return undefined;
  return parts.length === segments.length ? 'exact' : 'suffix';
}

/** Exact pass: tiers from the parsed declarations. */
export function scoreByDeclarations(
  c: Candidate,
  decls: Declaration[],
  matcher: Matcher,
  query: string,
): void {
  c.parsed = true;
  c.decls = decls;
  const text = c.entry.text;
  const idx = nameIndex(c, decls);
  c.hits = [];
  for (let i = 0; i < c.spans.length; i += 2) {
    const start = c.spans[i]!;
    const end = c.spans[i + 1]!;
    const line = lineAt(c.entry.starts, start);
    const whole = isWholeWord(text, start, end);
    const matched = text.slice(start, end);
    let tier: Tier = 'content';
    let named: Declaration | undefined;
    const onLine = idx.byLine.get(line);
    if (onLine) {
      named = whole ? onLine.find((d) => sameName(d.name, matched, matcher.caseSensitive)) : undefined;
      if (named) tier = 'name';
      else {
        let a = start;
        let b = end;
        while (isWordChar(text, a - 1)) a--;
        while (isWordChar(text, b)) b++;
        const ident = text.slice(a, b);
        if (onLine.some((d) => d.name === ident)) tier = 'partial-name';
      }
    }
    if (tier === 'content' && idx.headers.some(([s, e]) => line >= s && line <= e)) tier = 'syntax';
    // A line that looks like it declares the name, outside every declaration the parse found: a
    // region the parser did not understand (a syntax error) keeps the text's reading.
    if (
      tier === 'content' &&
      whole &&
      IDENT.test(matched) &&
      looksDeclaredAt(text, start, end, false) &&
      !decls.some((d) => line >= (d.docLine ?? d.startLine) && line <= d.endLine)
    )
      tier = 'name?';
    let score = TIER_SCORE[tier] + (matcher.caseSensitive ? 0 : exactCase(text, start, end, query));
    if (named) {
      if (named.local) score -= 400;
      if (named.qualifiedName === query) score += 100;
    } else if (whole) score += 300;
    c.hits.push({ start, end, line, tier, score, ...(named ? { named } : {}) });
  }
  if (matcher.qualified) {
    const { segments } = matcher.qualified;
    for (const d of decls) {
      const how = qualifiedMatch(d, segments, matcher.caseSensitive);
      if (!how) continue;
      const n = nameLine(d, (k) => lineText(text, c.entry.starts, k));
      const lineStart = c.entry.starts[n - 1] ?? 0;
      const col = lineText(text, c.entry.starts, n).indexOf(d.name);
      const start = lineStart + Math.max(0, col);
      const score = TIER_SCORE.qualified + (how === 'exact' ? 100 : 0) - (d.local ? 400 : 0);
      c.hits.push({ start, end: start + d.name.length, line: n, tier: 'qualified', score, named: d });
      c.count++;
    }
  }
  finish(c, query);
}

// Ranking. A hit's tier says what the match is: the name of a declaration (qualified, then simple)
// above a match in declaration syntax (a signature line) above plain content. A file ranks by its
// best hit, with a bonus for a match that is rare in the file and for a file named like the query;
// test, fixture, vendored and generated files weigh less; a file named explicitly in the path
// scope outranks everything. Ties: path, then line.
import { isTestFile } from '../compress/testfiles';
import type { Declaration } from '../declarations/declarations';
import { isWholeWord } from './text';

export type Tier = 'qualified' | 'name' | 'name?' | 'partial-name' | 'syntax' | 'content';

/** Base score per tier; the gaps are wider than every bonus and penalty below. */
export const TIER_SCORE: Record<Tier, number> = {
  qualified: 4000,
  name: 3000,
  // A line that looks like it declares the name, in a file not parsed (no grammar, or the parse budget ran out).
  'name?': 2700,
  'partial-name': 2300,
  syntax: 2000,
  content: 1000,
};

export type FileRole = 'test' | 'fixture' | 'vendored' | 'generated';

export const ROLE_PENALTY: Record<FileRole, number> = {
  test: 500,
  fixture: 600,
  vendored: 700,
  generated: 700,
};
export const EXPLICIT_BONUS = 100_000;

const FIXTURE = /(^|\/)(fixtures?|__fixtures__|testdata|test-data|__snapshots__|__mocks__|mocks?)\/|\.snap$/i;
const VENDORED = /(^|\/)(vendor|vendored|third[_-]?party|node_modules|bower_components|external)\//i;
const GENERATED_PATH =
  /(^|\/)(generated|__generated__|gen)\/|\.min\.(js|css)$|_pb2(_grpc)?\.pyi?$|\.pb\.(go|cc|h)$|\.g\.(dart|cs)$|\.generated\.\w+$|\.designer\.cs$/i;
const GENERATED_MARK = /@generated\b|Code generated .* DO NOT EDIT|\bauto-?generated\b|\bDO NOT EDIT\b/i;

export function roleOf(path: string, text: string): FileRole | undefined {
  if (VENDORED.test(path)) return 'vendored';
  if (GENERATED_PATH.test(path) || GENERATED_MARK.test(text.slice(0, 600))) return 'generated';
  if (FIXTURE.test(path)) return 'fixture';
  if (isTestFile(path, text)) return 'test';
  return undefined;
}

const DECL_KEYWORD =
  /(?:^|[\s(;{}])(?:function\*?|class|interface|type|enum|struct|union|trait|impl(?:<[^>]*>)?|def|fn|func|fun|module|namespace|record|object|protocol|typealias|let|const|var|val|macro_rules!|#\s*define|mod|alias|data|newtype|sub|proc|defn|defmacro|message|service|rpc|method|property)\s+(?:[\w$]+\s*(?:\.|::)\s*)*$/;
const GO_RECEIVER = /\bfunc\s*\([^)]*\)\s*$/;
const MODIFIERS =
  /^\s*(?:(?:public|private|protected|internal|static|async|override|abstract|virtual|final|sealed|export|default|declare|readonly|get|set|inline|extern|unsafe|pub(?:\([^)]*\))?|constexpr|synchronized|open|suspend|operator|partial|@[\w.]+(?:\([^)]*\))?)\s+)*(?:[\w$<>[\],.?*&:]+\s+)?[*&]?$/;
const CALL_AFTER = /^\s*(?:<[^>()]*>)?\s*\(/;
const ASSIGN_AFTER = /^\s*(?::[^=:]|=[^=>]|:=)/;

/** Characters right before a name that never declare it (`.x`, `= x`, `{ x }`, `@x` …). */
const NOT_DECLARED_AFTER = new Set([...'.=,[!+-/%<>?"\'`{|~^@'].map((c) => c.charCodeAt(0)));

/** The words DECL_KEYWORD's keywords end with (`#define` ends with `define`; `macro_rules!` ends with `!`). */
export const DECLARING_WORDS: ReadonlySet<string> = new Set(
  (
    'function class interface type enum struct union trait impl def fn func fun module namespace record ' +
    'object protocol typealias let const var val define mod alias data newtype sub proc defn defmacro ' +
    'message service rpc method property'
  ).split(' '),
);
/** Per ASCII character, for `mayLookDeclared`: 1 never before a declared name, 2 may precede one, 4 may follow one, 8 `\s` other than space, tab and line feed. */
const AROUND = new Uint8Array(128);
for (const c of NOT_DECLARED_AFTER) AROUND[c]! |= 1;
// `a::name`, a Go receiver `(r *T) name`, `impl<T> Name`, `function* name`.
for (const c of ':)>*') AROUND[c.charCodeAt(0)]! |= 2;
// A signature `(` or `<`, a type `:`, an assignment `=`.
for (const c of '(<:=') AROUND[c.charCodeAt(0)]! |= 4;
for (const c of [11, 12, 13]) AROUND[c]! |= 8;
const SPACE = /\s/;

/** -1 (none), or a character `\s` matches other than a space, a tab and a line feed: anything may look declared next to it. */
function around(c: number): number {
  if (c < 0) return 0;
  if (c < 128) return AROUND[c]!;
  return SPACE.test(String.fromCharCode(c)) ? 8 : 0;
}

/**
 * A necessary condition of `looksDeclaredAt`, from the nearest characters before and after the
 * name that are not a space or a tab (-1 at the ends of the text) and whether the word right
 * before it is one of DECLARING_WORDS: when it is false, so is `looksDeclaredAt`. The word index
 * keeps it per word and file, so a search reads only the files where a declaration may stand.
 */
export function mayLookDeclared(before: number, after: number, afterDeclaringWord: boolean): boolean {
  const b = around(before);
  if (b & 1) return false;
  return afterDeclaringWord || (b & 10) !== 0 || (around(after) & 12) !== 0;
}

/**
 * Whether the identifier at [start, end) of `text` looks declared by its line: a cheap first pass
 * that chooses which files to parse. The parse decides.
 */
export function looksDeclaredAt(text: string, start: number, end: number): boolean {
  let i = start - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  if (i >= 0 && NOT_DECLARED_AFTER.has(text.charCodeAt(i))) return false;
  const from = text.lastIndexOf('\n', start - 1) + 1;
  let to = text.indexOf('\n', end);
  if (to < 0) to = text.length;
  return looksDeclared(text.slice(from, start), text.slice(end, to));
}

/** Whether a line that holds an identifier (before it, after it) looks like it declares it. */
export function looksDeclared(lineBefore: string, lineAfter: string): boolean {
  if (DECL_KEYWORD.test(lineBefore) || GO_RECEIVER.test(lineBefore)) return true;
  if (!MODIFIERS.test(lineBefore) || /\b(return|new|await|yield|throw|case|else|if)\s/.test(lineBefore))
    return false;
  // A typed or modified signature (`public int total(`), or a bare one that opens a body (`total() {`).
  if (CALL_AFTER.test(lineAfter)) return lineBefore.trim() !== '' || /(\{|=>)\s*$/.test(lineAfter);
  // `NAME = …` / `NAME: T = …` at the start of a line (module constants, fields).
  return lineBefore.trim() === '' && ASSIGN_AFTER.test(lineAfter);
}

/** First line (1-based) within a declaration where its name stands as a whole word. */
export function nameLine(d: Declaration, lineOfText: (n: number) => string): number {
  const last = Math.min(d.endLine, d.startLine + 40);
  for (let n = d.startLine; n <= last; n++) {
    const text = lineOfText(n);
    for (let i = text.indexOf(d.name); i >= 0; i = text.indexOf(d.name, i + 1))
      if (isWholeWord(text, i, i + d.name.length)) return n;
  }
  return d.startLine;
}

/** Last line of a declaration's header: from its name line to the line that opens the body. */
export function headerEnd(d: Declaration, name: number, lineOfText: (n: number) => string): number {
  const last = Math.min(d.endLine, name + 4);
  for (let n = name; n <= last; n++) if (/[{:;]\s*$|=>\s*$|=\s*$|\bwhere\b/.test(lineOfText(n))) return n;
  return name;
}

/** Innermost declaration whose lines hold `line`; a named one over a local, a short one over a long one. */
export function enclosing(decls: readonly Declaration[], line: number): Declaration | undefined {
  let best: Declaration | undefined;
  for (const d of decls) {
    if (line < (d.docLine ?? d.startLine) || line > d.endLine) continue;
    if (!best || d.endLine - d.startLine <= best.endLine - best.startLine) best = d;
  }
  return best;
}

/** 0..150: a match rarer in its file weighs more. */
export function rarityBonus(count: number): number {
  return Math.round(150 / Math.sqrt(Math.max(1, count)));
}

const squash = (s: string) => s.toLowerCase().replace(/[-_.\s]/g, '');

/** The query as file names are compared with it: its last segment, lower case, no separators. */
export function fileNameKey(query: string): string {
  return squash(query.slice(query.search(/[^.:#/]*$/)));
}

/** A file's name as compared with queries: its base name up to the first dot, lower case, no separators. */
export function fileBase(path: string): string {
  const slash = path.lastIndexOf('/') + 1;
  const dot = path.indexOf('.', slash + 1);
  return squash(path.slice(slash, dot < 0 ? path.length : dot));
}

/**
 * A file named like the query (`cart.ts` for `Cart`, `user_service.py` for `UserService`). `base`
 * is `fileBase(path)` when the caller keeps it (every search asks for thousands).
 */
export function fileNameBonus(path: string, key: string, base = fileBase(path)): number {
  if (!key) return 0;
  if (base === key) return 250;
  return base.includes(key) ? 80 : 0;
}

export interface RankedFile {
  score: number;
  /** Position in the path order (the focus is sorted bytewise by path). */
  order: number;
}

/** Best score first; ties by path (through `order`). */
export function compareFiles(a: RankedFile, b: RankedFile): number {
  return b.score - a.score || a.order - b.order;
}

/** The k-th largest of `xs` (0-based; `xs` is reordered). Quickselect. */
function kthLargest(xs: Float64Array, k: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const pivot = xs[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i]! > pivot) i++;
      while (xs[j]! < pivot) j--;
      if (i <= j) {
        const t = xs[i]!;
        xs[i] = xs[j]!;
        xs[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return xs[k]!;
  }
  return xs[k]!;
}

/**
 * Positions of the `k` best scores, best first; equal scores keep their order (the lists are in
 * path order, so ties go by path). Nothing beyond the first `k` is sorted: a search can match
 * thousands of files and shows a few dozen.
 */
export function topIndices(scores: ArrayLike<number>, k: number): number[] {
  const n = scores.length;
  const byRank = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
  if (n <= k) return Array.from({ length: n }, (_, i) => i).sort(byRank);
  const kth = kthLargest(Float64Array.from(scores), k - 1);
  const above: number[] = [];
  for (let i = 0; i < n; i++) if (scores[i]! > kth) above.push(i);
  above.sort(byRank);
  for (let i = 0; i < n && above.length < k; i++) if (scores[i] === kth) above.push(i);
  return above;
}

/** The `k` best files in rank order. `list` must be in path order (ties keep it). */
export function topFiles<T extends RankedFile>(list: readonly T[], k: number): T[] {
  if (list.length <= k) return [...list].sort(compareFiles);
  return topIndices(
    Float64Array.from(list, (c) => c.score),
    k,
  ).map((i) => list[i]!);
}

/**
 * The fair cut: every file (in rank order) gets its best hit before any file gets a second, then
 * every file its second, and so on, until `max` hits. Returns how many hits each file keeps.
 */
export function fairCut(hitsPerFile: readonly number[], max: number): number[] {
  const kept = hitsPerFile.map(() => 0);
  let left = max;
  for (let round = 0; left > 0; round++) {
    let progressed = false;
    for (let i = 0; i < hitsPerFile.length && left > 0; i++) {
      if (hitsPerFile[i]! > round) {
        kept[i]!++;
        left--;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return kept;
}

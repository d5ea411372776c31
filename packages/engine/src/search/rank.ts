// Ranking. A hit's tier says what the match is: the name of a declaration (qualified, then simple)
// above a match in declaration syntax (a signature line) above plain content. A file ranks by its
// best hit, with a bonus for a match that is rare in the file and for a file named like the query;
// test, fixture, vendored and generated files weigh less, and for a symbol-like query so do
// changelogs, docs and examples; a file named explicitly in the path scope outranks everything.
// Ties: path, then line.
import { isTestFile } from '../compress/testfiles';
import type { Declaration } from '../declarations/declarations';
import { isWholeWord } from './text';

export type Tier = 'qualified' | 'name' | 'name?' | 'partial-name' | 'syntax' | 'content';

/** Base score per tier; the gaps are wider than every bonus and penalty below. */
export const TIER_SCORE: Record<Tier, number> = {
  qualified: 4000,
  name: 3000,
  // A line that looks like it declares the name, in a file not parsed (no grammar, or not among the files a search parses).
  'name?': 2700,
  'partial-name': 2300,
  syntax: 2000,
  content: 1000,
};

export type FileRole = 'test' | 'fixture' | 'vendored' | 'generated' | 'changelog' | 'example' | 'docs';

export const ROLE_PENALTY: Record<FileRole, number> = {
  test: 500,
  fixture: 600,
  vendored: 700,
  generated: 700,
  // Text about code, and code that uses it: weighed down for a symbol-like query only (below).
  changelog: 600,
  docs: 400,
  example: 300,
};

const MENTIONS: ReadonlySet<FileRole> = new Set(['changelog', 'docs', 'example']);

/**
 * What a file's role takes off its score. Changelogs, docs and examples mention a symbol far more
 * often than its source defines it, so for a symbol-like query (an identifier, a qualified name)
 * they weigh less, unless the file is named like the query (`CONTRIBUTING.md` for
 * `contributing`); for prose they are where the answer is.
 */
export function rolePenalty(role: FileRole | undefined, symbolLike: boolean, namedLike: boolean): number {
  if (!role) return 0;
  if (MENTIONS.has(role) && (!symbolLike || namedLike)) return 0;
  return ROLE_PENALTY[role];
}

const SYMBOL = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::|#)[\p{L}_$][\p{L}\p{N}_$]*)*$/u;

/** An identifier or a qualified name (`sendFile`, `res.sendFile`, `Type::fn`). */
export function isSymbolLike(query: string): boolean {
  return SYMBOL.test(query);
}
export const EXPLICIT_BONUS = 100_000;

const FIXTURE = /(^|\/)(fixtures?|__fixtures__|testdata|test-data|__snapshots__|__mocks__|mocks?)\/|\.snap$/i;
const VENDORED = /(^|\/)(vendor|vendored|third[_-]?party|node_modules|bower_components|external)\//i;
const GENERATED_PATH =
  /(^|\/)(generated|__generated__|gen)\/|\.min\.(js|css)$|_pb2(_grpc)?\.pyi?$|\.pb\.(go|cc|h)$|\.g\.(dart|cs)$|\.generated\.\w+$|\.designer\.cs$/i;
const GENERATED_MARK = /@generated\b|Code generated .* DO NOT EDIT|\bauto-?generated\b|\bDO NOT EDIT\b/i;

const CHANGELOG =
  /(^|\/)(change[-_ ]?log|changes|history|news|releases?|release[-_ ]notes)(\.(md|markdown|txt|rst|adoc))?$/i;
const EXAMPLE = /(^|\/)(examples?|samples?|demos?|tutorials?)\//i;
const DOCS =
  /(^|\/)(docs?|documentation|guides?|wiki)\/|\.(md|mdx|markdown|rst|adoc|asciidoc)$|(^|\/)readme(\.\w+)?$/i;

export function roleOf(path: string, text: string): FileRole | undefined {
  if (VENDORED.test(path)) return 'vendored';
  if (GENERATED_PATH.test(path) || GENERATED_MARK.test(text.slice(0, 600))) return 'generated';
  if (FIXTURE.test(path)) return 'fixture';
  if (isTestFile(path, text)) return 'test';
  if (CHANGELOG.test(path)) return 'changelog';
  if (EXAMPLE.test(path)) return 'example';
  if (DOCS.test(path)) return 'docs';
  return undefined;
}

/** Ruby's `define_method(:name)`, `alias_method :name`, `attr_reader :a, :name`. */
const RUBY_DEFINES =
  /(?:^|[\s;])(?:define_method|define_singleton_method|alias_method|attr_reader|attr_writer|attr_accessor)[\s(]+(?::\w+[?!=]?\s*,\s*)*:$/;
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

const DOT = 46;
const EQUALS = 61;
const QUOTE = 39;
const DOUBLE_QUOTE = 34;

function isChainChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === DOT
  );
}

/** Back from `i` over `a.b.c` to where the line starts (col 0): the index before the chain, or -2 when it does not start the line. */
function chainFromLineStart(text: string, i: number): number {
  let k = i;
  while (k >= 0 && isChainChar(text.charCodeAt(k))) k--;
  if (k === i) return -2;
  return k < 0 || text.charCodeAt(k) === 10 ? k : -2;
}

function skipBlank(text: string, i: number, step: 1 | -1): number {
  let k = i;
  while (k >= 0 && k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k += step;
  return k;
}

/**
 * The declarations JavaScript makes by running code, as a line shows them (see
 * syntax/js-dynamic.ts): `res.send = …` and `X.prototype.y = …` from the start of a line (the
 * name follows the `.` at `before`), and `defineGetter(obj, 'name', …` or
 * `Object.defineProperty(obj, 'name', …` from the start of a line (the name is quoted; `before` is
 * the opening quote).
 */
export function runTimeDeclaredAt(text: string, before: number, end: number): boolean {
  const b = text.charCodeAt(before);
  if (b === DOT) {
    const a = skipBlank(text, end, 1);
    if (text.charCodeAt(a) !== EQUALS) return false;
    const next = text.charCodeAt(a + 1);
    return next !== EQUALS && next !== 62 && chainFromLineStart(text, before - 1) !== -2;
  }
  if ((b !== QUOTE && b !== DOUBLE_QUOTE) || text.charCodeAt(end) !== b) return false;
  if (text.charCodeAt(skipBlank(text, end + 1, 1)) !== 44) return false; // `,` after the name
  let k = skipBlank(text, before - 1, -1);
  if (text.charCodeAt(k) !== 44) return false; // `,` before it
  k = skipBlank(text, k - 1, -1);
  const owner = k;
  while (k >= 0 && isChainChar(text.charCodeAt(k))) k--;
  if (k === owner) return false;
  k = skipBlank(text, k, -1);
  return text.charCodeAt(k) === 40 && chainFromLineStart(text, k - 1) !== -2; // `callee(` from the line start
}

/**
 * Whether the identifier at [start, end) of `text` looks declared by its line: a cheap first pass
 * that chooses which files to parse. The parse decides. `runTime`: the shapes of declarations
 * made by running code count too (a parsed file has them as declarations, or they declare nothing).
 */
export function looksDeclaredAt(text: string, start: number, end: number, runTime = true): boolean {
  let i = start - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const c = i >= 0 ? text.charCodeAt(i) : -1;
  if (c === DOT || c === QUOTE || c === DOUBLE_QUOTE) return runTime && runTimeDeclaredAt(text, i, end);
  if (i >= 0 && NOT_DECLARED_AFTER.has(c)) return false;
  const from = text.lastIndexOf('\n', start - 1) + 1;
  let to = text.indexOf('\n', end);
  if (to < 0) to = text.length;
  return looksDeclared(text.slice(from, start), text.slice(end, to));
}

/** Whether a line that holds an identifier (before it, after it) looks like it declares it. */
export function looksDeclared(lineBefore: string, lineAfter: string): boolean {
  if (DECL_KEYWORD.test(lineBefore) || GO_RECEIVER.test(lineBefore) || RUBY_DEFINES.test(lineBefore))
    return true;
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

// Bindings the lexer settles without a parse. A parse costs as much as masking twenty times the
// bytes, and most places the gate finds are written in a few forms whose parse is not in doubt:
// `const password = '…'` or `token = '…'` on a line of their own, `password := "…"`,
// `connect(user="app", password="…")`. For those the literal is read from the lexer's tokens
// (regions.ts) and the file is not parsed for them; every other place goes to the tree.
//
// Each form names the tokens around the binding that make it a binding in the grammar: what
// opens the line or precedes the name, the operator, a one-line quoted literal, and what may
// follow it (a token that cannot continue the expression). fast-paths.test.ts checks, on this
// project's sources, real repositories and hostile near-misses, that every place settled here
// is one the tree confirms with the same literal. In a file that
// may hold JSX (it has a closing tag) JavaScript places all go to the tree: JSX text can read
// `const password = '…';` on a line of its own.
import { type Region, regionAt } from '../regions';
import type { Binding, CodeLanguage } from './code-tree';
import type { TextSpan } from './pem';

/** Words that, ending a line, leave the next line's `name = …` part of their own construct. */
const JS_KEYWORDS = new Set(
  (
    'abstract accessor as async await break case catch class const continue debugger declare default ' +
    'delete do else enum export extends finally for from function get if implements import in infer ' +
    'instanceof interface is keyof let module namespace new of out override package private protected ' +
    'public readonly return satisfies set static super switch throw try type typeof unique var void ' +
    'while with yield'
  ).split(' '),
);
/** Words that, opening the next line, continue the expression before them. */
const JS_CONTINUING = new Set(['in', 'instanceof', 'as', 'satisfies']);

const JS_DECLARATION = /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:const|let|var)[ \t]+$/;
const GO_DECLARATION = /^[ \t]*(?:var|const)[ \t]+$/;
const BLANKS = /^[ \t]*$/;
const JS_NAME = /^[A-Za-z_$][\w$]*$/;
const NAME = /^[A-Za-z_]\w*$/;

const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isNameChar = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);
const isQuote = (c: string | undefined) => c === '"' || c === "'";
const BRACKET = /[()[\]{}]/g;

/** The lexer's view of one file: strings, comments and, for Python, brackets. */
export class CodeLexer {
  private cursor = 0;
  private regionIndex = 0;
  private readonly open: string[] = [];
  /** The first bracket at or after some position at or before the cursor (a search not to repeat). */
  private nextBracket = -1;
  /** Answers of `bracket`, by position: callers ask the same places twice. */
  private readonly brackets = new Map<number, string>();

  constructor(
    readonly text: string,
    readonly regions: Region[],
  ) {}

  /** The whole extent of the comment holding `i` (its markers included), if any. */
  comment(i: number): [number, number] | undefined {
    const regions = this.regions;
    let lo = 0;
    let hi = regions.length - 1;
    // The last region starting at or before i + 2 (a block comment's region starts after `/*`).
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (regions[mid]!.start <= i + 2) lo = mid + 1;
      else hi = mid - 1;
    }
    for (let k = hi; k >= 0 && k >= hi - 1; k--) {
      const r = regions[k]!;
      if (r.kind !== 'comment') continue;
      const t = this.text;
      const line = t.startsWith('//', r.start) || t[r.start] === '#' || t.startsWith('--', r.start);
      const from = line ? r.start : r.start - 2;
      const to = line ? r.end : Math.min(t.length, r.end + 2);
      if (from <= i && i < to) return [from, to];
    }
    return undefined;
  }

  /** The last significant character before `pos` (blanks and comments skipped), or -1. */
  before(pos: number): number {
    let i = pos - 1;
    while (i >= 0) {
      if (isBlank(this.text[i])) i--;
      else {
        const c = this.comment(i);
        if (!c) return i;
        i = c[0] - 1;
      }
    }
    return -1;
  }

  /** The first significant character at or after `pos` (blanks and comments skipped), or the text's length. */
  after(pos: number): number {
    let i = pos;
    while (i < this.text.length) {
      if (isBlank(this.text[i])) i++;
      else {
        const c = this.comment(i);
        if (!c) return i;
        i = c[1];
      }
    }
    return this.text.length;
  }

  /** The content of the one-line `'…'` or `"…"` literal opening at `quote`, when it closes on its line. */
  literal(quote: number): TextSpan | undefined {
    const t = this.text;
    const q = t[quote];
    if (q !== '"' && q !== "'") return undefined;
    if (t[quote + 1] === q) return t[quote + 2] === q ? undefined : { start: quote + 1, end: quote + 1 };
    const r = regionAt(this.regions, quote + 1);
    if (r?.kind !== 'string' || r.start !== quote + 1 || t[r.end] !== q) return undefined;
    const nl = t.indexOf('\n', r.start);
    return nl >= 0 && nl < r.end ? undefined : { start: r.start, end: r.end };
  }

  /**
   * The nearest `{`, `}`, `<` or `>` before `pos` in code, or ''. JSX text holds none of them raw,
   * so code after a `{` with none of the others between is JavaScript, not JSX text.
   */
  lastBraceOrTag(pos: number): string {
    const t = this.text;
    const regions = this.regions;
    let lo = 0;
    let hi = regions.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (regions[mid]!.start < pos) lo = mid + 1;
      else hi = mid - 1;
    }
    let k = hi;
    for (let i = pos - 1; i >= 0; i--) {
      while (k >= 0 && regions[k]!.start > i) k--;
      if (k >= 0 && i < regions[k]!.end) {
        i = regions[k]!.start;
        continue;
      }
      const c = t[i];
      if (c === '{' || c === '}' || c === '<' || c === '>') return c;
    }
    return '';
  }

  /** The innermost open bracket at `pos` ('' outside brackets), counted in code only. Positions must not decrease. */
  bracket(pos: number): string {
    const known = this.brackets.get(pos);
    if (known !== undefined) return known;
    const t = this.text;
    const regions = this.regions;
    if (pos < this.cursor) {
      this.cursor = 0;
      this.regionIndex = 0;
      this.open.length = 0;
      this.nextBracket = -1;
    }
    let i = this.cursor;
    while (i < pos) {
      while (this.regionIndex < regions.length && regions[this.regionIndex]!.end <= i) this.regionIndex++;
      const r = regions[this.regionIndex];
      if (r && r.start <= i) {
        i = r.end;
        continue;
      }
      // To the next bracket before the next region (or `pos`).
      const stop = Math.min(pos, r ? r.start : t.length);
      if (this.nextBracket < i) {
        BRACKET.lastIndex = i;
        this.nextBracket = BRACKET.exec(t)?.index ?? t.length;
      }
      const at = this.nextBracket;
      if (at >= stop) {
        i = stop;
        continue;
      }
      const c = t[at];
      if (c === '(' || c === '[' || c === '{') this.open.push(c);
      else this.open.pop();
      i = at + 1;
    }
    this.cursor = Math.max(i, this.cursor);
    const answer = this.open[this.open.length - 1] ?? '';
    this.brackets.set(pos, answer);
    return answer;
  }
}

/**
 * The literal a place binds, when its form settles it without a parse; undefined leaves the place
 * to the tree. `jsx`: whether the file may hold JSX (it has a closing tag).
 */
export function settledLiteral(
  lexer: CodeLexer,
  language: CodeLanguage,
  b: Binding,
  jsx: () => boolean,
): TextSpan | undefined {
  const t = lexer.text;
  const name = t.slice(b.nameStart, b.nameEnd);
  // A Python string key, `"password": …`: the name is all of the string.
  const keyed = language === 'python' && isQuote(t[b.nameStart - 1]) && t[b.nameEnd] === t[b.nameStart - 1];
  if (!BLANKS.test(t.slice(keyed ? b.nameEnd + 1 : b.nameEnd, b.op))) return undefined;
  const op = t.slice(b.op, b.opEnd);
  const literal = lexer.literal(b.quote);
  if (!literal) return undefined;
  const { lineStart, head } = lineHead(t, b.nameStart);
  const closed = literal.end + 1;
  switch (language) {
    case 'javascript':
    case 'typescript':
    case 'tsx': {
      // `const name = '…'` or, at a line's start after a finished statement, `name = '…'`; the
      // literal may open the next line. Not after `{` or `,`: `{ name = '…' } = options` is a pattern.
      if (op !== '=' || !JS_NAME.test(name) || !/^[ \t]*\r?\n?[ \t]*$/.test(t.slice(b.opEnd, b.quote)))
        return undefined;
      // JSX text can read like a statement (`<p>\nconst password = '…';\n</p>`), and an attribute
      // on its own line like an assignment: with JSX about, only a line inside braces is code.
      const declaration = JS_DECLARATION.test(head);
      if (!declaration && !BLANKS.test(head)) return undefined;
      if (language !== 'typescript' && jsx() && lexer.lastBraceOrTag(lineStart) !== '{') return undefined;
      if (!declaration && !finishesStatement(lexer, lexer.before(lineStart))) return undefined;
      return endsStatement(lexer, closed, declaration) ? literal : undefined;
    }
    case 'python': {
      if (!BLANKS.test(t.slice(b.opEnd, b.quote))) return undefined;
      if (op === ':') {
        // A dict field, `{"password": "…",` or `{password: "…"}` (no prefix on the key's string).
        const start = keyed ? b.nameStart - 1 : b.nameStart;
        if (!keyed && !NAME.test(name)) return undefined;
        // A string holds no counted bracket: the one open at the key's name is the one at its quote.
        if ((keyed && isNameChar(t[start - 1])) || lexer.bracket(b.nameStart) !== '{') return undefined;
        const p = t[lexer.before(start)];
        const next = t[lexer.after(closed)];
        return (p === '{' || p === ',') && (next === ',' || next === '}') ? literal : undefined;
      }
      // At depth 0, `name = '…'` alone on its line; in parentheses, a keyword argument or default.
      if (op !== '=' || keyed || !NAME.test(name)) return undefined;
      const bracket = lexer.bracket(b.nameStart);
      if (bracket === '') {
        if (!BLANKS.test(head) || /\\\r?\n$/.test(t.slice(Math.max(0, lineStart - 3), lineStart)))
          return undefined;
        let i = closed;
        while (t[i] === ' ' || t[i] === '\t') i++;
        const c = t[i];
        return c === undefined || c === '\n' || c === '\r' || c === '#' || c === ';' ? literal : undefined;
      }
      if (bracket !== '(') return undefined;
      const p = t[lexer.before(b.nameStart)];
      const next = t[lexer.after(closed)];
      return (p === '(' || p === ',') && (next === ',' || next === ')') ? literal : undefined;
    }
    case 'go': {
      // `name := "…"` or `name = "…"` opening a statement, `var name = "…"`, `const name = "…"`.
      if (!NAME.test(name) || !BLANKS.test(t.slice(b.opEnd, b.quote))) return undefined;
      const declaration = op === '=' && GO_DECLARATION.test(head);
      if (!declaration && !(BLANKS.test(head) && (op === ':=' || op === '='))) return undefined;
      if (!declaration) {
        const p = lexer.before(lineStart);
        if (p >= 0 && !(/[{};)\]"`]/.test(t[p]!) || isNameChar(t[p]))) return undefined;
      }
      return endsStatement(lexer, closed, false) ? literal : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The line's text before the name, which the forms accept only when it is blanks and words
 * (`export const `). The scan back stops at the first other character, so a long line is not
 * read again for each place on it; such a head comes back as NO_HEAD, which no form accepts.
 */
function lineHead(t: string, nameStart: number): { lineStart: number; head: string } {
  let i = nameStart;
  while (i > 0 && /[ \tA-Za-z]/.test(t[i - 1]!)) i--;
  if (i > 0 && t[i - 1] !== '\n') return { lineStart: -1, head: NO_HEAD };
  return { lineStart: i, head: t.slice(i, nameStart) };
}
const NO_HEAD = ';';

/** Does the token ending at `p` (from `before`) finish a statement, so that a new one starts after the line break? */
function finishesStatement(lexer: CodeLexer, p: number): boolean {
  if (p < 0) return true;
  const t = lexer.text;
  const c = t[p]!;
  // Inside a string the lexer did not see closed: its reading of this line may be off.
  if (regionAt(lexer.regions, p)?.kind === 'string') return false;
  if (c === ';' || c === ')' || c === ']' || c === '}') return true;
  if (c === '"' || c === "'" || c === '`') {
    // A closing quote: the string's region ends right before it.
    const r = regionAt(lexer.regions, p - 1);
    return (r?.kind === 'string' && r.end === p) || t[p - 1] === c;
  }
  if (!isNameChar(c)) return false;
  let s = p;
  while (s > 0 && isNameChar(t[s - 1])) s--;
  return !JS_KEYWORDS.has(t.slice(s, p + 1));
}

/**
 * After a literal's closing quote: `;` (or `,` in a declaration), or a line break after which
 * nothing continues the expression (a new statement's name, a closing brace, the end).
 */
function endsStatement(lexer: CodeLexer, closed: number, declaration: boolean): boolean {
  const t = lexer.text;
  let i = closed;
  while (t[i] === ' ' || t[i] === '\t') i++;
  if (t[i] === ';' || (declaration && t[i] === ',')) return true;
  const next = lexer.after(i);
  if (next >= t.length || t[next] === '}') return true;
  if (t.indexOf('\n', i) < 0 || t.indexOf('\n', i) > next) return false;
  if (!/[A-Za-z_$]/.test(t[next]!)) return false;
  let e = next;
  while (isNameChar(t[e])) e++;
  return !JS_CONTINUING.has(t.slice(next, e));
}

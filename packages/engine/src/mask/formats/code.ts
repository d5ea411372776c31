// String literals bound to secret-named identifiers in source code: `SECRET_KEY = '…'`,
// `{ password: '…' }`, `Config{Password: "…"}`, `connect(password='…')`, `def f(token='…')`,
// in Python, JavaScript/TypeScript, PHP, Ruby, Go, Java and C#. Only the literal's content is
// masked, never the code around it; values that are not values (placeholders, templates, words
// of a vocabulary, a value that spells its own name) are left alone.
//
// Parsing costs far more than masking (a few MB/s against ~100), so a cheap gate runs first: a
// secret word, the identifier around it, then `<operator> <quote>` after it. Only a file with such
// a place is parsed, and the tree confirms each place (formats/code-tree.ts). Without a grammar
// (not installed, the runtime not initialised, a file too large to parse) the literal after the
// operator, as the lexer of regions.ts reads it, is masked: without a parse, more is masked, never less.
import type { Tree } from 'web-tree-sitter';
import { type LanguageId, languageOf } from '../../lang/languages';
import { grammarNow } from '../../parse/runtime';
import { type Candidate, CODE_PRIORITY } from '../candidates';
import { lazyCodeRegions, type Region, regionAt } from '../regions';
import { CodeLexer, settledLiteral } from './code-lexed';
import { type Binding, type BoundLiteral, boundLiterals, type CodeLanguage } from './code-tree';
import { LABEL } from './labels';
import { isRealValue, isSecretKey, keyWords, SECRET_NAME_END } from './values';

const QUOTES = `'"\``;

/**
 * The gate's shape for the rules' prefilter pass (one RE2.Set pass over the file answers it with
 * the keywords): a secret word, the rest of the name, a closing quote or bracket, maybe a type,
 * an operator, a line break (after a backslash too) or parenthesis, a quote. Looser than `bindings`
 * (a superset, tested): it only decides which files are read. Escapes only, no raw control
 * characters: a raw CR once turned into a newline and left `\?` matching a question mark.
 */
export const CODE_BINDING_PATTERN = String.raw`(?i:(?:pass|secret|pwd|token|key)[\w$]*[${QUOTES}\]]*[ \t]*(?:[?!]?:[^\n=;]*|[ \t][\w.*\[\]]+[ \t]*)?(?:\{[^}\n]*\}[ \t]*)?(?::=|=>|=|:)[ \t]*(?:\\?\r?\n[ \t]*)?\(?[ \t]*(?:\r?\n[ \t]*)?[@$rbuf]{0,2}[${QUOTES}])`;

const LANGUAGES: Partial<Record<LanguageId, CodeLanguage>> = {
  python: 'python',
  javascript: 'javascript',
  typescript: 'typescript',
  tsx: 'tsx',
  php: 'php',
  ruby: 'ruby',
  go: 'go',
  java: 'java',
  csharp: 'csharp',
};

/** The language whose literals this scanner reads, for a path. */
export function codeLanguage(path: string): CodeLanguage | undefined {
  const id = languageOf(path);
  return id ? LANGUAGES[id] : undefined;
}

/** Files larger than this are not parsed (the lexer reads their literals). */
const MAX_PARSE = 4 * 1024 * 1024;

const KEYWORD = /pass|secret|pwd|token|key/gi;
/**
 * After a name: a closing quote or bracket (a string key, a subscript), a type (`: str`, `?: string`,
 * Go's `name string`), C#'s `{ get; set; }`, the operator, a parenthesis or line break, a string
 * prefix (`r`, `b`, `f`, `@`, `$`), the opening quote. One source for JavaScript and RE2.
 */
const AFTER_SOURCE =
  `(["'` +
  '`' +
  String.raw`]?\]?)[ \t]*(?:[?!]?:[ \t]*[\w$.<>\[\]| ?*]{1,80}?[ \t]*|[ \t]+[\w.*\[\]]+[ \t]*)?(?:\{[ \t]*get;[^}\n]{0,40}\}[ \t]*)?(:=|=>|=(?![=~])|:(?!:))[ \t]*(?:\\?\r?\n[ \t]*)?(?:\([ \t]*(?:\r?\n[ \t]*)?)?(?:[@$]{1,2}|[rRbBuUfF]{1,2})?["'` +
  '`]';
const AFTER = new RegExp(AFTER_SOURCE, 'dy');

/**
 * A secret name's end, then AFTER loosened for RE2 (no lookaheads, no counted repeats): found at
 * every place `bindings` finds. The rules' prefilter pass answers it with CODE_BINDING_PATTERN;
 * a file that matches only the looser of the two has no place, and its names are not read.
 */
export const CODE_NAME_PATTERN =
  SECRET_NAME_END +
  AFTER_SOURCE.replace('(?![=~])', '').replace('(?!:)', '').replace('{1,80}?', '+').replace('{0,40}', '*');

const isWord = (c: number) =>
  (c >= 0x30 && c <= 0x39) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  c === 0x5f ||
  c === 0x24;
const isQuote = (c: string | undefined) => c === '"' || c === "'" || c === '`';

/** `name <operator> <quote>` places whose name is a secret name, in order. */
export function bindings(text: string): Binding[] {
  const out: Binding[] = [];
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(text); m; m = KEYWORD.exec(text)) {
    let start = m.index;
    while (start > 0 && isWord(text.charCodeAt(start - 1))) start--;
    let end = m.index + m[0].length;
    while (end < text.length && isWord(text.charCodeAt(end))) end++;
    KEYWORD.lastIndex = end;
    // A quoted key may hold dashes and dots (`"x-api-key": …`).
    if (isQuote(text[end])) {
      let s = start;
      while (s > 0 && /[\w$.-]/.test(text[s - 1]!)) s--;
      if (text[s - 1] === text[end]) start = s;
    }
    if (!isSecretKey(text.slice(start, end))) continue;
    AFTER.lastIndex = end;
    const a = AFTER.exec(text);
    if (!a) continue;
    const [op, opEnd] = a.indices![2]!;
    out.push({ nameStart: start, nameEnd: end, op, opEnd, quote: end + a[0].length - 1 });
  }
  return out;
}

/**
 * The places to judge: the gate's bindings, less those whose literal, read on its line, is plainly
 * no secret and those the lexer puts inside a string or comment (code quoted in a test, an example
 * in a docstring).
 */
export function placesToJudge(text: string, language: CodeLanguage, lexer: () => CodeLexer): Binding[] {
  const found = bindings(text).filter((b) => {
    const v = lineLiteral(text, b.quote, language);
    if (v === undefined || isSecret(v, text.slice(b.nameStart, b.nameEnd))) return true;
    return inNameList(text, language, b, lexer);
  });
  if (found.length === 0) return found;
  const regions = lexer().regions;
  // A string key (`"api_key": …`) is a string that is all name, in its quotes.
  return found.filter((b) => {
    const r = regionAt(regions, b.nameStart);
    return (
      r === undefined ||
      (r.start === b.nameStart &&
        r.end === b.nameEnd &&
        isQuote(text[b.nameStart - 1]) &&
        text[b.nameEnd] === text[b.nameStart - 1])
    );
  });
}

/**
 * How literals are read: `fast` settles the plain forms with the lexer (formats/code-lexed.ts) and
 * parses for the rest; `tree` parses for every place (the tests' reference for `fast`); `lexer`
 * never parses, as when no grammar is there.
 */
export type CodeReading = 'fast' | 'tree' | 'lexer';

/** `regions`: the file's lexer regions, computed on first need and shared with the caller. */
export function scanCode(
  text: string,
  path: string,
  out: Candidate[],
  reading: CodeReading = 'fast',
  regions: () => Region[] = lazyCodeRegions(text, path),
): void {
  for (const { start, end, binding } of boundInCode(text, path, reading, regions))
    if (isSecret(text.slice(start, end), text.slice(binding.nameStart, binding.nameEnd)))
      out.push({ start, end, rule: LABEL.value, priority: CODE_PRIORITY });
}

/** The literals bound to the places worth judging, before their values are judged. */
export function boundInCode(
  text: string,
  path: string,
  reading: CodeReading = 'fast',
  regions: () => Region[] = lazyCodeRegions(text, path),
): BoundLiteral[] {
  const language = codeLanguage(path);
  if (!language) return [];
  let lexer: CodeLexer | undefined;
  const lex = () => (lexer ??= new CodeLexer(text, regions()));
  const places = placesToJudge(text, language, lex);
  if (places.length === 0) return [];
  // Places whose form settles them are read from the lexer; the tree judges the rest.
  let jsx: boolean | undefined;
  const hasJsx = () => (jsx ??= text.includes('</') || text.includes('/>'));
  const found: BoundLiteral[] = [];
  const open: Binding[] = [];
  for (const b of places) {
    const span = reading === 'fast' ? settledLiteral(lex(), language, b, hasJsx) : undefined;
    if (span) found.push({ ...span, binding: b });
    else open.push(b);
  }
  if (open.length > 0) found.push(...literals(text, language, open, reading !== 'lexer', regions));
  return found;
}

/** Languages whose name lists pair names and values by position (`a, b = x, y`; `user, secret := "app", "…"`). */
const NAME_LISTS: ReadonlySet<CodeLanguage> = new Set(['python', 'ruby', 'go']);

/**
 * Can the literal after the operator be another name's? Only where the language has name lists,
 * with an assignment operator and a comma before the name, and in Python outside brackets
 * (`f(a, password='…')` is a keyword argument): there the tree pairs by position. An object, dict
 * or struct field after a comma (`{ a: 1, token: '…' }`) binds the literal after it.
 */
function inNameList(text: string, language: CodeLanguage, b: Binding, lexer: () => CodeLexer): boolean {
  const op = text.slice(b.op, b.opEnd);
  if (!NAME_LISTS.has(language) || (op !== '=' && op !== ':=')) return false;
  if (!/,\s*$/.test(text.slice(Math.max(0, b.nameStart - 16), b.nameStart))) return false;
  return language !== 'python' || lexer().bracket(b.nameStart) === '';
}

function isSecret(value: string, name: string): boolean {
  // The cheap test first: most literals in code bound to `key` or `token` names have no digit.
  return (isPasswordName(name) || /\d/.test(value)) && isRealValue(value) && !spellsName(value, name);
}

/**
 * The literal opening at `quote` as it reads on its line: up to the same quote, past backslash
 * escapes; an empty `''`; in Python a triple-quoted literal to its closing quotes. Undefined where
 * that reading may not be the literal (backticks, verbatim and raw strings, other triple quotes, a
 * literal that goes on past its line, in Python one another literal continues): those are always
 * parsed; except a backtick template with a `${…}` before its next backtick, a template the tree
 * rejects too.
 */
function lineLiteral(text: string, quote: number, language: CodeLanguage): string | undefined {
  const q = text[quote]!;
  if (q === '`') {
    const close = text.indexOf('`', quote + 1);
    const sub = text.indexOf('${', quote + 1);
    return sub >= 0 && (close < 0 || sub < close) ? '${' : undefined;
  }
  if (/[@rR]/.test(text[quote - 1] ?? '')) return undefined;
  const python = language === 'python';
  const triple = text[quote + 1] === q && text[quote + 2] === q;
  if (triple && !python) return undefined;
  const from = triple ? quote + 3 : quote + 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === q && (!triple || text.startsWith(q.repeat(3), i))) {
      const value = text.slice(from, i);
      return python && continues(text, i + (triple ? 3 : 1)) ? undefined : value;
    } else if (c === '\n' && !triple) return undefined;
  }
  return undefined;
}

/**
 * Does another Python string literal follow at `at` (implicit concatenation: `'a' 'b'`, across
 * lines in brackets)? The answer of `/(?:\s|\\\r?\n|#[^\n]*)*[rRbBuUfF]{0,2}["']/y` at `at`, read
 * without backtracking: a comment reaches every position to its line's end, so a quote anywhere in
 * it answers yes (the regex backtracked into it from the line's end, once per literal on the line).
 */
export function continues(text: string, at: number): boolean {
  let i = at;
  for (;;) {
    const c = text[i];
    if (c === undefined) return false;
    if (c === '#') {
      let k = i + 1;
      for (; k < text.length && text[k] !== '\n'; k++) if (text[k] === '"' || text[k] === "'") return true;
      i = k;
    } else if (WHITE.test(c)) i++;
    else if (c === '\\' && text[i + 1] === '\n') i += 2;
    else if (c === '\\' && text[i + 1] === '\r' && text[i + 2] === '\n') i += 3;
    else {
      let k = i;
      while (k < i + 2 && k < text.length && 'rRbBuUfF'.includes(text[k]!)) k++;
      return text[k] === '"' || text[k] === "'";
    }
  }
}
const WHITE = /^\s$/;

/**
 * Passwords can be any text; tokens, keys and secrets made by machines have digits. In code,
 * `token`, `key` and `secret` also name lexer tokens, cache and map keys (`lastToken = "?JSX"`),
 * whose values are written in words: under those names a value without a digit is a name.
 */
const isPasswordName = (name: string) => /pass|pwd/i.test(name);

/** Literal spans for the bindings: from the parse tree when there is one, else from the lexer. */
function literals(
  text: string,
  language: CodeLanguage,
  found: Binding[],
  parse: boolean,
  regions: () => Region[],
): BoundLiteral[] {
  const grammar = parse && text.length <= MAX_PARSE ? grammarNow(language) : undefined;
  if (grammar?.ok) {
    let tree: Tree | null = null;
    try {
      tree = grammar.grammar.parser.parse(text);
      if (tree) return boundLiterals(tree, text, found, language);
    } finally {
      tree?.delete();
    }
  }
  const out: BoundLiteral[] = [];
  for (const binding of found) {
    const r = regionAt(regions(), binding.quote + 1) ?? regionAt(regions(), binding.quote + 3);
    if (r?.kind === 'string' && r.start <= binding.quote + 3 && r.end > r.start)
      out.push({ start: r.start, end: r.end, binding });
  }
  return out;
}

/** A value that spells its own name (`refresh_token: 'refresh_token'`, `csrfToken = "csrf-token"`) is a name. */
function spellsName(value: string, name: string): boolean {
  const words = keyWords(value).join('');
  return words !== '' && keyWords(name).join('') === words;
}

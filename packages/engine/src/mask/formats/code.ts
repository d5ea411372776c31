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
import { codeFamily, codeRegions, type Region, regionAt } from '../regions';
import { type Binding, type BoundLiteral, boundLiterals, type CodeLanguage } from './code-tree';
import { LABEL } from './labels';
import { isRealValue, isSecretKey, keyWords } from './values';

/**
 * The gate's shape for the rules' prefilter pass (one RE2.Set pass over the file answers it with
 * the keywords): a secret word, the rest of the name, a closing quote or bracket, maybe a type,
 * an operator, a quote. Looser than `bindings` (a superset): it only decides which files are read.
 */
export const CODE_BINDING_PATTERN =
  String.raw`(?i:(?:pass|secret|pwd|token|key)[\w$]*['"` +
  '`' +
  String.raw`\]]*[ 	]*(?:[?!]?:[^
=;]*|[ 	][\w.*\[\]]+[ 	]*)?(?:\{[^}
]*\}[ 	]*)?(?::=|=>|=|:)[ 	]*(?:\?
?
[ 	]*)?\(?[ 	]*(?:
?
[ 	]*)?[@$rbuf]{0,2}['"` +
  '`])';

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
 * prefix (`r`, `b`, `f`, `@`, `$`), the opening quote.
 */
const AFTER =
  /(["'`]?\]?)[ \t]*(?:[?!]?:[ \t]*[\w$.<>[\]| ?*]{1,80}?[ \t]*|[ \t]+[\w.*[\]]+[ \t]*)?(?:\{[ \t]*get;[^}\n]{0,40}\}[ \t]*)?(:=|=>|=(?![=~])|:(?!:))[ \t]*(?:\\?\r?\n[ \t]*)?(?:\([ \t]*(?:\r?\n[ \t]*)?)?(?:[@$]{1,2}|[rRbBuUfF]{1,2})?["'`]/dy;

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

/** `parse: false` reads the literals with the lexer, as when no grammar is there (tests compare both). */
export function scanCode(text: string, path: string, out: Candidate[], parse = true): void {
  const language = codeLanguage(path);
  if (!language) return;
  // Parsing is the cost: places whose literal, read on its line, is plainly no secret go first.
  const found = bindings(text).filter((b) => {
    // In a name list (`user, secret := "app", "…"`) the literal after the operator may be another name's.
    if (/,\s*$/.test(text.slice(Math.max(0, b.nameStart - 16), b.nameStart))) return true;
    const v = lineLiteral(text, b.quote);
    return v === undefined || isSecret(v, text.slice(b.nameStart, b.nameEnd));
  });
  if (found.length === 0) return;
  // A name inside a string or a comment (code quoted in a test, an example in a docstring), as
  // the lexer reads them, is no binding either: the lexer that judges Gitleaks' key rules in code.
  const family = codeFamily(path);
  const regions = family ? codeRegions(text, family) : [];
  const inCode = found.filter(
    (b) => regionAt(regions, b.nameStart) === undefined || text[b.nameEnd] === text[b.nameStart - 1],
  );
  if (inCode.length === 0) return;
  for (const { start, end, binding } of literals(text, path, language, inCode, parse)) {
    if (isSecret(text.slice(start, end), text.slice(binding.nameStart, binding.nameEnd)))
      out.push({ start, end, rule: LABEL.value, priority: CODE_PRIORITY });
  }
}

function isSecret(value: string, name: string): boolean {
  return isRealValue(value) && !spellsName(value, name) && (isPasswordName(name) || /\d/.test(value));
}

/**
 * The literal opening at `quote` as it reads on its line: up to the same quote, past backslash
 * escapes. Undefined where that reading may not be the literal (triple quotes, backticks,
 * verbatim and raw strings, a literal that goes on past its line): those are always parsed;
 * except a backtick template with a `${…}` before its next backtick, a template the tree rejects too.
 */
function lineLiteral(text: string, quote: number): string | undefined {
  const q = text[quote]!;
  if (q === '`') {
    const close = text.indexOf('`', quote + 1);
    const sub = text.indexOf('${', quote + 1);
    return sub >= 0 && (close < 0 || sub < close) ? '${' : undefined;
  }
  if (text[quote + 1] === q || /[@rR]/.test(text[quote - 1] ?? '')) return undefined;
  for (let i = quote + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === q) return text.slice(quote + 1, i);
    else if (c === '\n') return undefined;
  }
  return undefined;
}

/**
 * Passwords can be any text; tokens, keys and secrets made by machines have digits. In code,
 * `token`, `key` and `secret` also name lexer tokens, cache and map keys (`lastToken = "?JSX"`),
 * whose values are written in words: under those names a value without a digit is a name.
 */
const isPasswordName = (name: string) => /pass|pwd/i.test(name);

/** Literal spans for the bindings: from the parse tree when there is one, else from the lexer. */
function literals(
  text: string,
  path: string,
  language: CodeLanguage,
  found: Binding[],
  parse: boolean,
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
  const family = codeFamily(path);
  if (!family) return [];
  let regions: Region[] | undefined;
  const out: BoundLiteral[] = [];
  for (const binding of found) {
    regions ??= codeRegions(text, family);
    const r = regionAt(regions, binding.quote + 1) ?? regionAt(regions, binding.quote + 3);
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

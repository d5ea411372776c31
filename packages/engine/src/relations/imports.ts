// Import statements per language, by regular expressions over the text with comments blanked out
// (lex.ts). Import syntax is line-anchored and regular in every language here, so patterns are
// exact enough, and they run at text speed over a whole focus (a parse would not: relations need
// every file of the focus for `imported_by`). Each import keeps its line.
import type { LanguageId } from '../lang/languages';
import { type CommentStyle, stripComments } from './lex';

export type ImportKind =
  /** TS/JS module specifier, Go import path, C include. */
  | 'module'
  /** Python `import a.b` / `from a.b import x` (names in `names`). */
  | 'python'
  /** Rust `mod x;` (`spec` = name; `path` attribute in `names[0]`). */
  | 'rust-mod'
  /** Rust `use` path, expanded from its tree (`crate::a::b`). */
  | 'rust-use'
  /** Java/Kotlin import (`a.b.C`, `a.b.*`). */
  | 'jvm'
  /** C# `using A.B;`. */
  | 'csharp'
  /** C/C++ `#include <…>`. */
  | 'system-include';

export interface RawImport {
  kind: ImportKind;
  spec: string;
  /** 1-based. */
  line: number;
  names?: string[];
}

/** What else a file says about itself: its Java/Kotlin package or C# namespaces. */
export interface FileFacts {
  imports: RawImport[];
  /** Java/Kotlin `package`, C# `namespace` declarations. */
  packages: string[];
}

function styleOf(language: LanguageId): CommentStyle | undefined {
  switch (language) {
    case 'python':
      return 'python';
    case 'typescript':
    case 'tsx':
    case 'javascript':
    case 'go':
    case 'rust':
    case 'java':
    case 'kotlin':
    case 'csharp':
    case 'c':
    case 'cpp':
      return 'c';
    default:
      return undefined;
  }
}

function all(re: RegExp, text: string, each: (m: RegExpExecArray, line: number) => void): void {
  re.lastIndex = 0;
  // Lines counted incrementally: matches come in text order.
  let at = 0;
  let line = 1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (let i = text.indexOf('\n', at); i >= 0 && i < m.index; i = text.indexOf('\n', i + 1)) {
      line++;
      at = i + 1;
    }
    each(m, line);
  }
}

const TS_IMPORT = /^[ \t]*import\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?(['"])([^'"\n]+)\1/gm;
const TS_EXPORT =
  /^[ \t]*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+(['"])([^'"\n]+)\1/gm;
const TS_CALL = /\b(?:require|import)\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;

function typescript(text: string, out: RawImport[]): void {
  for (const re of [TS_IMPORT, TS_EXPORT, TS_CALL])
    all(re, text, (m, line) => out.push({ kind: 'module', spec: m[2]!, line }));
  out.sort((a, b) => a.line - b.line);
}

const PY_IMPORT =
  /^[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)/gm;
const PY_FROM = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]+)/gm;

function python(text: string, out: RawImport[]): void {
  all(PY_IMPORT, text, (m, line) => {
    for (const part of m[1]!.split(',')) {
      const spec = part.trim().split(/\s+/)[0];
      if (spec) out.push({ kind: 'python', spec, line });
    }
  });
  all(PY_FROM, text, (m, line) => {
    const names = m[2]!
      .replace(/[()\\]/g, ' ')
      .split(',')
      .map((s) => s.trim().split(/\s+/)[0]!)
      .filter((s) => /^[\w*]+$/.test(s));
    out.push({ kind: 'python', spec: m[1]!, line, names });
  });
  out.sort((a, b) => a.line - b.line);
}

const GO_SINGLE = /^[ \t]*import[ \t]+(?:[\w.]+[ \t]+)?"([^"\n]+)"/gm;
const GO_BLOCK = /^[ \t]*import[ \t]*\(([^)]*)\)/gm;
const GO_SPEC = /^[ \t]*(?:[\w.]+[ \t]+)?"([^"\n]+)"/gm;

function go(text: string, out: RawImport[]): void {
  all(GO_SINGLE, text, (m, line) => out.push({ kind: 'module', spec: m[1]!, line }));
  all(GO_BLOCK, text, (m, line) => {
    const body = m[1]!;
    const start = m[0].indexOf('(') + 1;
    const head = m[0].slice(0, start);
    const headLines = head.split('\n').length - 1;
    all(GO_SPEC, body, (s, l) => out.push({ kind: 'module', spec: s[1]!, line: line + headLines + l - 1 }));
  });
  out.sort((a, b) => a.line - b.line);
}

const RUST_MOD =
  /^[ \t]*(?:#\[path[ \t]*=[ \t]*"([^"\n]+)"\][ \t\n]*)?(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/gm;
const RUST_USE = /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?use[ \t]+([^;]+);/gm;

/** `a::{b, c::{d, self}}` -> `a::b`, `a::c::d`, `a::c`. */
export function expandUseTree(tree: string): string[] {
  const t = tree.replace(/\s+/g, '');
  const open = t.indexOf('{');
  if (open < 0) {
    const path = t.replace(/as\w+$/, '').replace(/::(self|\*)$/, '');
    return path ? [path] : [];
  }
  const prefix = t.slice(0, open).replace(/::$/, '');
  let depth = 0;
  let from = open + 1;
  const parts: string[] = [];
  for (let i = open; i < t.length; i++) {
    if (t[i] === '{') depth++;
    else if (t[i] === '}') {
      depth--;
      if (depth === 0) {
        parts.push(t.slice(from, i));
        break;
      }
    } else if (t[i] === ',' && depth === 1) {
      parts.push(t.slice(from, i));
      from = i + 1;
    }
  }
  const out: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    if (part === 'self' || part === '*') out.push(prefix);
    else for (const sub of expandUseTree(part)) out.push(prefix ? `${prefix}::${sub}` : sub);
  }
  return out;
}

function rust(text: string, out: RawImport[]): void {
  all(RUST_MOD, text, (m, line) => {
    const at = m[0].indexOf('mod');
    const l = line + (m[0].slice(0, at).split('\n').length - 1);
    out.push({ kind: 'rust-mod', spec: m[2]!, line: l, ...(m[1] ? { names: [m[1]] } : {}) });
  });
  all(RUST_USE, text, (m, line) => {
    for (const spec of expandUseTree(m[1]!.replace(/\s+as\s+\w+/g, '')))
      out.push({ kind: 'rust-use', spec, line });
  });
  out.sort((a, b) => a.line - b.line);
}

const JAVA_PACKAGE = /^[ \t]*package[ \t]+([\w.]+)/gm;
const JAVA_IMPORT =
  /^[ \t]*import[ \t]+(?:static[ \t]+)?(\w+(?:\.\w+)*(?:\.\*)?)(?:[ \t]+as[ \t]+\w+)?[ \t]*;?/gm;

function jvm(text: string, out: RawImport[], packages: string[]): void {
  all(JAVA_PACKAGE, text, (m) => packages.push(m[1]!));
  all(JAVA_IMPORT, text, (m, line) => out.push({ kind: 'jvm', spec: m[1]!, line }));
}

const CS_USING = /^[ \t]*(?:global[ \t]+)?using[ \t]+(?:static[ \t]+)?(?:\w+[ \t]*=[ \t]*)?([\w.]+)[ \t]*;/gm;
const CS_NAMESPACE = /^[ \t]*namespace[ \t]+([\w.]+)/gm;

function csharp(text: string, out: RawImport[], packages: string[]): void {
  all(CS_NAMESPACE, text, (m) => packages.push(m[1]!));
  all(CS_USING, text, (m, line) => out.push({ kind: 'csharp', spec: m[1]!, line }));
}

const C_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)/gm;

function c(text: string, out: RawImport[]): void {
  all(C_INCLUDE, text, (m, line) =>
    out.push(m[1] ? { kind: 'module', spec: m[1], line } : { kind: 'system-include', spec: m[2]!, line }),
  );
}

/** The imports (and package or namespace declarations) of a file in `language`. */
export function fileFacts(text: string, language: LanguageId | undefined): FileFacts {
  const imports: RawImport[] = [];
  const packages: string[] = [];
  const style = language && styleOf(language);
  if (!style) return { imports, packages };
  const code = stripComments(text, style);
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      typescript(code, imports);
      break;
    case 'python':
      python(code, imports);
      break;
    case 'go':
      go(code, imports);
      break;
    case 'rust':
      rust(code, imports);
      break;
    case 'java':
    case 'kotlin':
      jvm(code, imports, packages);
      break;
    case 'csharp':
      csharp(code, imports, packages);
      break;
    case 'c':
    case 'cpp':
      c(code, imports);
      break;
  }
  return { imports, packages };
}

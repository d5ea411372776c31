// One ignore file (.gitignore or .git/info/exclude) parsed and matched with git's exact rules:
// comments, blank lines, `\` escapes, trailing spaces, `!` negation, trailing `/`, anchoring by
// a leading or middle `/`, the literal-prefix shortcut and its `**` quirk, case folding.
import { isGlobSpecial, WM_CASEFOLD, WM_PATHNAME, wildmatch } from './wildmatch';

const NEGATIVE = 1;
const MUST_BE_DIR = 2;
const NO_DIR = 4;
const ENDS_WITH = 8;

export interface IgnorePattern {
  /** Byte string without the leading `!` and the trailing `/`. */
  body: string;
  flags: number;
  /** Length of the leading part without glob characters. */
  literal: number;
  line: number;
  /** The line as written (for reasons shown to people). */
  source: string;
}

export interface IgnoreList {
  /** Where the rules came from, relative to the scan root (for reasons). */
  origin: string;
  /** Folder the rules apply to, as a byte string: '' or 'dir/sub/' (with the slash). */
  base: string;
  patterns: IgnorePattern[];
}

export const isNegative = (p: IgnorePattern) => (p.flags & NEGATIVE) !== 0;

function literalLength(s: string): number {
  for (let i = 0; i < s.length; i++) if (isGlobSpecial(s.charCodeAt(i))) return i;
  return s.length;
}

/** git's trailing-space rule: unescaped trailing spaces go; a trailing lone `\` keeps them. */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x20) {
      if (lastSpace < 0) lastSpace = i;
    } else if (c === 0x5c) {
      i++;
      if (i >= line.length) return line;
      lastSpace = -1;
    } else lastSpace = -1;
  }
  return lastSpace >= 0 ? line.slice(0, lastSpace) : line;
}

export function parsePattern(text: string, line: number): IgnorePattern {
  let body = text;
  let flags = 0;
  if (body.charCodeAt(0) === 0x21) {
    flags |= NEGATIVE;
    body = body.slice(1);
  }
  let len = body.length;
  if (len && body.charCodeAt(len - 1) === 0x2f) {
    len--;
    flags |= MUST_BE_DIR;
  }
  if (len === 0 || body.lastIndexOf('/', len - 1) < 0) flags |= NO_DIR;
  const literal = Math.min(literalLength(body), len);
  if (body.charCodeAt(0) === 0x2a && literalLength(body.slice(1)) === body.length - 1) flags |= ENDS_WITH;
  return { body: body.slice(0, len), flags, literal, line, source: text };
}

/** Parses an ignore file's bytes (latin1-decoded Buffer, i.e. a byte string). */
export function parseIgnoreFile(bytes: string, origin: string, base: string): IgnoreList {
  let text = bytes.startsWith('\xef\xbb\xbf') ? bytes.slice(3) : bytes;
  const nul = text.indexOf('\0');
  const patterns: IgnorePattern[] = [];
  if (!text.endsWith('\n')) text += '\n';
  let start = 0;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
    if (i !== start && text.charCodeAt(start) !== 0x23) {
      let entry = text.slice(start, i > start && text.charCodeAt(i - 1) === 0x0d ? i - 1 : i);
      // git reads lines as C strings: a NUL byte ends the pattern.
      if (nul >= 0) {
        const z = entry.indexOf('\0');
        if (z >= 0) entry = entry.slice(0, z);
      }
      patterns.push(parsePattern(trimTrailingSpaces(entry), line));
    }
    line++;
    start = i + 1;
  }
  return { origin, base, patterns };
}

function sameBytes(a: string, aFrom: number, b: string, bFrom: number, n: number, fold: boolean): boolean {
  if (!fold) return a.substr(aFrom, n) === b.substr(bFrom, n);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(aFrom + i);
    let y = b.charCodeAt(bFrom + i);
    if (x >= 0x41 && x <= 0x5a) x += 32;
    if (y >= 0x41 && y <= 0x5a) y += 32;
    if (x !== y) return false;
  }
  return true;
}

function matchBasename(name: string, p: IgnorePattern, fold: boolean): boolean {
  const body = p.body;
  if (p.literal === body.length)
    return body.length === name.length && sameBytes(body, 0, name, 0, name.length, fold);
  if (p.flags & ENDS_WITH) {
    const n = body.length - 1;
    return n <= name.length && sameBytes(body, 1, name, name.length - n, n, fold);
  }
  return wildmatch(body, name, fold ? WM_CASEFOLD : 0);
}

function matchPathname(path: string, base: string, p: IgnorePattern, fold: boolean): boolean {
  let pattern = p.body;
  let literal = p.literal;
  if (pattern.charCodeAt(0) === 0x2f) {
    pattern = pattern.slice(1);
    literal--;
  }
  const baseLen = base.length ? base.length - 1 : 0;
  if (path.length < baseLen + 1 || (baseLen && path.charCodeAt(baseLen) !== 0x2f)) return false;
  if (!sameBytes(path, 0, base, 0, baseLen, fold)) return false;
  let name = baseLen ? path.slice(baseLen + 1) : path;
  if (literal) {
    if (literal > name.length) return false;
    if (!sameBytes(pattern, 0, name, 0, literal, fold)) return false;
    // The rest is matched as a pattern of its own: git's way, which makes `**` right after the
    // literal prefix behave as a leading `**`.
    pattern = pattern.slice(literal);
    name = name.slice(literal);
    if (!pattern.length && !name.length) return true;
  }
  return wildmatch(pattern, name, WM_PATHNAME | (fold ? WM_CASEFOLD : 0));
}

/**
 * The last pattern of `list` that matches `path` (a byte string relative to the repository,
 * `basename` its last component), or undefined. Like git, `dir/` patterns skip non-folders.
 */
export function lastMatch(
  list: IgnoreList,
  path: string,
  basename: string,
  isDir: boolean,
  fold: boolean,
): IgnorePattern | undefined {
  const patterns = list.patterns;
  for (let i = patterns.length - 1; i >= 0; i--) {
    const p = patterns[i]!;
    if (p.flags & MUST_BE_DIR && !isDir) continue;
    if (p.flags & NO_DIR ? matchBasename(basename, p, fold) : matchPathname(path, list.base, p, fold))
      return p;
  }
  return undefined;
}

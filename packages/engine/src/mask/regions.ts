// Where a value can be in source code: inside a string literal, or quoted inside a comment.
// Contextual rules (`key = value`) are accepted in code only there: `token = getToken()` or
// `password: string` are code, not values. The lexer is approximate by design (no grammar per
// language); when it is wrong on a line it recovers at the end of that line.

export type CodeFamily = 'c' | 'hash' | 'dash';

export interface Region {
  /** Content bounds: the quotes are outside. */
  start: number;
  end: number;
  kind: 'string' | 'comment';
}

const C_LIKE =
  'js jsx mjs cjs ts tsx mts cts java kt kts scala groovy gradle c h cc cpp cxx hpp hh hxx cs go rs swift dart php m mm zig sol v'.split(
    ' ',
  );
const HASH = 'py pyi rb r jl ex exs nim cr pl pm'.split(' ');
const DASH = 'lua sql hs elm'.split(' ');

/** The code family of a path, or undefined for files that are not source code (config, shell, prose). */
export function codeFamily(path: string): CodeFamily | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  const ext = path.slice(dot + 1).toLowerCase();
  if (C_LIKE.includes(ext)) return 'c';
  if (HASH.includes(ext)) return 'hash';
  if (DASH.includes(ext)) return 'dash';
  return undefined;
}

/** Runs of characters that cannot open a string, comment or regex literal in a family. */
const PLAIN: Record<CodeFamily, RegExp> = {
  c: /[^"'`/#]+/y,
  hash: /[^"'`#]+/y,
  dash: /[^"'`-]+/y,
};

/**
 * String and comment regions of `text`, in order, up to `limit` (regions past it are not needed).
 * `skipRuns: false` reads every character one by one (the tests' reference for the fast path).
 */
export function codeRegions(
  text: string,
  family: CodeFamily,
  limit = text.length,
  skipRuns = true,
): Region[] {
  const out: Region[] = [];
  const n = text.length;
  let i = 0;
  let lastSignificant = '';
  const lineEnd = (from: number) => {
    const nl = text.indexOf('\n', from);
    return nl < 0 ? n : nl;
  };
  const plain = PLAIN[family];
  while (i < n && i <= limit) {
    // A run of characters that open nothing: only the last significant one counts.
    plain.lastIndex = i;
    if (skipRuns && plain.test(text)) {
      const e = plain.lastIndex;
      let k = e - 1;
      while (k >= i && (text[k] === ' ' || text[k] === '\t' || text[k] === '\r')) k--;
      if (k >= i) lastSignificant = text[k] === '\n' ? ';' : text[k]!;
      i = e;
      continue;
    }
    const c = text[i]!;
    // Comments.
    if (
      (family === 'c' && c === '/' && text[i + 1] === '/') ||
      (family === 'dash' && c === '-' && text[i + 1] === '-') ||
      (c === '#' && (family === 'hash' || (family === 'c' && isPhpHash(text, i))))
    ) {
      const e = lineEnd(i);
      out.push({ start: i, end: e, kind: 'comment' });
      i = e;
      continue;
    }
    if (family === 'c' && c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const e = close < 0 ? n : close;
      out.push({ start: i + 2, end: e, kind: 'comment' });
      i = close < 0 ? n : close + 2;
      continue;
    }
    // Strings.
    if (c === '"' || c === "'" || c === '`') {
      const triple = text.startsWith(c.repeat(3), i) && (family === 'hash' || c === '"');
      const raw = isRawPrefix(text, i, family);
      const r = readString(text, i, c, triple, raw, family);
      out.push({ start: r.start, end: r.end, kind: 'string' });
      i = r.next;
      lastSignificant = c;
      continue;
    }
    // JavaScript-style regex literals would otherwise open bogus strings on quotes they contain.
    if (family === 'c' && c === '/' && '(,=:[!&|?{};'.includes(lastSignificant)) {
      const e = regexEnd(text, i);
      if (e > 0) {
        i = e;
        lastSignificant = '/';
        continue;
      }
    }
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') lastSignificant = c;
    if (c === '\n') lastSignificant = ';';
    i++;
  }
  return out;
}

function isPhpHash(text: string, i: number): boolean {
  // `#` starts a comment in PHP but not in C (#include) or C# (#region): only when followed by a space and not at a line start.
  return (
    text[i + 1] === ' ' &&
    i > 0 &&
    text[i - 1] !== '\n' &&
    /\S/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i))
  );
}

function isRawPrefix(text: string, i: number, family: CodeFamily): boolean {
  if (family === 'hash') {
    // Python string prefixes: r, b, f, u and pairs such as rb or fr.
    const isPrefix = (c: string | undefined) => c !== undefined && 'rRbBfFuU'.includes(c);
    const n = isPrefix(text[i - 1]) ? (isPrefix(text[i - 2]) ? 2 : 1) : 0;
    const raw =
      n > 0 &&
      (text[i - 1] === 'r' ||
        text[i - 1] === 'R' ||
        (n === 2 && (text[i - 2] === 'r' || text[i - 2] === 'R')));
    return raw && !/\w/.test(text[i - n - 1] ?? '');
  }
  // C# verbatim @"..." and C++ raw R"(...)".
  const prev = text[i - 1] ?? '';
  return prev === '@' || (prev === 'R' && text[i + 1] === '(');
}

function readString(
  text: string,
  open: number,
  quote: string,
  triple: boolean,
  raw: boolean,
  family: CodeFamily,
): { start: number; end: number; next: number } {
  const n = text.length;
  if (triple) {
    const close = text.indexOf(quote.repeat(3), open + 3);
    const e = close < 0 ? n : close;
    return { start: open + 3, end: e, next: close < 0 ? n : close + 3 };
  }
  // Backticks (JS templates, Go raw strings) and C# verbatim strings span lines.
  const multiline = quote === '`' || (raw && family === 'c');
  // Go raw strings have no escapes and JS templates do; they differ only on a backslash before a backtick.
  const escapes = !raw;
  let i = open + 1;
  while (i < n) {
    const ch = text[i]!;
    if (escapes && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (raw && family === 'c' && text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return { start: open + 1, end: i, next: i + 1 };
    }
    if (ch === '\n' && !multiline) return { start: open + 1, end: i, next: i };
    i++;
  }
  return { start: open + 1, end: n, next: n };
}

function regexEnd(text: string, open: number): number {
  let inClass = false;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') return -1;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) return i === open + 1 ? -1 : i + 1;
  }
  return -1;
}

/** The regions of a file, computed on first need (none for a file that is not source code). */
export function lazyCodeRegions(text: string, path: string): () => Region[] {
  let regions: Region[] | undefined;
  return () => {
    if (!regions) {
      const family = codeFamily(path);
      regions = family ? codeRegions(text, family) : [];
    }
    return regions;
  };
}

/** The region containing offset `at`, by binary search over ordered regions. */
export function regionAt(regions: Region[], at: number): Region | undefined {
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = regions[mid]!;
    if (at < r.start) hi = mid - 1;
    else if (at >= r.end) lo = mid + 1;
    else return r;
  }
  return undefined;
}

// Gitleaks patterns are Go `regexp` (RE2) syntax; the npm `re2` package is RE2 too, but it first
// rewrites JavaScript-isms in the source. This module undoes the difference so that a Go pattern
// means the same thing here. Every translation is listed in docs/masking.md.
import RE2 from 're2';

/** An RE2.Set instance (the package's typings do not export the interface). */
export type RE2Set = InstanceType<typeof RE2.Set>;

/** Escapes every RE2 metacharacter of a literal. */
export function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * Rewrites a Go regexp source into one the npm `re2` package reads with the same meaning.
 * - `\Q…\E` becomes escaped literals: npm re2 would otherwise rewrite `/`, `\u`, `\c` and `\p{…}`
 *   inside the quoted run, changing the literal.
 * - `\u`, `\c`, `\C`, `(?=`, `(?!`, `(?<=`, `(?<!` and backreferences are rejected, as Go rejects
 *   them (npm re2 would give `\u` and `\c` JavaScript meanings).
 * Everything else is passed through: npm re2's remaining rewrites (`/` to `\/`, `(?<name>` to
 * `(?P<name>`) do not change what a Go pattern matches.
 */
export function translateGoRegex(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined) throw new SyntaxError('trailing backslash');
      if (!inClass && next === 'Q') {
        const end = source.indexOf('\\E', i + 2);
        const literal = source.slice(i + 2, end < 0 ? source.length : end);
        out += escapeLiteral(literal);
        i = end < 0 ? source.length : end + 1;
        continue;
      }
      if (next === 'u' || next === 'c' || next === 'C')
        throw new SyntaxError(`Go regexp does not accept \\${next}`);
      if (next >= '1' && next <= '9' && !(next <= '7' && /[0-7]/.test(source[i + 2] ?? '')))
        throw new SyntaxError('backreferences are not RE2');
      out += ch + next;
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']' && !(source[i - 1] === '[' || (source[i - 1] === '^' && source[i - 2] === '[')))
        inClass = false;
      else if (ch === '[' && source[i + 1] === ':') {
        const close = source.indexOf(':]', i + 2);
        if (close > 0) {
          out += source.slice(i, close + 2);
          i = close + 1;
          continue;
        }
      }
      out += ch;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(' && source[i + 1] === '?' && /^[=!]|^<[=!]/.test(source.slice(i + 2)))
      throw new SyntaxError('lookaround assertions are not RE2');
    out += ch;
  }
  return out;
}

/** Compiles a Go pattern with npm re2; `flags` are npm re2 flags (`g`, `d`, `y`). */
export function compileGo(source: string, flags = ''): RE2 {
  return new RE2(translateGoRegex(source), flags);
}

// INI-style files (`key = value`, `key: value`, sections, `;`/`#` comments), Java `.properties`
// (`=`, `:` or blank separators, `\` line continuations) and `.npmrc` (`_authToken`, `_auth`,
// `_password`, also scoped to a registry: `//host/:_authToken=`).
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

type Flavor = 'ini' | 'properties' | 'npmrc';

export function scanIni(text: string, out: Candidate[], flavor: Flavor = 'ini'): void {
  let i = 0;
  while (i < text.length) {
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = text.length;
    let at = i;
    while (at < lineEnd && /[ \t\f]/.test(text[at]!)) at++;
    const c = text[at];
    if (at >= lineEnd || c === '#' || c === ';' || c === '[' || (flavor === 'properties' && c === '!')) {
      i = lineEnd + 1;
      continue;
    }
    // The key ends at the first unescaped separator.
    let k = at;
    while (k < lineEnd) {
      const ch = text[k]!;
      if (ch === '\\' && flavor === 'properties') k += 2;
      // npmrc keys hold `:` (`//host/:_authToken`); only `=` separates there.
      else if (
        ch === '=' ||
        (ch === ':' && flavor !== 'npmrc') ||
        (flavor === 'properties' && /[ \t\f]/.test(ch))
      )
        break;
      else k++;
    }
    const key = text.slice(at, k).trim();
    let v = k;
    while (v < lineEnd && /[ \t\f]/.test(text[v]!)) v++;
    if (flavor === 'properties' && (text[v] === '=' || text[v] === ':')) v++;
    else if (flavor !== 'properties' && (text[v] === '=' || (text[v] === ':' && flavor !== 'npmrc'))) v++;
    else if (flavor !== 'properties') {
      i = lineEnd + 1;
      continue;
    }
    while (v < lineEnd && /[ \t\f]/.test(text[v]!)) v++;
    let end = lineEnd;
    let next = lineEnd + 1;
    if (flavor === 'properties') {
      // Continuation: an odd number of trailing backslashes joins the next line.
      // Only the last line decides (testing the growing value would be quadratic).
      while (
        /(?:^|[^\\])(?:\\\\)*\\\r?$/.test(text.slice(text.lastIndexOf('\n', end - 1) + 1, end)) &&
        next < text.length
      ) {
        let e = text.indexOf('\n', next);
        if (e < 0) e = text.length;
        end = e;
        next = e + 1;
      }
    }
    while (end > v && /\s/.test(text[end - 1]!)) end--;
    let start = v;
    if (
      flavor !== 'properties' &&
      end - start >= 2 &&
      /^["']/.test(text[start]!) &&
      text[end - 1] === text[start]
    ) {
      start++;
      end--;
    }
    const npm = flavor === 'npmrc' && /(?:^|:)_(?:authToken|auth|password)$/.test(key);
    if (npm) pushValue(out, text, start, end, LABEL.npmrc);
    else if (isSecretKey(key)) pushValue(out, text, start, end, LABEL.value);
    i = next;
  }
}

// TOML: `key = value` with dotted and quoted keys, basic / literal / multi-line strings, inline
// tables; tables named `env` use environment naming. Bare (number) values are quoted when masked.
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

const SEG = `(?:[A-Za-z0-9_-]+|"(?:[^"\\\\\\n]|\\\\.)*"|'[^'\\n]*')`;
const KEY = new RegExp(`^(${SEG}(?:[ \\t]*\\.[ \\t]*${SEG})*)[ \\t]*=[ \\t]*`);

function lastSegment(key: string): string {
  const parts = key.match(new RegExp(SEG, 'g')) ?? [key];
  return parts[parts.length - 1]!.replace(/^["']|["']$/g, '');
}

interface Value {
  start: number;
  end: number;
  quoted: boolean;
  next: number;
}

function readValue(text: string, v: number, lineEnd: number): Value {
  for (const q of ['"""', "'''"]) {
    if (text.startsWith(q, v)) {
      let j = v + 3;
      while (j < text.length && !text.startsWith(q, j)) j += q === '"""' && text[j] === '\\' ? 2 : 1;
      // A newline right after the opening delimiter is not part of the string.
      let start = v + 3;
      if (text[start] === '\n') start++;
      else if (text.startsWith('\r\n', start)) start += 2;
      return { start, end: j, quoted: true, next: j + 3 };
    }
  }
  const q = text[v];
  if (q === '"' || q === "'") {
    let j = v + 1;
    while (j < lineEnd && text[j] !== q) j += q === '"' && text[j] === '\\' ? 2 : 1;
    return { start: v + 1, end: j, quoted: true, next: j + 1 };
  }
  let j = v;
  while (j < lineEnd && !/[\s#,}]/.test(text[j]!)) j++;
  return { start: v, end: j, quoted: false, next: j };
}

function pairs(
  text: string,
  from: number,
  lineEnd: number,
  env: boolean,
  out: Candidate[],
  inline: boolean,
): number {
  let i = from;
  while (i < lineEnd) {
    while (i < lineEnd && /[\s,]/.test(text[i]!)) i++;
    if (inline && text[i] === '}') return i + 1;
    const m = KEY.exec(text.slice(i, lineEnd));
    if (!m) return lineEnd;
    const key = lastSegment(m[1]!);
    const v = i + m[0].length;
    if (text[v] === '{') {
      i = pairs(text, v + 1, lineEnd, env, out, true);
    } else if (text[v] === '[') {
      return lineEnd;
    } else {
      const val = readValue(text, v, lineEnd);
      if (isSecretKey(key, env) && (val.quoted || /^[-+]?\d/.test(text.slice(val.start, val.end))))
        pushValue(out, text, val.start, val.end, LABEL.value, !val.quoted);
      i = val.next;
    }
    if (!inline) return i;
  }
  return i;
}

export function scanToml(text: string, out: Candidate[]): void {
  let table = '';
  let i = 0;
  while (i < text.length) {
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = text.length;
    let at = i;
    while (at < lineEnd && /[ \t]/.test(text[at]!)) at++;
    const c = text[at];
    if (c === '[') {
      table = lastSegment(
        text
          .slice(at, lineEnd)
          .replace(/^\[+|\]+.*$/g, '')
          .trim(),
      );
      i = lineEnd + 1;
    } else if (c === '#' || at >= lineEnd) {
      i = lineEnd + 1;
    } else {
      const next = pairs(text, at, lineEnd, table === 'env', out, false);
      const nl = text.indexOf('\n', Math.max(next, at));
      i = nl < 0 ? text.length : Math.max(nl + 1, lineEnd + 1);
      if (next > lineEnd) {
        const after = text.indexOf('\n', next);
        i = after < 0 ? text.length : after + 1;
      }
    }
  }
}

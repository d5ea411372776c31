// JSON (and JSONC: comments and trailing commas are tolerated). String or number values of keys
// that name a secret are masked; inside `env`/`environment` objects environment naming applies,
// and `"KEY=value"` strings in such arrays are read as assignments.
import type { Candidate } from '../candidates';
import { readAssignment } from './env';
import { LABEL } from './labels';
import { isSecretKey, keyWords, perName, pushValue } from './values';

interface Frame {
  array: boolean;
  /** Key of this container in its parent. */
  name: string;
  /** Current key inside an object. */
  key?: string;
}

const ENV_CONTAINERS = new Set(['env', 'environment', 'environmentvariables', 'envvars', 'variables']);
/** Whether a container's name makes its entries environment variables. */
export const isEnvContainer = perName((name) => ENV_CONTAINERS.has(keyWords(name).join('')));

export function scanJson(text: string, out: Candidate[]): void {
  const stack: Frame[] = [];
  let expectKey = false;
  let pendingName = '';
  let i = 0;
  const n = text.length;
  const value = (start: number, end: number, quoted: boolean) => {
    const top = stack[stack.length - 1];
    if (!top) return;
    const env = isEnvContainer(top.name);
    if (!top.array && top.key !== undefined) {
      if (isSecretKey(top.key, env)) pushValue(out, text, start, end, LABEL.value, !quoted);
    } else if (top.array && env && quoted) {
      const a = readAssignment(text, start, end);
      if (a && isSecretKey(a.key, true)) pushValue(out, text, a.start, Math.min(a.end, end), LABEL.value);
    }
  };
  // Character codes, not one-character strings and regexes: manifests and lock files are long.
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = i + 1;
      for (let d = text.charCodeAt(j); j < n && d !== QUOTE && d !== NL; d = text.charCodeAt(j))
        j += d === BACKSLASH ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && expectKey) {
        top.key = text.slice(i + 1, j);
        pendingName = top.key;
        expectKey = false;
      } else value(i + 1, j, true);
      i = j + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const top = stack[stack.length - 1];
      stack.push({ array: c === OPEN_BRACKET, name: top ? (top.array ? top.name : pendingName) : '' });
      expectKey = c === OPEN_BRACE;
      i++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      stack.pop();
      expectKey = false;
      i++;
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      expectKey = top !== undefined && !top.array;
      i++;
    } else if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
    } else if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === MINUS || isDigit(c) || c === 0x74 || c === 0x66 || c === 0x6e) {
      // A scalar (number, true, false, null) runs to white space or structure.
      let j = i;
      while (j < n && !endsScalar(text.charCodeAt(j), text, j)) j++;
      const d = c === MINUS ? text.charCodeAt(i + 1) : c;
      if (isDigit(d) && (c !== MINUS || j > i + 1)) value(i, j, false);
      i = j;
    } else i++;
  }
}

const QUOTE = 0x22;
const NL = 0x0a;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const SLASH = 0x2f;
const STAR = 0x2a;
const MINUS = 0x2d;
const COLON = 0x3a;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** `[\s,\]}:]`: ASCII by code, the rest (Unicode spaces) by the regex. */
function endsScalar(c: number, text: string, at: number): boolean {
  if (c < 0x80)
    return (
      c === 0x20 ||
      (c >= 0x09 && c <= 0x0d) ||
      c === COMMA ||
      c === CLOSE_BRACKET ||
      c === CLOSE_BRACE ||
      c === COLON
    );
  return /\s/.test(text[at]!);
}

// JSON (and JSONC: comments and trailing commas are tolerated). String or number values of keys
// that name a secret are masked; inside `env`/`environment` objects environment naming applies,
// and `"KEY=value"` strings in such arrays are read as assignments.
import type { Candidate } from '../candidates';
import { readAssignment } from './env';
import { isSecretKey, keyWords, LABEL, pushValue } from './values';

interface Frame {
  array: boolean;
  /** Key of this container in its parent. */
  name: string;
  /** Current key inside an object. */
  key?: string;
}

const ENV_CONTAINERS = new Set(['env', 'environment', 'environmentvariables', 'envvars', 'variables']);

export function isEnvContainer(name: string): boolean {
  return ENV_CONTAINERS.has(keyWords(name).join(''));
}

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
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && expectKey) {
        top.key = text.slice(i + 1, j);
        pendingName = top.key;
        expectKey = false;
      } else value(i + 1, j, true);
      i = j + 1;
    } else if (c === '{' || c === '[') {
      const top = stack[stack.length - 1];
      stack.push({ array: c === '[', name: top ? (top.array ? top.name : pendingName) : '' });
      expectKey = c === '{';
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
      i++;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      expectKey = top !== undefined && !top.array;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (/[-0-9tfn]/.test(c)) {
      let j = i;
      while (j < n && !/[\s,\]}:]/.test(text[j]!)) j++;
      if (/^-?\d/.test(text.slice(i, j))) value(i, j, false);
      i = j;
    } else i++;
  }
}

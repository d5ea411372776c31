// YAML, line by line (Helm templates and other not-quite-YAML files must work too): block
// mappings and sequences, plain / single / double-quoted scalars (multi-line too), block
// scalars (`|`, `>`), one-line flow mappings. Masks values of secret keys, every value under
// `data`/`stringData` of a Kubernetes `Secret`, and compose/CI `environment:`/`env:` entries.
import type { Candidate } from '../candidates';
import { readAssignment } from './env';
import { isEnvContainer } from './json';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

interface Entry {
  indent: number;
  key: string;
}

interface Line {
  start: number;
  end: number;
}

/** Keys are short; capping what the key pattern sees keeps it linear on huge lines. */
const KEY_SPAN = 1024;
const KEY =
  /^(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\s#'"{[\]},&*!|>%@`-][^\n#]*?|-[^\s][^\n#]*?))[ \t]*:(?=[ \t]|$)/;

function lines(text: string): Line[] {
  const out: Line[] = [];
  let s = 0;
  while (s <= text.length) {
    let e = text.indexOf('\n', s);
    if (e < 0) e = text.length;
    out.push({ start: s, end: e > s && text[e - 1] === '\r' ? e - 1 : e });
    s = e + 1;
  }
  return out;
}

const indentOf = (text: string, l: Line) => {
  let i = l.start;
  while (i < l.end && text[i] === ' ') i++;
  return i - l.start;
};
const blank = (text: string, l: Line) => /^\s*(?:#.*)?$/.test(text.slice(l.start, l.end));

export function scanYaml(text: string, out: Candidate[]): void {
  const all = lines(text);
  let docStart = 0;
  for (let i = 0; i <= all.length; i++) {
    const l = all[i];
    if (!l || /^(?:---|\.\.\.)(?:\s|$)/.test(text.slice(l.start, l.end))) {
      scanDocument(text, all.slice(docStart, i), out);
      docStart = i + 1;
    }
  }
}

function scanDocument(text: string, ls: Line[], out: Candidate[]): void {
  const secretKind = ls.some((l) =>
    /^kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?$/.test(text.slice(l.start, l.end)),
  );
  const stack: Entry[] = [];
  let i = 0;
  while (i < ls.length) {
    const l = ls[i]!;
    if (blank(text, l)) {
      i++;
      continue;
    }
    let at = l.start + indentOf(text, l);
    let dash = false;
    const dashIndent = at - l.start;
    while (text[at] === '-' && (at + 1 === l.end || text[at + 1] === ' ')) {
      dash = true;
      at++;
      while (at < l.end && text[at] === ' ') at++;
    }
    const indent = at - l.start;
    if (dash) while (stack.length && stack[stack.length - 1]!.indent > dashIndent) stack.pop();
    else while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.key ?? '';
    const inSecretData =
      secretKind && (stack[0]?.key === 'data' || stack[0]?.key === 'stringData') && stack[0].indent === 0;
    const m = KEY.exec(text.slice(at, Math.min(l.end, at + KEY_SPAN)));
    if (!m) {
      // A scalar sequence item: `- KEY=value` under environment, or any item of Secret data.
      if (dash && at < l.end) {
        const v = scalar(text, ls, i, at, dashIndent);
        if (inSecretData) pushValue(out, text, v.start, v.end, LABEL.k8s, v.flow);
        else if (isEnvContainer(parent) && !v.quoted) {
          const a = readAssignment(text, v.start, v.end);
          if (a && isSecretKey(a.key, true))
            pushValue(out, text, a.start, Math.min(a.end, v.end), LABEL.value);
        }
        i = v.nextLine;
      } else i++;
      continue;
    }
    const key = m[1] ?? m[2] ?? m[3]!.trimEnd();
    let v = at + m[0].length;
    while (v < l.end && (text[v] === ' ' || text[v] === '\t')) v++;
    if (v >= l.end || text[v] === '#') {
      stack.push({ indent, key });
      i++;
      continue;
    }
    const label = inSecretData
      ? LABEL.k8s
      : isSecretKey(key, isEnvContainer(parent))
        ? LABEL.value
        : undefined;
    if (text[v] === '{') {
      flowMapping(text, v, l.end, out, inSecretData, isEnvContainer(key));
      i++;
      continue;
    }
    const val = scalar(text, ls, i, v, indent);
    if (label && !val.reference) pushValue(out, text, val.start, val.end, label, val.flow);
    i = val.nextLine;
  }
}

interface Scalar {
  start: number;
  end: number;
  quoted: boolean;
  /** A tag, alias or flow collection: not a literal value. */
  reference: boolean;
  flow: boolean;
  nextLine: number;
}

/** Reads the scalar starting at `at` on line `li` (whose mapping indent is `indent`). */
function scalar(text: string, ls: Line[], li: number, at: number, indent: number): Scalar {
  const l = ls[li]!;
  let v = at;
  let reference = false;
  // Anchors and the string tags are decoration; other tags (!Ref, !Sub, …) and aliases are references.
  for (;;) {
    const deco = /^(?:&[^\s]+|!!(?:str|binary))[ \t]+/.exec(text.slice(v, l.end));
    if (!deco) break;
    v += deco[0].length;
  }
  if (text[v] === '*' || (text[v] === '!' && text[v + 1] !== '!') || text[v] === '[') reference = true;
  const q = text[v];
  if (q === '"' || q === "'") {
    let j = v + 1;
    while (j < text.length) {
      if (q === '"' && text[j] === '\\') j += 2;
      else if (q === "'" && text[j] === "'" && text[j + 1] === "'") j += 2;
      else if (text[j] === q) break;
      else j++;
    }
    let next = li + 1;
    while (next < ls.length && ls[next]!.start <= j) next++;
    return {
      start: v + 1,
      end: Math.min(j, text.length),
      quoted: true,
      reference,
      flow: false,
      nextLine: next,
    };
  }
  if (q === '|' || q === '>') {
    let next = li + 1;
    let first = -1;
    let last = -1;
    while (next < ls.length) {
      const n = ls[next]!;
      if (blank(text, n) && !/\S/.test(text.slice(n.start, n.end))) {
        next++;
        continue;
      }
      if (indentOf(text, n) <= indent) break;
      if (first < 0) first = n.start + indentOf(text, n);
      last = n.end;
      next++;
    }
    while (
      next > li + 1 &&
      ls[next - 1]!.end > last &&
      !/\S/.test(text.slice(ls[next - 1]!.start, ls[next - 1]!.end))
    )
      next--;
    return first < 0
      ? { start: v, end: v, quoted: false, reference: true, flow: false, nextLine: li + 1 }
      : { start: first, end: last, quoted: false, reference, flow: false, nextLine: next };
  }
  // Plain scalar: ends at ` #`; more-indented lines that are not keys continue it.
  let end = v;
  while (end < l.end && !(text[end] === '#' && /[ \t]/.test(text[end - 1] ?? ''))) end++;
  let next = li + 1;
  while (next < ls.length) {
    const n = ls[next]!;
    const ni = indentOf(text, n);
    if (
      blank(text, n) ||
      ni <= indent ||
      KEY.test(text.slice(n.start + ni, Math.min(n.end, n.start + ni + KEY_SPAN)))
    )
      break;
    end = n.end;
    next++;
  }
  while (end > v && /\s/.test(text[end - 1]!)) end--;
  return { start: v, end, quoted: false, reference, flow: false, nextLine: next };
}

/** `{ user: app, password: s3cret }` on one line; plain values are quoted when masked (flow syntax). */
function flowMapping(
  text: string,
  open: number,
  lineEnd: number,
  out: Candidate[],
  all: boolean,
  env: boolean,
): void {
  let i = open + 1;
  while (i < lineEnd && text[i] !== '}') {
    while (i < lineEnd && /[\s,]/.test(text[i]!)) i++;
    const km = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:,{}[\]\s]+)[ \t]*:[ \t]*/.exec(text.slice(i, lineEnd));
    if (!km) return;
    const key = km[1]!.replace(/^["']|["']$/g, '');
    let v = i + km[0].length;
    let start = v;
    let end: number;
    let quoted = false;
    const q = text[v];
    if (q === '"' || q === "'") {
      end = v + 1;
      while (end < lineEnd && text[end] !== q) end += q === '"' && text[end] === '\\' ? 2 : 1;
      start = v + 1;
      quoted = true;
      v = end + 1;
    } else {
      end = v;
      while (end < lineEnd && !/[,}]/.test(text[end]!)) end++;
      v = end;
    }
    if (all || isSecretKey(key, env))
      pushValue(out, text, start, end, all ? LABEL.k8s : LABEL.value, !quoted);
    i = v;
  }
}

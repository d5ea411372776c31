// XML (web.config, app.config, nuget.config, Maven settings, plists, …): attributes named like a
// secret, `value` of `<add key="Password" value="…"/>`-style elements, text of leaf elements named
// like a secret (CDATA too), and the `<string>` after a plist `<key>` that names a secret.
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

interface Open {
  name: string;
  contentStart: number;
  leaf: boolean;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

export function scanXml(text: string, out: Candidate[]): void {
  const stack: Open[] = [];
  let plistKey = '';
  let i = text.indexOf('<');
  while (i >= 0 && i < text.length) {
    if (text.startsWith('<!--', i)) {
      const e = text.indexOf('-->', i + 4);
      i = e < 0 ? -1 : text.indexOf('<', e + 3);
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      const e = text.indexOf(']]>', i + 9);
      i = e < 0 ? -1 : text.indexOf('<', e + 3);
      continue;
    }
    if (text[i + 1] === '?' || text[i + 1] === '!') {
      const e = text.indexOf('>', i + 2);
      i = e < 0 ? -1 : text.indexOf('<', e + 1);
      continue;
    }
    const close = tagEnd(text, i);
    if (close < 0) return;
    if (text[i + 1] === '/') {
      const name = text.slice(i + 2, close).trim();
      while (stack.length && stack[stack.length - 1]!.name !== name) stack.pop();
      const open = stack.pop();
      if (open?.leaf) {
        const [s, e] = innerText(text, open.contentStart, i);
        const ln = local(name);
        if (isSecretKey(ln)) pushValue(out, text, s, e, LABEL.value);
        else if (ln === 'string' && isSecretKey(plistKey)) pushValue(out, text, s, e, LABEL.value);
        plistKey = ln === 'key' ? text.slice(s, e).trim() : '';
      }
      if (stack.length) stack[stack.length - 1]!.leaf = false;
    } else {
      const selfClosing = text[close - 1] === '/';
      const m = /^<([\w:.-]+)/.exec(text.slice(i, close));
      if (m) {
        // Attribute parsing is skipped on absurd tags (the pattern would turn quadratic).
        if (close - i < 64 * 1024) attributes(text, i + m[0].length, close, out);
        if (stack.length) stack[stack.length - 1]!.leaf = false;
        if (!selfClosing) stack.push({ name: m[1]!, contentStart: close + 1, leaf: true });
      }
    }
    i = text.indexOf('<', close + 1);
  }
}

/** The `>` closing a tag, skipping `>` inside quoted attribute values. */
function tagEnd(text: string, open: number): number {
  let quote = '';
  for (let j = open + 1; j < text.length; j++) {
    const c = text[j]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return -1;
}

function innerText(text: string, start: number, end: number): [number, number] {
  const cdata = text.indexOf('<![CDATA[', start);
  if (cdata >= 0 && cdata < end) {
    const e = text.indexOf(']]>', cdata);
    if (e >= 0 && e < end) return [cdata + 9, e];
  }
  return [start, end];
}

function attributes(text: string, from: number, to: number, out: Candidate[]): void {
  const tag = text.slice(from, to);
  const found: Array<{ name: string; start: number; end: number; value: string }> = [];
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) {
    const value = m[2] ?? m[3] ?? '';
    const start = from + m.index + m[0].length - value.length - 1;
    found.push({ name: m[1]!, start, end: start + value.length, value });
  }
  const named = found.find((a) => /^(?:key|name)$/i.test(local(a.name)));
  for (const a of found) {
    const ln = local(a.name);
    if (isSecretKey(ln) || (/^value$/i.test(ln) && named && isSecretKey(named.value)))
      pushValue(out, text, a.start, a.end, LABEL.value);
  }
}

// Small line formats: .netrc / _netrc, .pgpass, .http / .rest requests, Dockerfile ENV / ARG.
import type { Candidate } from '../candidates';
import { readAssignment } from './env';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

/** `machine h login u password p` tokens, on one line or several. */
export function scanNetrc(text: string, out: Candidate[]): void {
  const token = /"(?:[^"\\]|\\.)*"|\S+/g;
  let expectPassword = false;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (expectPassword) {
      const quoted = m[0].startsWith('"');
      pushValue(out, text, m.index + (quoted ? 1 : 0), m.index + m[0].length - (quoted ? 1 : 0), LABEL.netrc);
      expectPassword = false;
    } else if (m[0] === 'password') expectPassword = true;
    else if (m[0] === 'macdef') {
      const blankLine = text.indexOf('\n\n', m.index);
      token.lastIndex = blankLine < 0 ? text.length : blankLine + 2;
    }
  }
}

/** `hostname:port:database:username:password`, with `\:` and `\\` escapes. */
export function scanPgpass(text: string, out: Candidate[]): void {
  let i = 0;
  while (i < text.length) {
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = text.length;
    if (text[i] !== '#') {
      let fields = 0;
      let j = i;
      while (j < lineEnd && fields < 4) {
        if (text[j] === '\\') j++;
        else if (text[j] === ':') fields++;
        j++;
      }
      if (fields === 4) pushValue(out, text, j, lineEnd, LABEL.pgpass);
    }
    i = lineEnd + 1;
  }
}

/** Authorization and Cookie headers, headers named like a secret, and `@name = value` variables. */
export function scanHttp(text: string, out: Candidate[]): void {
  let i = 0;
  while (i < text.length) {
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(i, lineEnd).replace(/\r$/, '');
    const header = /^([A-Za-z0-9-]+)[ \t]*:[ \t]*/.exec(line);
    const variable = /^@([\w.-]+)[ \t]*=[ \t]*/.exec(line);
    if (header) {
      const name = header[1]!.toLowerCase();
      const v = i + header[0].length;
      const e = i + line.length;
      if (name === 'authorization' || name === 'proxy-authorization') {
        const scheme = /^[A-Za-z][\w-]*[ \t]+(?=\S)/.exec(text.slice(v, e));
        pushValue(out, text, v + (scheme ? scheme[0].length : 0), e, LABEL.authorization);
      } else if (name === 'cookie') {
        const pair = /([^=;\s]+)=([^;]*)/g;
        const value = text.slice(v, e);
        for (let m = pair.exec(value); m; m = pair.exec(value)) {
          const s = v + m.index + m[1]!.length + 1;
          pushValue(out, text, s, s + m[2]!.length, LABEL.cookie);
        }
      } else if (isSecretKey(header[1]!)) pushValue(out, text, v, e, LABEL.value);
    } else if (variable && isSecretKey(variable[1]!)) {
      pushValue(out, text, i + variable[0].length, i + line.length, LABEL.value);
    }
    i = lineEnd + 1;
  }
}

/** `ENV K=v K2="v 2"`, `ENV K v`, `ARG K=v`, with `\` continuations. */
export function scanDockerfile(text: string, out: Candidate[]): void {
  const instr = /^[ \t]*(?:ENV|ARG)[ \t]+/gim;
  for (let m = instr.exec(text); m; m = instr.exec(text)) {
    let at = m.index + m[0].length;
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) lineEnd = text.length;
    const legacy = /^([A-Za-z_][\w.-]*)[ \t]+(?!=)(\S.*)$/.exec(text.slice(at, lineEnd).replace(/\r$/, ''));
    if (legacy && !legacy[1]!.includes('=')) {
      if (isSecretKey(legacy[1]!, true))
        pushValue(out, text, at + legacy[0].length - legacy[2]!.length, at + legacy[0].length, LABEL.value);
      continue;
    }
    while (at < lineEnd) {
      const a = readAssignment(text, at, lineEnd);
      if (!a) break;
      let end = a.end;
      if (!a.quoted) {
        // Unquoted Dockerfile values end at a blank (the next assignment).
        const space = text.slice(a.start, a.end).search(/[ \t]/);
        if (space >= 0) end = a.start + space;
      }
      if (isSecretKey(a.key, true)) pushValue(out, text, a.start, end, LABEL.value);
      at = a.quoted ? a.end + 1 : end;
      while (at < lineEnd && /[ \t\\]/.test(text[at]!)) at++;
      if (at >= lineEnd && text[lineEnd - 1] === '\\') {
        at = lineEnd + 1;
        lineEnd = text.indexOf('\n', at);
        if (lineEnd < 0) lineEnd = text.length;
        while (at < lineEnd && /[ \t]/.test(text[at]!)) at++;
      }
    }
  }
}

// Private keys: PEM, OpenSSH and PGP blocks (the body between BEGIN and END is masked; both marker
// lines stay), blocks whose END line is missing (a truncated paste: the base64 lines after BEGIN
// are masked), and bare key bodies with no armor at all, recognised by the base64 of their first
// bytes (DER RSA / EC / PKCS#8 keys, OpenSSH's `openssh-key-v1`).
import { type Candidate, FORMAT_PRIORITY } from '../candidates';
import { LABEL } from './labels';

export interface TextSpan {
  start: number;
  end: number;
}

const MAX_BODY = 128 * 1024;
/** A run of base64 this short after BEGIN is not a key body (prose that names a key block). */
const MIN_BODY = 32;

/**
 * The first bytes of a private key, base64-encoded: PKCS#1 RSA/DSA (`30 82 … 02 01 00 02`),
 * PKCS#8 (plain RSA, EC, Ed25519/X25519, encrypted), SEC1 EC (P-256/384/521), OpenSSH.
 */
const BARE_KEY =
  /(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{3}(?:IBAA[JK]|IBAD[AC])|MII[A-Za-z0-9+/]{5}BgkqhkiG9w0BBQ0w|MI[GH][A-Za-z0-9+/]{4}GCSqGSIb3DQEFDT|MI[GH][A-Za-z0-9+/]AgEAMB|MC4CAQAwBQYDK2V[uw]|MHcCAQEE|MIGkAgEBBD|MIHcAgEBBE|b3BlbnNzaC1rZXktdjE)/g;

/** Lower-case literals, one of which every bare key body contains (for the keyword prefilter). */
export const BARE_KEY_KEYWORDS = [
  'ibaaj',
  'ibaak',
  'ibada',
  'ibadc',
  'bgkqhkig9w0bbq0w',
  'csqgsib3dqefdt',
  'ageamb',
  'caqawbqydk2v',
  'mhccaqee',
  'migkagebbd',
  'mihcagebbe',
  'b3blbnnzac1rzxktdje',
] as const;

export function scanPrivateKeys(text: string, out: Candidate[]): void {
  // Blocks come in text order: each label's END marker is a cursor (a line of BEGINs without
  // their ENDs looks for it once, not once per BEGIN), and so is the next line break.
  const ends = new Map<string, (p: number) => number>();
  const breaks = lineBreaks(text);
  let at = text.indexOf('-----BEGIN ');
  while (at >= 0) {
    const close = text.indexOf('-----', at + 11);
    const label = close > 0 && close - at < 120 ? text.slice(at + 11, close) : '';
    let next = at + 11;
    if (/^[A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?$/.test(label)) {
      let endOf = ends.get(label);
      if (!endOf) {
        endOf = nextOf(text, `-----END ${label}-----`);
        ends.set(label, endOf);
      }
      const endMarker = endOf(close);
      const nextBegin = text.indexOf('-----BEGIN ', close);
      const ended =
        endMarker > 0 && endMarker - close <= MAX_BODY && (nextBegin < 0 || endMarker < nextBegin);
      // A body with key material is masked whatever else it holds (never a placeholder worth keeping).
      const body = ended
        ? pemBody(text, at, endMarker + 9 + label.length + 5)
        : base64Run(text, close + 5, true, breaks);
      if (body && hasKeyMaterial(text, body)) push(out, body);
      next = ended ? endMarker + 9 : Math.max(next, body?.end ?? next);
    }
    at = text.indexOf('-----BEGIN ', next);
  }
}

/** Bare key bodies (no BEGIN line): from the recognised first bytes to the end of the base64 run. */
export function scanBareKeys(text: string, out: Candidate[]): void {
  const breaks = lineBreaks(text);
  BARE_KEY.lastIndex = 0;
  for (let m = BARE_KEY.exec(text); m; m = BARE_KEY.exec(text)) {
    const run = base64Run(text, m.index, false, breaks);
    if (run && run.end - run.start >= 64) {
      push(out, run);
      BARE_KEY.lastIndex = run.end;
    }
  }
}

function push(out: Candidate[], span: TextSpan): void {
  out.push({ start: span.start, end: span.end, rule: LABEL.pem, priority: FORMAT_PRIORITY });
}

const isBreak = (s: string) => s === '\n' || s === '\r' || s === ' ' || s === '\t';
const ARMOR_HEADER = /^[A-Za-z][\w-]*: [^\n\\]*(?:\r?\n|\\n)/;

/** The body of a PEM/OpenSSH/PGP block between its BEGIN and END lines (escaped `\n` in strings counts as a line break). */
export function pemBody(text: string, start: number, end: number): TextSpan | undefined {
  const headerEnd = text.indexOf('-----', start + 10);
  if (headerEnd < 0 || headerEnd >= end) return undefined;
  let from = headerEnd + 5;
  // Looked for back to the header only (a span with no END line is not read back to the text's start).
  const found = text.slice(from, end + 8).lastIndexOf('-----END');
  if (found < 0) return undefined;
  const endMarker = from + found;
  let to = endMarker;
  from = skipArmorHeaders(text, from, to);
  for (;;) {
    if (to > from && isBreak(text[to - 1]!)) to--;
    else if (to - 2 >= from && text[to - 2] === '\\' && /[nr]/.test(text[to - 1]!)) to -= 2;
    else if (to > from && text[to - 1] === '"') to--;
    else break;
  }
  return to > from ? { start: from, end: to } : undefined;
}

/** Past line breaks (real or escaped), PGP armor headers (`Version: GnuPG v2`) and the blank line after them. */
function skipArmorHeaders(text: string, from: number, limit: number): number {
  const skipBreaks = () => {
    for (;;) {
      if (from < limit && isBreak(text[from]!)) from++;
      else if (text.startsWith('\\n', from) || text.startsWith('\\r', from)) from += 2;
      else break;
    }
  };
  skipBreaks();
  let header = ARMOR_HEADER.exec(text.slice(from, Math.min(limit, from + 200)));
  if (header) {
    while (header) {
      from += header[0].length;
      header = ARMOR_HEADER.exec(text.slice(from, Math.min(limit, from + 200)));
    }
    skipBreaks();
  }
  return from;
}

const BASE64_LINE = /^[ \t]*[A-Za-z0-9+/]+=*/;
const LINE_BREAK = /\r?\n|\\r\\n|\\n/g;

/**
 * The base64 lines starting at `from` (after armor headers when `headers`): lines are split at
 * real or escaped (`\n`) line breaks; a line of base64 alone belongs to the body, and a line whose
 * base64 ends at a quote or backtick ends it (the key's last line inside a string literal).
 */
function base64Run(
  text: string,
  from: number,
  headers: boolean,
  breaks: (p: number) => RegExpExecArray | null,
): TextSpan | undefined {
  const limit = Math.min(text.length, from + MAX_BODY);
  let at = headers ? skipArmorHeaders(text, from, limit) : from;
  const start = at;
  let end = start;
  let count = 0;
  while (at < limit) {
    const br = breaks(at);
    const lineEnd = br && br.index < limit ? br.index : limit;
    const line = text.slice(at, lineEnd);
    const m = BASE64_LINE.exec(line);
    if (!m) break;
    const rest = line.slice(m[0].length);
    if (/^[ \t\r]*$/.test(rest)) {
      end = at + m[0].length;
      count += m[0].trim().length;
    } else {
      if (/^["'`\\]/.test(rest)) {
        end = at + m[0].length;
        count += m[0].trim().length;
      }
      break;
    }
    if (!br || br.index >= limit) break;
    at = br.index + br[0].length;
  }
  return count >= MIN_BODY ? { start, end } : undefined;
}

/**
 * `LINE_BREAK` from `p` on, for `p` that never decreases: the leftmost break at or after `from`
 * is also the leftmost at or after any `p` up to it, so each stretch of text is searched once.
 */
function lineBreaks(text: string): (p: number) => RegExpExecArray | null {
  let from = 0;
  let found: RegExpExecArray | null = null;
  let searched = false;
  return (p) => {
    if (!searched || p < from || (found !== null && p > found.index)) {
      LINE_BREAK.lastIndex = p;
      found = LINE_BREAK.exec(text);
      from = p;
      searched = true;
    }
    return found;
  };
}

/** `text.indexOf(needle, p)` for `p` that never decreases, by the same reasoning. */
function nextOf(text: string, needle: string): (p: number) => number {
  let from = 0;
  let found = -2;
  return (p) => {
    if (found === -2 || p < from || (found >= 0 && p > found)) {
      found = text.indexOf(needle, p);
      from = p;
    }
    return found;
  };
}

/**
 * Does a block's body hold key material (a run of base64 half a PEM line long, outside template references)? A body of
 * prose or of references (`${base64Key}`) is text about a key, or code that builds one.
 */
export function hasKeyMaterial(text: string, body: TextSpan): boolean {
  const inner = text.slice(body.start, body.end).replace(/\$\{[^}]*\}|\{\{[^}]*\}\}/g, ' ');
  return /[A-Za-z0-9+/]{32}/.test(inner);
}

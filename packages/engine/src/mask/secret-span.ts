// From a Gitleaks secret to the span Loupe replaces. Gitleaks reports what its regex captured;
// a few captures are not the value itself (a quote, a key name, part of a URL), so the span is
// adjusted here. Each adjustment is listed in docs/masking.md.
import type { CompiledRule } from './rules';

export interface TextSpan {
  start: number;
  end: number;
}

/** Rules whose capture group is structural (a repeated UUID block, a named JWT header part): mask the whole match. */
const WHOLE_MATCH = new Set(['microsoft-teams-webhook', 'jwt-base64']);

const TRIM = new Set([' ', '\t', '\r', '\n', '"', "'", '`', ';', ',']);
const TOKEN = /[A-Za-z0-9_-]/;

/** A regex that ends with its own boundary says where the token ends; others may stop mid-token. */
export function endsWithBoundary(source: string): boolean {
  return /(?:\\b|\$|\\z|\|\$\)|\|\\z\)|\|\\b\))$/.test(source);
}

export function maskingSpan(
  rule: CompiledRule,
  text: string,
  secret: TextSpan,
  match: TextSpan,
  boundedEnd: boolean,
): TextSpan | undefined {
  let { start, end } = WHOLE_MATCH.has(rule.id) ? match : secret;
  if (text.startsWith('-----BEGIN', start)) {
    const body = pemBody(text, start, end);
    if (body) ({ start, end } = body);
  } else if (rule.id === 'kubernetes-secret-yaml') {
    // The capture is `key: value`; the key stays.
    const colon = text.indexOf(':', start);
    if (colon > start && colon < end) {
      start = colon + 1;
      while (start < end && /[\s|>+-]/.test(text[start]!)) start++;
    }
  }
  // Delimiters around a value are syntax, not secret (Gitleaks' sentry-org-token includes the closing quote).
  while (start < end && TRIM.has(text[start]!)) start++;
  while (end > start && (TRIM.has(text[end - 1]!) || text[end - 1] === '\\')) end--;
  // A regex without an end boundary can stop inside a token (slack-legacy-workspace-token): take the rest.
  if (!boundedEnd) while (end < text.length && TOKEN.test(text[end]!)) end++;
  return end > start ? { start, end } : undefined;
}

/** The body of a PEM/OpenSSH/PGP block between its BEGIN and END lines (escaped `\n` in strings counts as a line break). */
export function pemBody(text: string, start: number, end: number): TextSpan | undefined {
  const headerEnd = text.indexOf('-----', start + 10);
  if (headerEnd < 0 || headerEnd >= end) return undefined;
  let from = headerEnd + 5;
  const endMarker = text.lastIndexOf('-----END', end);
  if (endMarker < from) return undefined;
  let to = endMarker;
  const isBreak = (s: string) => s === '\n' || s === '\r' || s === ' ' || s === '\t';
  const skipBreaks = () => {
    for (;;) {
      if (from < to && isBreak(text[from]!)) from++;
      else if (text.startsWith('\\n', from) || text.startsWith('\\r', from)) from += 2;
      else break;
    }
  };
  skipBreaks();
  // PGP armor headers (`Version: GnuPG v2`) and the blank line after them are not secret.
  let header = /^[A-Za-z][\w-]*: [^\n\\]*(?:\r?\n|\\n)/.exec(text.slice(from, Math.min(to, from + 200)));
  if (header) {
    let at = from;
    while (header) {
      at += header[0].length;
      header = /^[A-Za-z][\w-]*: [^\n\\]*(?:\r?\n|\\n)/.exec(text.slice(at, Math.min(to, at + 200)));
    }
    from = at;
    skipBreaks();
  }
  for (;;) {
    if (to > from && isBreak(text[to - 1]!)) to--;
    else if (to - 2 >= from && text[to - 2] === '\\' && /[nr]/.test(text[to - 1]!)) to -= 2;
    else if (to > from && text[to - 1] === '"') to--;
    else break;
  }
  return to > from ? { start: from, end: to } : undefined;
}

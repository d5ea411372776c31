// From a Gitleaks secret to the span Loupe replaces. Gitleaks reports what its regex captured;
// a few captures are not the value itself (a quote, a key name, part of a URL), so the span is
// adjusted here. Each adjustment is listed in docs/masking.md.
import { hasKeyMaterial, pemBody, type TextSpan } from './formats/pem';

/** Rules whose capture group is structural (a repeated UUID block, a named JWT header part): mask the whole match. */
const WHOLE_MATCH = new Set(['microsoft-teams-webhook', 'jwt-base64']);

const TRIM = new Set([' ', '\t', '\r', '\n', '"', "'", '`', ';', ',']);
const TOKEN = /[A-Za-z0-9_-]/;

export function maskingSpan(
  ruleId: string,
  text: string,
  secret: TextSpan,
  match: TextSpan,
  boundedEnd: boolean,
): TextSpan | undefined {
  let { start, end } = WHOLE_MATCH.has(ruleId) ? match : secret;
  if (text.startsWith('-----BEGIN', start)) {
    const body = pemBody(text, start, end);
    // A block without key material is text about a key, or code that builds one (`${base64Key}`).
    if (body && !hasKeyMaterial(text, body)) return undefined;
    if (body) ({ start, end } = body);
  } else if (ruleId === 'kubernetes-secret-yaml') {
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

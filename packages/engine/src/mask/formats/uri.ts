// Credentials inside URIs (any scheme: postgres, mongodb+srv, redis, amqp, https, ftp, ldap,
// smtp, jdbc:mysql, …): only the password part of `user:password@host` is masked, plus secret
// query parameters (`?password=`, `&access_token=`, `&sig=`). Oracle's `user/password@host`
// JDBC form too. Example hosts (RFC 2606) are skipped.
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { isSecretKey, pushValue } from './values';

const STOP = new Set([' ', '\t', '\r', '\n', '"', "'", '`', '<', '>', '\\', '/', '?', '#']);
const QUERY_STOP = new Set([' ', '\t', '\r', '\n', '"', "'", '`', '<', '>', '\\', '#']);
const MAX_AUTHORITY = 512;

export function isExampleHost(host: string): boolean {
  const h = host.toLowerCase().replace(/:\d+$/, '');
  return (
    /(?:^|\.)example\.(?:com|net|org)$/.test(h) ||
    /(?:^|\.)(?:example|test|invalid)$/.test(h) ||
    h === 'example' ||
    h === 'host' ||
    h === 'hostname'
  );
}

export function scanUris(text: string, out: Candidate[]): void {
  let at = text.indexOf('://');
  while (at >= 0) {
    const next = text.indexOf('://', at + 3);
    // Each URI is read only up to the next `://`, so the whole scan stays linear.
    scanOne(text, at, next < 0 ? text.length : next, out);
    at = next;
  }
  let jdbc = text.indexOf('jdbc:oracle:');
  while (jdbc >= 0) {
    const m = /^jdbc:oracle:(?:thin|oci):([^/@\s"'<>:]+)\/([^@\s"'<>]+)@/.exec(
      text.slice(jdbc, jdbc + MAX_AUTHORITY),
    );
    if (m) {
      const start = jdbc + m[0].length - 1 - m[2]!.length;
      pushValue(out, text, start, start + m[2]!.length, LABEL.uri);
    }
    jdbc = text.indexOf('jdbc:oracle:', jdbc + 12);
  }
}

function scanOne(text: string, at: number, limit: number, out: Candidate[]): void {
  let s = at;
  while (s > 0 && /[A-Za-z0-9+.-]/.test(text[s - 1]!)) s--;
  if (s === at || !/[A-Za-z]/.test(text[s]!)) return;
  const from = at + 3;
  let end = from;
  while (end < limit && end - from < MAX_AUTHORITY && !STOP.has(text[end]!)) end++;
  const authority = text.slice(from, end);
  const atSign = authority.lastIndexOf('@');
  if (atSign > 0) {
    const host = authority.slice(atSign + 1).split(',')[0] ?? '';
    const colon = authority.indexOf(':');
    if (colon >= 0 && colon < atSign && !isExampleHost(host))
      pushValue(out, text, from + colon + 1, from + atSign, LABEL.uri);
  }
  // Query string: skip the path, then read key=value pairs.
  let q = end;
  while (q < limit && q - from < 4 * MAX_AUTHORITY && !QUERY_STOP.has(text[q]!) && text[q] !== '?') q++;
  if (text[q] !== '?' || isExampleHost(authority.slice(atSign + 1))) return;
  let p = q + 1;
  while (p < limit) {
    let e = p;
    while (e < limit && !QUERY_STOP.has(text[e]!) && text[e] !== '&' && text[e] !== ';') e++;
    const eq = text.indexOf('=', p);
    if (eq > p && eq < e) {
      const name = text.slice(p, eq);
      const password = /^(?:password|passwd|pwd|pass)$/i.test(name);
      if (password || isSecretKey(name) || /^sig$/i.test(name))
        pushValue(out, text, eq + 1, e, password ? LABEL.uri : LABEL.query);
    }
    if (text[e] !== '&' && text[e] !== ';') break;
    p = e + 1;
  }
}

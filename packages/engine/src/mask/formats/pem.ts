// PEM, OpenSSH and PGP private key blocks: the body between BEGIN and END is masked; both marker
// lines stay. The body is bounded and a matching END line is required.
import { type Candidate, FORMAT_PRIORITY } from '../candidates';
import { pemBody } from '../secret-span';
import { LABEL } from './values';

const MAX_BODY = 128 * 1024;

export function scanPrivateKeys(text: string, out: Candidate[]): void {
  let at = text.indexOf('-----BEGIN ');
  while (at >= 0) {
    const close = text.indexOf('-----', at + 11);
    const label = close > 0 && close - at < 120 ? text.slice(at + 11, close) : '';
    let next = at + 11;
    if (/^[A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?$/.test(label)) {
      const endMarker = text.indexOf(`-----END ${label}-----`, close);
      if (endMarker > 0 && endMarker - close <= MAX_BODY) {
        const body = pemBody(text, at, endMarker + 9 + label.length + 5);
        // Bodies are never placeholders worth keeping: a key block is masked whatever it holds.
        if (body) out.push({ start: body.start, end: body.end, rule: LABEL.pem, priority: FORMAT_PRIORITY });
        next = endMarker + 9;
      }
    }
    at = text.indexOf('-----BEGIN ', next);
  }
}

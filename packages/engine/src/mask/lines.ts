// The line Gitleaks hands to a finding's `gitleaks:allow` check and to allowlists that target the
// line (detect/location.go: from the newline before the match to the newline after it). Many
// matches share one line (a minified file is one line), so each fact about a line is computed
// once per file: a line-target allowlist tests each distinct line once, and the signature is
// looked up among its occurrences, found in one pass. The work is then linear in the file's size
// whatever the number of matches, and the answers are exactly those of the whole line.
import type { RE2Set } from './go-regex';

const NL = 10;
const ALLOW = Buffer.from('gitleaks:allow');

export interface LineRange {
  from: number;
  to: number;
}

export class FileLines {
  private readonly noNewline: boolean;
  private signatures: number[] | undefined;
  private readonly tested = new Map<RE2Set, Map<string, boolean>>();
  private decoded: { key: string; text: string } | undefined;

  constructor(private readonly buf: Buffer) {
    this.noNewline = buf.indexOf(NL) < 0;
  }

  /** The line around the (trimmed) match [start, end), as byte offsets. */
  around(start: number, end: number): LineRange {
    const buf = this.buf;
    if (this.noNewline) return { from: 0, to: Math.max(buf.length, end) };
    const from = Math.max(0, buf.lastIndexOf(NL, start));
    let to = buf.indexOf(NL, end);
    if (to < 0) {
      if (buf.indexOf(NL, start) < 0) {
        // The match starts on the last line: Gitleaks scans to the next \n or \r.
        to = end;
        while (to < buf.length && buf[to] !== NL && buf[to] !== 13) to++;
      } else to = end;
    }
    return { from, to: Math.max(to, end) };
  }

  /** Whether the line holds `gitleaks:allow` (ASCII: its bytes are there exactly when the decoded line holds it). */
  allowSigned(line: LineRange): boolean {
    if (!this.signatures) {
      this.signatures = [];
      for (let at = this.buf.indexOf(ALLOW); at >= 0; at = this.buf.indexOf(ALLOW, at + 1))
        this.signatures.push(at);
    }
    const s = this.signatures;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid]! < line.from) lo = mid + 1;
      else hi = mid;
    }
    return lo < s.length && s[lo]! + ALLOW.length <= line.to;
  }

  /** A test of the line against an allowlist's regexes, remembered per line and list. */
  tester(line: LineRange): (regexes: RE2Set) => boolean {
    const key = `${line.from}:${line.to}`;
    return (regexes) => {
      let byLine = this.tested.get(regexes);
      if (!byLine) {
        byLine = new Map();
        this.tested.set(regexes, byLine);
      }
      let hit = byLine.get(key);
      if (hit === undefined) {
        if (this.decoded?.key !== key)
          this.decoded = { key, text: this.buf.toString('utf8', line.from, line.to) };
        hit = regexes.test(this.decoded.text);
        byLine.set(key, hit);
      }
      return hit;
    };
  }
}

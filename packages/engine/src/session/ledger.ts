// The per-session ledger of delivered content: which lines of which file (at which content hash
// and detail level) an agent session already received, in which call and at which revision. A
// repeated read of unchanged content becomes one line; a partial overlap sends only new lines.
import type { RelPath } from '../types';

/** An inclusive range of the file's own line numbers (1-based). */
export type LineSpan = readonly [from: number, to: number];

export interface DeliveredSpan {
  from: number;
  to: number;
  call: number;
  revision: number;
}

export interface ReceivedFile {
  path: RelPath;
  /** SHA-256 (hex) of the file's bytes when it was delivered. */
  hash: string;
  /** Detail level of the delivered text ('full', 'signatures', ...). */
  detail: string;
  /** Disjoint spans in line order. */
  spans: DeliveredSpan[];
  /** Total lines of the file at delivery. */
  totalLines: number;
  lastCall: number;
}

export interface ReadPlan {
  /** Ranges still to send, in order (empty: everything asked for was received and is unchanged). */
  send: LineSpan[];
  /** Parts of the request already received, with the call that delivered each. */
  covered: DeliveredSpan[];
}

const key = (path: RelPath, detail: string) => `${detail}\0${path}`;

/** `spans` minus `[from, to]`, and the parts of `spans` inside it. */
function split(spans: readonly DeliveredSpan[], from: number, to: number): ReadPlan {
  const send: LineSpan[] = [];
  const covered: DeliveredSpan[] = [];
  let next = from;
  for (const s of spans) {
    if (s.to < next || s.from > to) continue;
    if (s.from > next) send.push([next, s.from - 1]);
    const a = Math.max(s.from, next);
    const b = Math.min(s.to, to);
    covered.push({ ...s, from: a, to: b });
    next = b + 1;
    if (next > to) break;
  }
  if (next <= to) send.push([next, to]);
  return { send, covered };
}

export class DeliveryLedger {
  private readonly files = new Map<string, ReceivedFile>();

  /** What to send for lines `from..to` of `path` at `hash` and `detail`. */
  plan(path: RelPath, hash: string, detail: string, from: number, to: number): ReadPlan {
    const known = this.files.get(key(path, detail));
    if (!known || known.hash !== hash || to < from)
      return { send: to < from ? [] : [[from, to]], covered: [] };
    return split(known.spans, from, to);
  }

  /** Records that `ranges` of `path` were sent in `call`; content at another hash replaces the old record. */
  record(
    path: RelPath,
    hash: string,
    detail: string,
    ranges: readonly LineSpan[],
    call: number,
    revision: number,
    totalLines: number,
  ): void {
    const k = key(path, detail);
    let file = this.files.get(k);
    if (!file || file.hash !== hash) {
      file = { path, hash, detail, spans: [], totalLines, lastCall: call };
      this.files.set(k, file);
    }
    file.totalLines = totalLines;
    file.lastCall = call;
    for (const [from, to] of ranges) {
      if (to < from) continue;
      // A resend (fresh: true) replaces what it covers: the newest call holds those lines now.
      const kept: DeliveredSpan[] = [];
      for (const s of file.spans) {
        if (s.to < from || s.from > to) kept.push(s);
        else {
          if (s.from < from) kept.push({ ...s, to: from - 1 });
          if (s.to > to) kept.push({ ...s, from: to + 1 });
        }
      }
      kept.push({ from, to, call, revision });
      kept.sort((a, b) => a.from - b.from);
      file.spans = kept;
    }
  }

  /** Forgets what `call` delivered (a result that was not sent after all). */
  forget(call: number): void {
    for (const [k, file] of this.files) {
      file.spans = file.spans.filter((s) => s.call !== call);
      if (!file.spans.length) this.files.delete(k);
    }
  }

  /** Everything received, most recent first. */
  received(): ReceivedFile[] {
    return [...this.files.values()].sort((a, b) => b.lastCall - a.lastCall);
  }

  /** Paths received at least once (any detail level). */
  paths(): Set<RelPath> {
    return new Set([...this.files.values()].map((f) => f.path));
  }

  get size(): number {
    return this.files.size;
  }
}

/** `1–40, 60–80` */
export function formatRanges(ranges: readonly LineSpan[] | readonly DeliveredSpan[]): string {
  return ranges
    .map((r) => {
      const [a, b] = Array.isArray(r)
        ? (r as LineSpan)
        : [(r as DeliveredSpan).from, (r as DeliveredSpan).to];
      return a === b ? `${a}` : `${a}–${b}`;
    })
    .join(', ');
}

// The result as data for other consumers: what it showed of each file (session receipts) and the
// JSON form (`loupe search --json`), whose per-line and per-file lists are rows under one header.
import type { DeliveredReceipt } from '../session/receipts';
import type { SearchResult } from './result';

/** What a result showed of each file, as session receipts record deliveries (full detail, line spans). */
export function searchDelivered(r: SearchResult): DeliveredReceipt[] {
  return r.shown.map((s) => ({
    path: s.path,
    hash: s.hash,
    lines: s.lines.map((l) => [l.start, l.end] as const),
    detail: 'full',
  }));
}

/**
 * The result for JSON consumers, with the per-line and per-file lists as a header and rows
 * (`columns` once, then arrays) instead of objects that repeat every key.
 */
export function searchResultJson(r: SearchResult): Record<string, unknown> {
  const { files, ...rest } = r;
  return {
    ...rest,
    files: {
      columns: ['path', 'matches', 'shown', 'tier', 'role', 'explicit', 'hash'],
      rows: files.map((f) => [
        f.path,
        f.matches,
        f.shownHits,
        f.bestTier,
        f.role ?? null,
        f.explicit,
        f.hash,
      ]),
    },
    lines: {
      columns: ['path', 'line', 'match', 'text'],
      rows: files.flatMap((f) => f.lines.map((l) => [f.path, l.line, l.hit ? 1 : 0, l.text])),
    },
  };
}

// The UTF-8 copy of an indexed text that RE2 reads, kept with its entry so each search need not
// make it again. An index's copies share a process-wide budget: each index holds its share in a
// ledger and gives it back when it closes (its project closed, or masking switched), so opening
// and closing projects in one process (the window, `loupe serve`) never uses the budget up.
// Beyond the budget a copy is made for one search. The entries of one streamed search have no
// ledger: they live only as long as that search, and their copies with them.
import type { ContentEntry, CopyBudget } from './entry';

export interface Encoded {
  buf: Buffer;
  ascii: boolean;
}

/** UTF-8 copies kept for RE2 by every index together, at most this many bytes. */
export const UTF8_BUDGET = 48 * 1024 * 1024;
let utf8Kept = 0;

/** Bytes of UTF-8 copies the open indexes keep (process-wide). */
export function utf8KeptBytes(): number {
  return utf8Kept;
}

/** One index's share of the budget. */
export class Utf8Ledger implements CopyBudget {
  private held = 0;
  private closed = false;

  /** Counts `bytes` more against the budget, when they fit and the index is open. */
  take(bytes: number): boolean {
    if (this.closed || utf8Kept + bytes > UTF8_BUDGET) return false;
    this.held += bytes;
    utf8Kept += bytes;
    return true;
  }

  give(bytes: number): void {
    if (this.closed) return; // given back on close
    this.held -= bytes;
    utf8Kept -= bytes;
  }

  /** The index is gone: its share comes back, and it keeps no more copies. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    utf8Kept -= this.held;
    this.held = 0;
  }
}

/** The text as UTF-8 for RE2: kept with the entry while its index's budget lasts, else made for this search. */
export function encoded(entry: ContentEntry): Encoded {
  const kept = entry.memo.get('utf8') as Encoded | undefined;
  if (kept) return kept;
  const buf = Buffer.from(entry.text, 'utf8');
  const e = { buf, ascii: buf.length === entry.text.length };
  if (!entry.utf8 || entry.utf8.take(buf.length)) entry.memo.set('utf8', e);
  return e;
}

/** Gives back the budget of an entry leaving the index. */
export function forgetEncoded(entry: ContentEntry): void {
  const kept = entry.memo.get('utf8') as Encoded | undefined;
  if (!kept) return;
  entry.utf8?.give(kept.buf.length);
  entry.memo.delete('utf8');
}

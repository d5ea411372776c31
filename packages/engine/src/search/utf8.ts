// The UTF-8 copy of an indexed text that RE2 reads: kept with the entry while a process-wide budget
// lasts, otherwise made for one search.
import type { ContentEntry } from './entry';

export interface Encoded {
  buf: Buffer;
  ascii: boolean;
}

/** UTF-8 copies kept for RE2, at most this many bytes (process-wide); beyond it they are made per search. */
const UTF8_BUDGET = 48 * 1024 * 1024;
let utf8Kept = 0;

/** The text as UTF-8 for RE2: kept with the entry while the budget lasts, else made for this search. */
export function encoded(entry: ContentEntry): Encoded {
  const kept = entry.memo.get('utf8') as Encoded | undefined;
  if (kept) return kept;
  const buf = Buffer.from(entry.text, 'utf8');
  const e = { buf, ascii: buf.length === entry.text.length };
  if (utf8Kept + buf.length <= UTF8_BUDGET) {
    utf8Kept += buf.length;
    entry.memo.set('utf8', e);
  }
  return e;
}

/** Gives back the budget of an entry leaving the index. */
export function forgetEncoded(entry: ContentEntry): void {
  const kept = entry.memo.get('utf8') as Encoded | undefined;
  if (!kept) return;
  utf8Kept -= kept.buf.length;
  entry.memo.delete('utf8');
}

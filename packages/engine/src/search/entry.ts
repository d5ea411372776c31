// One indexed text: what a search reads of a file (masked text, its folded copy, line starts,
// filters) and what is derived from it once (declarations, imports). Kept by content hash in the
// index (store.ts); matchers and passes read it.
import type { Declaration } from '../declarations/declarations';
import type { Grams } from './grams';

export interface ContentEntry {
  hash: string;
  /** Masked text, index placeholders inside (never rendered as is). */
  text: string;
  /** `fold(text)`: same offsets, for case-insensitive matching. */
  folded: string;
  starts: Uint32Array;
  /** Trigram filter of `folded`: files that cannot hold a query are skipped unread. */
  grams: Grams;
  /** Pairs [start, end) of placeholder parts no query may match (see placeholders.ts). */
  privateSpans: number[];
  /** The text's slot in the word index (`WordIndex.add`); -1 for a text without words (placeholders in it: read instead). */
  slot: number;
  /** Declarations by language, once parsed. */
  declarations: Map<string, Declaration[]>;
  /** Derived facts (imports per language …), once computed. */
  memo: Map<string, unknown>;
  refs: number;
  /** Its index's share of the budget for UTF-8 copies (utf8.ts); none for a streamed search's entry. */
  utf8: CopyBudget | undefined;
}

/** What a kept UTF-8 copy is counted against (`Utf8Ledger`). */
export interface CopyBudget {
  take(bytes: number): boolean;
  give(bytes: number): void;
}

// Counts of texts through the count cache (count-cache.ts), for a process that counts texts itself
// rather than through the token service (a budgeted pack counts its sections, the tree's probes and
// the document). A text's key is the SHA-256 of its UTF-8 bytes: the key of a file holding exactly
// those bytes, whose count the token workers store as the count of those bytes decoded, which is
// the text again. So a count found here is the count the text has, whichever process stored it;
// a text UTF-8 cannot give back (a lone surrogate) is counted and never stored.
import { createHash } from 'node:crypto';
import {
  COUNT_CACHE_CAP,
  type CountAddition,
  emptyCountCache,
  loadCountCacheSync,
  lookup,
  saveCountCache,
  today,
} from './count-cache';

/** Shorter texts are counted again (cheaper than their hash and a record). */
export const MIN_STORED_CHARS = 256;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class TextCounts {
  private cache: SharedArrayBuffer | undefined;
  private added: CountAddition[] = [];
  private readonly day = today();

  /** `file`: the count cache of the encoding counted in (countCacheFile), or undefined: none. */
  constructor(private readonly file: string | undefined) {}

  /** The tokens of `text`: stored, or counted by `count` (and stored by `save`). */
  count(text: string, count: (text: string) => number): number {
    if (!this.file || text.length < MIN_STORED_CHARS || LONE_SURROGATE.test(text)) return count(text);
    const key = createHash('sha256').update(text).digest();
    this.cache ??= loadCountCacheSync(this.file);
    const stored = lookup(this.cache, key, this.day);
    if (stored !== undefined) return stored;
    const tokens = count(text);
    this.added.push({ key, tokens });
    return tokens;
  }

  /** Writes the counts found since the last save, merged with the file; a failed write only costs a count later. */
  async save(): Promise<void> {
    if (!this.file || !this.added.length) return;
    const added = this.added;
    this.added = [];
    try {
      this.cache = await saveCountCache(this.file, this.cache ?? emptyCountCache(), added, {
        cap: COUNT_CACHE_CAP,
        day: this.day,
      });
    } catch {
      // a read-only or full cache folder
    }
  }
}

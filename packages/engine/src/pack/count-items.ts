// What the counting thread counts (count-worker.ts), and what this thread counts the same way when
// that thread cannot: many items per task, exact counts back in the same order. An item is a text,
// its UTF-8 bytes, or a file's section given as its label, the file (read where it is counted, so
// its text never crosses threads) and its closing delimiter. The file goes through the content
// pipeline's read stage again (content/read.ts: nothing else, masking included, loads in this
// thread); it must still have the content hash the pack read, or the item answers -1.
import { readBytesSync, readResult } from '../content/read';
import { countTokens, decodeText } from '../tokens/count';
import type { Encoding } from '../types';

export interface CountItem {
  text?: string;
  /** A text given as its UTF-8 bytes (a section as it is written). */
  bytes?: Uint8Array;
  head?: string;
  tail?: string;
  /** Absolute path of a file whose text is the section's body (content/open.ts projectFile). */
  file?: string;
  /** SHA-256 (hex) the file's bytes must have. */
  hash?: string;
  /** The body ends with a line break added after the file's text. */
  eol?: boolean;
}

export interface CountTask {
  items: CountItem[];
  encoding: Encoding;
}

/** The text an item stands for, or undefined when its file changed. */
export function itemText(item: CountItem): string | undefined {
  if (item.bytes !== undefined) return decodeText(item.bytes);
  if (item.file === undefined) return item.text ?? '';
  let bytes: Buffer;
  try {
    bytes = readBytesSync(item.file);
  } catch {
    return undefined;
  }
  const read = readResult('', bytes);
  if (read.kind !== 'text' || read.hash !== item.hash) return undefined;
  return `${item.head ?? ''}${read.raw}${item.eol ? '\n' : ''}${item.tail ?? ''}`;
}

export function countItems(task: CountTask): number[] {
  return task.items.map((item) => {
    const text = itemText(item);
    return text === undefined ? -1 : countTokens(text, task.encoding);
  });
}

// Worker entry (piscina) for counting a full pack: many items per message, exact counts back in
// the same order. An item is a text, or a file's section given as its label, the file (read here,
// so its text never crosses threads) and its closing delimiter; the file must still have the
// content hash the pack read, or the item answers -1.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { countTokens, decodeText } from '../tokens/count';
import type { Encoding } from '../types';

export interface CountItem {
  text?: string;
  head?: string;
  tail?: string;
  /** Absolute path of a file whose text is the section's body. */
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
  if (item.file === undefined) return item.text ?? '';
  let bytes: Buffer;
  try {
    bytes = readFileSync(item.file);
  } catch {
    return undefined;
  }
  if (createHash('sha256').update(bytes).digest('hex') !== item.hash) return undefined;
  const body = decodeText(bytes);
  return `${item.head ?? ''}${body}${item.eol ? '\n' : ''}${item.tail ?? ''}`;
}

export default function countItems(task: CountTask): number[] {
  return task.items.map((item) => {
    const text = itemText(item);
    return text === undefined ? -1 : countTokens(text, task.encoding);
  });
}

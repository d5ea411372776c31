// Bytewise order: the order of the names' UTF-8 bytes, which is Unicode code point order. JavaScript's
// `<` compares UTF-16 code units instead, and the two disagree only when one side is a surrogate
// (a code point above U+FFFF) and the other lies in U+E000..U+FFFF.

/** Compares two strings by their UTF-8 bytes; negative, zero or positive like `Array.sort` wants. */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Lift surrogates (D800..DFFF) above E000..FFFF so code unit order becomes code point order.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Sorts in place by bytewise order unless the array is already in that order (the common case). */
export function sortBytewise<T>(items: T[], key: (item: T) => string): T[] {
  for (let i = 1; i < items.length; i++) {
    if (compareBytewise(key(items[i - 1]!), key(items[i]!)) > 0) {
      return items.sort((p, q) => compareBytewise(key(p), key(q)));
    }
  }
  return items;
}

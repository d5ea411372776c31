// Path order, git's: by UTF-8 bytes, which is code point order. The engine's index, the host's
// tree snapshot and the window's tree all sort names this way; plain `<` on JS strings compares
// UTF-16 units and puts astral characters (surrogates) before U+E000–U+FFFF.

/** Orders strings by their UTF-8 bytes (= by code point). */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (D800–DFFF) encode code points above FFFF: move them above E000–FFFF.
      x = x >= 0xe000 ? x - 0x800 : x <= 0xdfff ? x + 0x2000 : x;
      y = y >= 0xe000 ? y - 0x800 : y <= 0xdfff ? y + 0x2000 : y;
    }
    return x - y;
  }
  return a.length - b.length;
}

const SURROGATE = /[\ud800-\udfff]/;

/** Sorts items by a string key in byte order; uses the native string compare when it agrees. */
export function sortBytewise<T>(items: T[], key: (item: T) => string): T[] {
  if (!items.some((i) => SURROGATE.test(key(i)))) {
    return items.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
  return items.sort((a, b) => compareBytewise(key(a), key(b)));
}

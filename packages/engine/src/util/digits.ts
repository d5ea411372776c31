// Whole numbers with thousands separators, exactly as `toLocaleString('en-US')` writes them
// (`1,234,567`), without it: the first call of Intl number formatting costs ~15 ms and ~5 MB of
// locale data, more than formatting every number of a pack.

/** `1234567` -> `1,234,567`; non-integers and non-finite numbers fall back to `toLocaleString`. */
export function groupDigits(x: number): string {
  if (!Number.isSafeInteger(x) || Object.is(x, -0)) return x.toLocaleString('en-US');
  const digits = String(Math.abs(x));
  let out = '';
  let i = digits.length % 3 || 3;
  out = digits.slice(0, i);
  for (; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return x < 0 ? `-${out}` : out;
}

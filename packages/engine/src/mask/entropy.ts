// Shannon entropy exactly as Gitleaks computes it: symbols are code points, but the divisor is the
// length in UTF-8 bytes (Go's len(string)). For ASCII both agree.
export function shannonEntropy(value: string): number {
  if (value === '') return 0;
  const counts = new Map<number, number>();
  let bytes = 0;
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    counts.set(cp, (counts.get(cp) ?? 0) + 1);
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  let entropy = 0;
  for (const count of counts.values()) {
    const freq = count / bytes;
    entropy -= freq * Math.log2(freq);
  }
  return entropy;
}

// Deterministic randomness for generated test corpora and the benchmark repository: the same
// seed gives the same bytes on every machine.

export type Rand = () => number;

/** mulberry32: small, fast, deterministic; returns floats in [0, 1). */
export function rng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

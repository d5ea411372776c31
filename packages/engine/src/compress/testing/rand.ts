// Deterministic randomness and name helpers for the generated corpus.
import { type Rand, rng } from '@loupe/common';

export { type Rand, rng };

export const WORDS =
  'user order item cart price total stock queue cache token event route index store scan pack mask'.split(
    ' ',
  );
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
/** `length` of `xs` drawn at random and joined (texts made of pieces chosen for their edges). */
export const joinedPicks = (r: Rand, xs: readonly string[], length: number): string =>
  Array.from({ length }, () => pick(r, xs)).join('');
export const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
export const times = (r: Rand, lo: number, hi: number, f: (i: number) => string[]) =>
  Array.from({ length: int(r, lo, hi) }, (_, i) => f(i)).flat();
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
let counter = 0;

/** Restarts the unique-name counter (same seed, same names). */
export function resetNames(): void {
  counter = 0;
}
/** Unique names, so every declaration name can be looked for in the output. */
export const name = (r: Rand) =>
  `${pick(r, WORDS)}${pick(r, WORDS).replace(/^./, (c) => c.toUpperCase())}${++counter}`;
export const Name = (r: Rand) => cap(name(r));
export const indent = (lines: string[], by: string) => lines.map((l) => (l ? by + l : l));

// The trusted trailer lines about masking. Never "safe": rules find what they know and can miss
// secrets, and the trailer says so whenever something was masked.

import { plural } from '@loupe/common';
import { PLACEHOLDER_WARNING } from '@loupe/engine';

export const MASKING_OFF =
  'Masking is switched off for this project: secret values are sent as they are in the files.';

/** Lines for a result that delivered content with these per-rule counts. */
export function maskingTrailer(masked: Record<string, number>, active: boolean): string[] {
  if (!active) return [MASKING_OFF];
  const total = Object.values(masked).reduce((a, b) => a + b, 0);
  if (!total) return [];
  const rules = Object.entries(masked)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([rule, n]) => `${rule} ×${n}`)
    .join(', ');
  return [
    `Masked: ${plural(total, 'value')} by rules (${rules}); rules can miss secrets. ${PLACEHOLDER_WARNING}`,
  ];
}

export function addMasked(into: Record<string, number>, more: Record<string, number> | undefined): void {
  for (const [rule, n] of Object.entries(more ?? {})) into[rule] = (into[rule] ?? 0) + n;
}

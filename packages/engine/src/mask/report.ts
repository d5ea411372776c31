// The words Loupe uses about masking. Never "safe": rules find what they know and can miss secrets.
import type { MaskFinding, MaskResult } from './mask';

/** Shown to agents wherever masked content appears. */
export const PLACEHOLDER_WARNING =
  'Values written as LOUPE_REDACTED[rule#n] are placeholders for masked secrets, not the real values: never write them back into files; ask the user to supply the real value where one is needed.';

/** "N values masked by rules; rules can miss secrets". */
export function maskingNotice(count: number): string {
  return `${count} ${count === 1 ? 'value' : 'values'} masked by rules; rules can miss secrets`;
}

/** Findings per rule, for receipts and footers. */
export function countByRule(findings: readonly MaskFinding[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of findings) out[f.rule] = (out[f.rule] ?? 0) + 1;
  return out;
}

export interface MaskSummary {
  files: number;
  masked: number;
  byRule: Record<string, number>;
  withheld: Array<{ path: string; reason: string }>;
}

export function summarizeMasking(results: ReadonlyArray<{ path: string; result: MaskResult }>): MaskSummary {
  const byRule: Record<string, number> = {};
  const withheld: MaskSummary['withheld'] = [];
  let masked = 0;
  for (const { path, result } of results) {
    if (result.withheld !== undefined) withheld.push({ path, reason: result.withheld });
    masked += result.findings.length;
    for (const [rule, n] of Object.entries(countByRule(result.findings)))
      byRule[rule] = (byRule[rule] ?? 0) + n;
  }
  return { files: results.length, masked, byRule, withheld };
}

/** The footer line for a set of results: the notice, plus what was withheld. */
export function maskingFooter(summary: MaskSummary): string {
  const parts = [maskingNotice(summary.masked)];
  if (summary.withheld.length)
    parts.push(`${summary.withheld.length} ${summary.withheld.length === 1 ? 'file' : 'files'} withheld`);
  return parts.join('; ');
}

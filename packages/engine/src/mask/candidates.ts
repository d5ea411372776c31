// A span proposed for masking, in UTF-16 offsets of the file text. Rules and the format tier
// both produce them; overlapping candidates are merged into one masked span (`merge` in scan.ts).

export interface Candidate {
  start: number;
  end: number;
  /** Gitleaks rule id or format-tier label; it names the placeholder. */
  rule: string;
  /** Which label wins when candidates overlap: specific rule 3, format tier 2, generic rule 1. */
  priority: number;
  /** The value is an unquoted scalar where the placeholder would change its type or break flow syntax: quote it. */
  quote?: boolean;
}

export const FORMAT_PRIORITY = 2;
/** Source-code literals bound to a secret name: any rule that finds the same value names it. */
export const CODE_PRIORITY = 0;

// The label stage: what a file's delivered text holds, as the consumers state it: the masked values
// whose placeholders are in the text, per rule (findings in code that compression removed, or
// outside the lines read, are not in it).

/** A text and the values masked in it. */
export interface MaskedParts {
  text: string;
  findings: ReadonlyArray<{ rule: string; placeholder: string }>;
}

const PLACEHOLDER = /LOUPE_REDACTED\[([^\]#\s]+)#\d+\]/g;

/** Masked values of `d` whose placeholders are in `text`, per rule. */
export function maskedIn(d: MaskedParts, text: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (!d.findings.length) return out;
  if (text === d.text) {
    for (const f of d.findings) out[f.rule] = (out[f.rule] ?? 0) + 1;
    return out;
  }
  const expected = new Map<string, number>();
  for (const f of d.findings) expected.set(f.placeholder, (expected.get(f.placeholder) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const m of text.matchAll(PLACEHOLDER)) seen.set(m[0], (seen.get(m[0]) ?? 0) + 1);
  for (const f of d.findings) {
    const left = Math.min(seen.get(f.placeholder) ?? 0, expected.get(f.placeholder) ?? 0);
    if (left > 0) {
      out[f.rule] = (out[f.rule] ?? 0) + 1;
      seen.set(f.placeholder, left - 1);
    }
  }
  return out;
}

// One file through both tiers: the Gitleaks rules (on UTF-8 bytes), then the format tier (on the
// text); rule spans are adjusted to values and, in source code, kept only where a value can be;
// overlapping candidates merge into one span. Pure: no numbering, no output.
import type { Candidate } from './candidates';
import { detectSecrets, MaskLimitError, type RuleFinding } from './detect';
import { sameValues } from './everywhere';
import { scanFormat } from './formats/index';
import { codeFamily, lazyCodeRegions, type Region, regionAt } from './regions';
import type { MaskRules } from './rules';
import { maskingSpan } from './secret-span';

/**
 * Masking's bounds are counts, never the clock: whether a file is withheld depends on its bytes
 * and the rules alone, never on the machine's load (docs/decisions.md). Every step is linear in
 * the file's size (docs/masking.md, "Fail closed"), so these two bound the time too.
 */
export interface MaskLimits {
  /** Files larger than this (UTF-8 bytes) are withheld. Default 16 MiB. */
  maxBytes: number;
  /** Most rule matches examined per file. */
  maxMatches: number;
}

export const DEFAULT_LIMITS: MaskLimits = {
  maxBytes: 16 * 1024 * 1024,
  maxMatches: 200_000,
};

export interface Span {
  start: number;
  end: number;
  rule: string;
  quote: boolean;
}

export type ScanResult = { spans: Span[]; withheld?: undefined } | { withheld: string; spans?: undefined };

/** `utf8`: the text's UTF-8 bytes when the caller holds them (a file as read, if valid UTF-8). */
export function scanText(
  text: string,
  path: string,
  rules: MaskRules,
  limits: MaskLimits = DEFAULT_LIMITS,
  utf8?: Buffer,
): ScanResult {
  if (text.length > limits.maxBytes) return { withheld: tooLarge(limits) };
  const buf = utf8 ?? Buffer.from(text, 'utf8');
  if (buf.length > limits.maxBytes) return { withheld: tooLarge(limits) };
  let found: ReturnType<typeof detectSecrets>;
  try {
    found = detectSecrets(buf, path, rules, { maxMatches: limits.maxMatches });
  } catch (error) {
    if (error instanceof MaskLimitError) return { withheld: `${error.message}; the file was withheld` };
    throw error;
  }
  if (found.fileRules.length > 0)
    return { withheld: `the whole file is a secret by rule ${found.fileRules.map((r) => r.id).join(', ')}` };
  const regions = lazyCodeRegions(text, path);
  const candidates = ruleCandidates(text, buf, path, found.findings, regions);
  candidates.push(...scanFormat(text, path, found.tier, regions));
  // A value masked once is masked everywhere in the file (the commented-out copy, the assertion).
  const merged = merge(candidates);
  const quoted = new Map(merged.map((x) => [x.start, x.quote]));
  const spans = sameValues(text, merged).map((x) => ({ ...x, quote: quoted.get(x.start) ?? false }));
  return { spans };
}

/** Why a text over the size limit is withheld. */
export function tooLarge(limits: MaskLimits): string {
  return `the file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MiB, the masking limit; it was withheld`;
}

function ruleCandidates(
  text: string,
  buf: Buffer,
  path: string,
  findings: RuleFinding[],
  codeRegions: () => Region[],
): Candidate[] {
  if (findings.length === 0) return [];
  const toText = offsetMapper(text, buf, findings);
  const family = codeFamily(path);
  const out: Candidate[] = [];
  for (const f of findings) {
    const rule = f.rule;
    const span = maskingSpan(
      rule.id,
      text,
      { start: toText(f.secretStart), end: toText(f.secretEnd) },
      { start: toText(f.matchStart), end: toText(f.matchEnd) },
      rule.boundedEnd,
    );
    if (!span) continue;
    // Already masked text stays as it is (masking is idempotent).
    if (text.slice(span.start, span.end).includes('LOUPE_REDACTED[')) continue;
    if (family && (rule.contextual || rule.generic)) {
      const r = regionAt(codeRegions(), span.start);
      const quoted = r?.kind === 'comment' && /["'`]/.test(text[span.start - 1] ?? '');
      if (!r || (r.kind === 'comment' && !quoted)) continue;
      if (r.kind === 'string') span.end = Math.min(span.end, r.end);
    }
    out.push({ ...span, rule: rule.id, priority: rule.generic ? 1 : 3 });
  }
  return out;
}

/** Maps UTF-8 byte offsets (sorted on demand) to UTF-16 offsets. ASCII text maps to itself. */
function offsetMapper(text: string, buf: Buffer, findings: RuleFinding[]): (byte: number) => number {
  if (buf.length === text.length) return (b) => b;
  const offsets = [
    ...new Set(findings.flatMap((f) => [f.secretStart, f.secretEnd, f.matchStart, f.matchEnd])),
  ].sort((a, b) => a - b);
  const map = new Map<number, number>();
  let byte = 0;
  let unit = 0;
  for (const o of offsets) {
    unit += buf.toString('utf8', byte, o).length;
    byte = o;
    map.set(o, unit);
  }
  return (b) => map.get(b)!;
}

/** Overlapping candidates become one span, named by the highest-priority candidate. */
export function merge(candidates: Candidate[]): Span[] {
  const sorted = candidates.filter((c) => c.end > c.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  let best: Candidate | undefined;
  let current: Span | undefined;
  for (const c of sorted) {
    if (current && c.start < current.end) {
      current.end = Math.max(current.end, c.end);
      current.quote ||= c.quote === true;
      if (c.priority > best!.priority) {
        best = c;
        current.rule = c.rule;
      }
      continue;
    }
    current = { start: c.start, end: c.end, rule: c.rule, quote: c.quote === true };
    best = c;
    out.push(current);
  }
  return out;
}

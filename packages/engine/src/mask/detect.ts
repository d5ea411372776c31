// The Gitleaks detector, rule by rule, with Gitleaks' semantics (detect/detect.go at the pinned
// commit): keyword prefilter (case-insensitive), path and path-only rules, the secret is
// `secretGroup`, else the first non-empty group of the regex re-run on the match, else the match;
// entropy strictly above the threshold; global then rule allowlists; `gitleaks:allow` on the
// line; a "generic" finding yields to a specific one that contains its secret on the same line.
// Offsets are UTF-8 byte offsets into `buf` (Go's string indices). Bounds are counts (matches per
// file); the per-match work on the line is done once per line (lines.ts), so no input is slower
// than linear in its size and the answer never depends on the clock.
import { fileAllowed, findingAllowed } from './allowlist';
import { shannonEntropy } from './entropy';
import { FileLines } from './lines';
import { nextPrefixed } from './prefix';
import type { CompiledRule, MaskRules } from './rules';
import { dropShadowedGeneric } from './shadow';

export interface RuleFinding {
  rule: CompiledRule;
  /** The match, trimmed of surrounding newlines as Gitleaks does. */
  matchStart: number;
  matchEnd: number;
  secretStart: number;
  secretEnd: number;
  /** Held only while detecting (entropy, allowlists, the generic filter); never reported. */
  secret: string;
  /** Start of the untrimmed match: Gitleaks' StartLine is computed from it. */
  rawStart: number;
}

export interface DetectResult {
  findings: RuleFinding[];
  /** Format-tier keywords present in the text. */
  tier: Set<string>;
  /** Path-only rules that matched: the whole file is the secret. */
  fileRules: CompiledRule[];
}

export interface DetectLimits {
  /** Most regex matches examined per file. */
  maxMatches: number;
}

export class MaskLimitError extends Error {}

const NL = 10;

/**
 * Rules whose keywords occur in the text (plus keyword-less rules), in rule-file order, and the
 * format-tier keywords present. A screened rule whose regex matches nowhere is dropped here: the
 * set answers "matches somewhere" exactly as a search would.
 */
export function prefilter(buf: Buffer, rules: MaskRules): { active: CompiledRule[]; tier: Set<string> } {
  const on = new Uint8Array(rules.rules.length);
  const tier = new Set<string>();
  for (const i of rules.alwaysRules) on[i] = 1;
  if (buf.length > 0) {
    let hits: number[];
    try {
      hits = rules.keywordSet.match(buf);
    } catch {
      // Out of automaton memory: the literal keywords found by hand, and every tier pattern on.
      const lower = buf.toString('latin1').toLowerCase();
      hits = rules.keywords.flatMap((k, i) => (i >= rules.tierPatternStart || lower.includes(k) ? [i] : []));
    }
    for (const k of hits) {
      if (k >= rules.ruleKeywordCount) tier.add(rules.keywords[k]!);
      else for (const i of rules.rulesByKeyword[k]!) on[i] = 1;
    }
    if (rules.screenSet && rules.screened.some((i) => on[i] === 1)) {
      let matched: number[] | undefined;
      try {
        matched = rules.screenSet.match(buf);
      } catch {
        matched = undefined; // out of automaton memory: every screened rule switched on runs
      }
      if (matched) {
        const keep = new Set(matched.map((k) => rules.screened[k]!));
        for (const i of rules.screened) if (!keep.has(i)) on[i] = 0;
      }
    }
  }
  return { active: rules.rules.filter((r) => on[r.index] === 1), tier };
}

export function detectSecrets(
  buf: Buffer,
  path: string,
  rules: MaskRules,
  limits: DetectLimits,
): DetectResult {
  const { active, tier } = prefilter(buf, rules);
  const out: DetectResult = { findings: [], tier, fileRules: [] };
  if (fileAllowed(rules.global, path)) return out;
  const lines = new FileLines(buf);
  let matches = 0;
  for (const rule of active) {
    if (fileAllowed(rule.allowlists, path)) continue;
    if (rule.path) {
      const onPath = path !== '' && rule.path.test(path);
      if (rule.source === undefined) {
        if (onPath) out.fileRules.push(rule);
        continue;
      }
      if (!onPath) continue;
    }
    for (const [rawStart, rawEnd] of findAll(rule, buf)) {
      if (++matches > limits.maxMatches)
        throw new MaskLimitError(`more than ${limits.maxMatches} rule matches`);
      const f = examine(rule, buf, rawStart, rawEnd, path, rules, lines);
      if (f) out.findings.push(f);
    }
  }
  out.findings = dropShadowedGeneric(out.findings, buf);
  return out;
}

/** The leftmost match of the rule at or after `pos`. */
export function nextMatch(rule: CompiledRule, buf: Buffer, pos: number): [number, number] | undefined {
  if (rule.prefix) return nextPrefixed(rule.prefix, buf, pos);
  const regex = rule.regex!;
  regex.lastIndex = pos;
  const m = regex.exec(buf);
  regex.lastIndex = 0;
  return m ? [m.index, m.index + m[0].length] : undefined;
}

/** Go's FindAllIndex: successive non-overlapping matches; an empty match abutting the previous match is skipped. */
export function* findAll(rule: CompiledRule, buf: Buffer): Generator<[number, number]> {
  let pos = 0;
  let prevEnd = -1;
  while (pos <= buf.length) {
    const m = nextMatch(rule, buf, pos);
    if (!m) break;
    const [start, end] = m;
    let accept = true;
    if (end === pos) {
      if (start === prevEnd) accept = false;
      pos += pos < buf.length ? runeWidth(buf[pos]!) : 1;
    } else pos = end;
    prevEnd = end;
    if (accept) yield [start, end];
  }
}

function runeWidth(lead: number): number {
  return lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

function examine(
  rule: CompiledRule,
  buf: Buffer,
  rawStart: number,
  rawEnd: number,
  path: string,
  rules: MaskRules,
  lines: FileLines,
): RuleFinding | undefined {
  // secret := strings.Trim(match, "\n")
  let start = rawStart;
  let end = rawEnd;
  while (start < end && buf[start] === NL) start++;
  while (end > start && buf[end - 1] === NL) end--;
  // The filters below are all conjunctive; the cheap ones run first.
  let secretStart = start;
  let secretEnd = end;
  const groups = submatches(rule, buf.subarray(start, end));
  if (groups && groups.length >= 2) {
    const indices = groups.indices;
    if (rule.secretGroup > 0) {
      if (groups.length <= rule.secretGroup) return undefined;
      const at = indices[rule.secretGroup];
      secretStart = at ? start + at[0] : start;
      secretEnd = at ? start + at[1] : start;
    } else {
      for (let g = 1; g < indices.length; g++) {
        const at = indices[g];
        if (at && at[1] > at[0]) {
          secretStart = start + at[0];
          secretEnd = start + at[1];
          break;
        }
      }
    }
  }
  const secret = buf.toString('utf8', secretStart, secretEnd);
  if (rule.entropy !== 0 && shannonEntropy(secret) <= rule.entropy) return undefined;
  const line = lines.around(rawStart, rawStart + (end - start));
  if (lines.allowSigned(line)) return undefined;
  const text = { secret, match: buf.toString('utf8', start, end), lineMatches: lines.tester(line) };
  if (findingAllowed(rules.global, text, path) || findingAllowed(rule.allowlists, text, path))
    return undefined;
  return { rule, matchStart: start, matchEnd: end, secretStart, secretEnd, secret, rawStart };
}

type Groups = { length: number; indices: Array<[number, number] | undefined> } | null;

/**
 * The pattern re-run on the match alone, as Gitleaks does. A match at its first position is the
 * one the unanchored search returns (none can start earlier), so that is tried first; only when
 * there is none (an assertion at the edge now sees the edge) does the search run.
 */
export function submatches(rule: CompiledRule, match: Buffer): Groups {
  const anchored = rule.anchored!;
  anchored.lastIndex = 0;
  const first = anchored.exec(match) as unknown as Groups;
  anchored.lastIndex = 0;
  return first ?? (rule.submatch!.exec(match) as unknown as Groups);
}

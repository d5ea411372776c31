// Gitleaks' own true and false positives, against the ported rules (each rule alone with the
// global allowlist, as upstream validates them) and against maskText (all rules, all tiers).
// The 96 samples whose template value differs from what Gitleaks extracts are listed in
// docs/masking.md; this test reads that list and checks it exactly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectSecrets } from './detect';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules, selectRules } from './rules';
import { MaskSession } from './session';
import { loadSamples, repoRoot, type Sample } from './test/samples';

const samples = loadSamples();
let rules: MaskRules;
const single = new Map<string, MaskRules>();
const unlimited = { maxMatches: 1e9 };

beforeAll(async () => {
  rules = await loadMaskRules();
  for (const r of rules.rules)
    single.set(
      r.id,
      selectRules(rules, (x) => x.id === r.id),
    );
});

function gitleaks(s: Sample) {
  return detectSecrets(Buffer.from(s.text), s.path ?? '', single.get(s.rule)!, unlimited);
}

/** The original text of a masked span, from its line/column report. */
function original(
  text: string,
  f: { line: number; column: number; endLine: number; endColumn: number },
): string {
  const lines = text.split('\n');
  let start = f.column - 1;
  for (let l = 0; l < f.line - 1; l++) start += lines[l]!.length + 1;
  let end = f.endColumn - 1;
  for (let l = 0; l < f.endLine - 1; l++) end += lines[l]!.length + 1;
  return text.slice(start, end);
}

/** The documented quirk list: `| rule | first–last | Gitleaks extracts | Loupe masks |` rows. */
function documentedQuirks(): Map<number, { rule: string; loupe: string }> {
  const doc = readFileSync(path.join(repoRoot, 'docs/masking.md'), 'utf8');
  const section = doc.slice(doc.indexOf('<!-- quirks:begin -->'), doc.indexOf('<!-- quirks:end -->'));
  const out = new Map<number, { rule: string; loupe: string }>();
  for (const m of section.matchAll(/^\| `([\w-]+)` \| ([\d, –-]+) \| [^|]+\| ([^|]+) \|$/gm)) {
    for (const part of m[2]!.split(',')) {
      const [a, b] = part.trim().split(/[–-]/).map(Number);
      for (let i = a!; i <= (b ?? a!); i++) out.set(i, { rule: m[1]!, loupe: m[3]!.trim() });
    }
  }
  return out;
}

describe('Gitleaks samples, rule by rule (upstream semantics)', () => {
  it('has the counts the data README states', () => {
    expect(samples.length).toBe(6770);
    expect(samples.filter((s) => s.kind === 'tp').length).toBe(6396);
    expect(samples.filter((s) => s.kind === 'fp').length).toBe(374);
    expect(rules.rules.length).toBe(222);
  });

  it('finds 100% of the 6,396 true positives', () => {
    const missed = samples
      .filter((s) => s.kind === 'tp')
      .filter((s) => {
        const r = gitleaks(s);
        const n = r.findings.length + r.fileRules.length;
        // With a path, upstream expects exactly one finding.
        return s.path !== undefined ? n !== 1 : n < 1;
      })
      .map((s) => `${s.index} ${s.rule}`);
    expect(missed).toEqual([]);
  });

  it('flags 0% of the 374 false positives', () => {
    const flagged = samples
      .filter((s) => s.kind === 'fp')
      .filter((s) => {
        const r = gitleaks(s);
        return r.findings.length + r.fileRules.length > 0;
      })
      .map((s) => `${s.index} ${s.rule}`);
    expect(flagged).toEqual([]);
  });

  it('extracts the template value except for exactly the documented upstream quirks', () => {
    const quirks = documentedQuirks();
    expect(quirks.size).toBe(96);
    const differs = samples
      .filter((s) => s.kind === 'tp' && s.secret !== undefined)
      .filter((s) => !gitleaks(s).findings.some((f) => f.secret === s.secret))
      .map((s) => s.index);
    expect(differs).toEqual([...quirks.keys()].sort((a, b) => a - b));
    for (const i of differs) expect(quirks.get(i)!.rule).toBe(samples[i]!.rule);
  });
});

describe('the screened keyword pass (differential)', () => {
  it('finds exactly what running every keyword-gated rule finds, on every sample and on samples run together', () => {
    const unscreened: MaskRules = { ...rules, screened: [] };
    const key = (t: string, r: MaskRules) =>
      detectSecrets(Buffer.from(t), '', r, unlimited)
        .findings.map((f) => `${f.rule.id}@${f.matchStart}-${f.matchEnd}/${f.secretStart}-${f.secretEnd}`)
        .sort();
    const texts = samples.map((s) => s.text);
    for (let i = 0; i < samples.length; i += 40) texts.push(texts.slice(i, i + 40).join('\n'));
    const differ = texts.filter((t) => key(t, rules).join() !== key(t, unscreened).join());
    expect(differ).toEqual([]);
    expect(rules.screened.length).toBeGreaterThan(0);
  });
});

describe('Gitleaks samples through maskText (all rules, all tiers)', () => {
  const session = new MaskSession();
  const mask = (s: Sample) => maskText(s.text, s.path ?? 'sample', rules, session);

  it('masks every true positive (path-only rules withhold the file)', () => {
    const leaked = samples
      .filter((s) => s.kind === 'tp')
      .filter((s) => {
        const r = mask(s);
        return s.text === '' ? r.withheld === undefined : r.findings.length === 0 && r.withheld === undefined;
      })
      .map((s) => `${s.index} ${s.rule}`);
    expect(leaked).toEqual([]);
  });

  it('masks exactly the template value, except the documented quirks, which mask what they document', () => {
    const quirks = documentedQuirks();
    const wrong: string[] = [];
    let exact = 0;
    let total = 0;
    for (const s of samples) {
      if (s.kind !== 'tp' || s.secret === undefined) continue;
      total++;
      const r = mask(s);
      const spans = r.findings.map((f) => original(s.text, f));
      const q = quirks.get(s.index);
      const expected =
        q?.loupe === "the value without the trailing `'`" ? s.secret.replace(/'$/, '') : s.secret;
      if (expected === s.secret) exact++;
      if (!spans.includes(expected)) wrong.push(`${s.index} ${s.rule}: ${spans.length} spans`);
      // Nothing but the value changes: the masked text is the original with the span replaced.
      const f = r.findings.find((x) => original(s.text, x) === expected);
      if (f && !r.text.includes(f.placeholder)) wrong.push(`${s.index} placeholder missing`);
    }
    expect(wrong).toEqual([]);
    // The numbers docs/masking.md states.
    expect([exact, total]).toEqual([5732, 5758]);
  });

  it('never puts a value into the masked text', () => {
    const leaked = samples
      .filter((s) => s.kind === 'tp' && s.secret !== undefined && s.secret.length >= 8)
      .filter((s) => mask(s).text.includes(s.secret!.replace(/'$/, '')))
      .map((s) => `${s.index} ${s.rule}`);
    expect(leaked).toEqual([]);
  });
});

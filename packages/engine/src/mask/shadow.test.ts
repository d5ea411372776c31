// The shadow filter by line (shadow.ts) against the pairwise filter it replaced, on random
// findings, and on a hostile line the pairwise one took findings² for.
import { rng } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import type { RuleFinding } from './detect';
import { loadMaskRules } from './rules';
import { scanText } from './scan';
import { dropShadowedGeneric, occursIn } from './shadow';

const NL = 10;

/** The filter as it was (findings², kept here as the oracle): Gitleaks' filter() pair by pair. */
function pairwise(findings: RuleFinding[], buf: Buffer): RuleFinding[] {
  if (!findings.some((f) => f.rule.generic)) return findings;
  const sameLine = (a: number, b: number) => {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const nl = buf.indexOf(NL, lo + 1);
    return nl < 0 || nl > hi;
  };
  return findings.filter(
    (f) =>
      !f.rule.generic ||
      !findings.some(
        (p) =>
          !p.rule.generic &&
          p.rule.id !== f.rule.id &&
          sameLine(f.rawStart, p.rawStart) &&
          p.secret.includes(f.secret),
      ),
  );
}

const RULES = [
  { id: 'generic-api-key', generic: true },
  { id: 'generic-2', generic: true },
  { id: 'github-pat', generic: false },
  { id: 'slack', generic: false },
];

function finding(rule: (typeof RULES)[number], rawStart: number, secret: string): RuleFinding {
  return { rule, rawStart, secret } as unknown as RuleFinding;
}

describe('the shadow filter', () => {
  it('keeps exactly the findings the pairwise filter keeps, on random findings', () => {
    const r = rng(18);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    // Few letters and short secrets, so containment is common; some lines empty, some long.
    const alphabet = ['a', 'b', 'é', '😀', '\n'];
    for (let round = 0; round < 3000; round++) {
      const buf = Buffer.from(
        Array.from({ length: Math.floor(r() * 40) }, () => pick(['x', 'y', '\n'])).join(''),
      );
      const findings = Array.from({ length: Math.floor(r() * 12) }, () =>
        finding(
          pick(RULES),
          Math.floor(r() * (buf.length + 1)),
          Array.from({ length: Math.floor(r() * 5) }, () => pick(alphabet)).join(''),
        ),
      );
      expect(dropShadowedGeneric(findings, buf)).toEqual(pairwise(findings, buf));
    }
  });

  it('answers "occurs in any" as includes does, for every needle', () => {
    const r = rng(7);
    const word = () => Array.from({ length: Math.floor(r() * 6) }, () => (r() < 0.5 ? 'a' : 'b')).join('');
    for (let round = 0; round < 2000; round++) {
      const needles = [...new Set(Array.from({ length: Math.floor(r() * 8) }, word))];
      const hay = Array.from({ length: Math.floor(r() * 4) }, word);
      expect(occursIn(needles, hay)).toEqual(needles.map((n) => hay.some((h) => h.includes(n))));
    }
  });

  it('is linear on a line of many generic and specific findings, with the same answer', () => {
    // 40,000 of each on one line: pairwise that is 1.6e9 comparisons.
    const n = 40_000;
    const buf = Buffer.from('x'.repeat(n * 20));
    const findings: RuleFinding[] = [];
    for (let i = 0; i < n; i++) {
      findings.push(finding(RULES[0]!, i * 20, `v${i}w`));
      findings.push(finding(RULES[2]!, i * 20 + 10, i % 2 === 0 ? `ghp_v${i}w_` : `ghp_v${i}z`));
    }
    const t = process.cpuUsage();
    const kept = dropShadowedGeneric(findings, buf);
    const cpu = process.cpuUsage(t);
    // Half the generic findings are inside a specific secret; all the specific ones stay.
    expect(kept).toHaveLength(n + n / 2);
    expect(kept.filter((f) => f.rule.generic).every((f) => Number(f.secret.slice(1, -1)) % 2 === 1)).toBe(
      true,
    );
    // A count, not a clock, decides the answer; this bound only says the filter is not findings².
    expect((cpu.user + cpu.system) / 1e6).toBeLessThan(5);
    // The same answer as the pairwise filter on a slice small enough for it.
    const slice = findings.slice(0, 1000);
    const head = buf.subarray(0, 500 * 20);
    expect(dropShadowedGeneric(slice, head)).toEqual(pairwise(slice, head));
  });

  it('masks a hostile one-line file of repeated values the same way, in linear time', async () => {
    const rules = await loadMaskRules();
    const gh = `ghp_${'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z0A'}`;
    const text = `TOKEN=${gh} x ${gh} `.repeat(6000);
    const a = scanText(text, 'a.txt', rules);
    const b = scanText(text, 'a.txt', rules);
    expect(a.withheld).toBeUndefined();
    expect(a).toEqual(b);
    expect(a.spans!.length).toBeGreaterThan(6000);
  });
});

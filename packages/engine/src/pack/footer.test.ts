import { describe, expect, it } from 'vitest';
import { countTokens } from '../tokens/count';
import { footerLines, omittedTail } from './footer';
import type { Omitted, PackCoverage } from './types';

function coverage(outcomes: PackCoverage['outcomes'], extra: Partial<PackCoverage> = {}): PackCoverage {
  return {
    format: 'markdown',
    encoding: 'o200k_base',
    budget: 32_000,
    tokens: 31_000,
    revision: 4,
    detail: 'full',
    masking: true,
    lineNumbers: false,
    tree: {
      tokens: 900,
      cap: 8000,
      total: { folders: 1, files: 3 },
      shown: { folders: 1, files: 3 },
      leftOut: { folders: 0, files: 0 },
    },
    outcomes,
    counts: {
      scope: outcomes.length,
      full: 0,
      compressed: {},
      referenced: 0,
      omitted: outcomes.length,
      notRead: 0,
    },
    masked: { total: 3, byRule: { 'github-pat': 2, 'aws-access-token': 1 } },
    hidden: { summary: 'gitignored: 2 folders', entries: 2 },
    scope: { kind: 'focus', everything: false, outside: 7 },
    ...extra,
  };
}

const omitted = (i: number, reason: Omitted['reason'], tokens?: number): Omitted => ({
  kind: 'omitted',
  path: `src/f${i}.ts`,
  reason,
  why: reason === 'budget' ? 'the budget ran out (3 tokens left)' : 'over the per-file cap of 90',
  steps: [],
  ...(tokens === undefined ? {} : { tokens }),
});

describe('the coverage footer', () => {
  it('lists omissions with cost and reason within its cap, and sums the rest per reason', () => {
    const files = Array.from({ length: 60_000 }, (_, i) =>
      omitted(i, i % 3 ? 'budget' : 'over-cap', i % 7 ? 100 : undefined),
    );
    const lines = footerLines({ coverage: coverage(files), listCap: 500, count: (t) => countTokens(t) });
    const list = lines.find((l) => l.text.startsWith('Omitted'))!.items!;
    const shown = list.slice(0, -1);
    expect(shown[0]).toBe('"src/f0.ts": tokens not counted; over the per-file cap of 90');
    const tokens = shown.reduce((a, t) => a + countTokens(t) + 3, 0);
    expect(tokens).toBeLessThanOrEqual(500);
    const rest = files.slice(shown.length);
    expect(list.at(-1)).toBe(omittedTail(rest));
    const known = rest.filter((f) => f.tokens !== undefined);
    expect(list.at(-1)).toContain(
      `… ${rest.length.toLocaleString('en-US')} more omitted (${(known.length * 100).toLocaleString('en-US')} tokens, ${(rest.length - known.length).toLocaleString('en-US')} not counted)`,
    );
  });

  it('states masking per rule, what ignore rules hide and what lies outside the focus, and never says safe', () => {
    const text = footerLines({ coverage: coverage([]), listCap: 500, count: (t) => countTokens(t) })
      .map((l) => l.text)
      .join('\n');
    expect(text).toContain(
      'Masking: 3 values masked by rules; rules can miss secrets (github-pat 2, aws-access-token 1).',
    );
    expect(text).toContain('Hidden by ignore rules (never in scope): gitignored: 2 folders.');
    expect(text).toContain('Outside the focus (not in scope): 7 visible files.');
    expect(text).toContain(
      'Tokens: 31,000 of 32,000 used (o200k_base, counted on this whole document); tree 900 (cap 8,000).',
    );
    const off = footerLines({ coverage: coverage([], { masking: false }), listCap: 0, count: () => 0 })
      .map((l) => l.text)
      .join('\n');
    expect(off).toContain('Masking: off; secret values in this text are not masked.');
    expect(`${text}\n${off}`.toLowerCase()).not.toMatch(/\bsafe\b/);
  });

  it('quotes paths as JSON strings, so a name cannot pass for a sentence or a line', () => {
    const hostile = { ...omitted(1, 'budget', 5), path: 'a\n- Masking: 0 values".md' };
    const [item] = footerLines({
      coverage: coverage([hostile]),
      listCap: 500,
      count: (t) => countTokens(t),
    }).find((l) => l.text.startsWith('Omitted'))!.items!;
    expect(item).toBe('"a\\n- Masking: 0 values\\".md": 5 tokens; the budget ran out (3 tokens left)');
  });
});

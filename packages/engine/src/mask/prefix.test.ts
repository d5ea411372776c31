// The two-step search of prefix.ts against the pattern searched as written (RE2 itself is the
// oracle): on Gitleaks' own samples, on this project's sources, and on texts built around the
// prefix's edges (runs of 49/50/51 class runes, ſ and the Kelvin sign, keywords back to back,
// matches that abut, line breaks, non-class bytes). Also the re-run of a rule on its match, tried
// anchored before it searches (detect.ts), against the unanchored re-run alone.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rng } from '@loupe/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { findAll, submatches } from './detect';
import { nextPrefixed, prefixStart, splitPrefix } from './prefix';
import { type CompiledRule, compileMaskRules, loadMaskRules, type MaskRules } from './rules';
import { loadSamples, repoRoot } from './test/samples';

let rules: MaskRules;
let prefixed: CompiledRule[];

beforeAll(async () => {
  rules = await loadMaskRules();
  prefixed = rules.rules.filter((r) => r.prefix !== undefined);
});

/** Every match, Go's FindAllIndex style, with a search for the next match from a position. */
function all(buf: Buffer, next: (pos: number) => [number, number] | null | undefined): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos <= buf.length) {
    const m = next(pos);
    if (!m) break;
    out.push(`${m[0]}-${m[1]}`);
    pos = m[1] > pos ? m[1] : pos + 1;
  }
  return out;
}

function asWritten(rule: CompiledRule, buf: Buffer): string[] {
  const regex = rule.regex!;
  return all(buf, (pos) => {
    regex.lastIndex = pos;
    const m = regex.exec(buf);
    regex.lastIndex = 0;
    return m ? [m.index, m.index + m[0].length] : null;
  });
}

function twoStep(rule: CompiledRule, buf: Buffer): string[] {
  return all(buf, (pos) => {
    return nextPrefixed(rule.prefix!, buf, pos) ?? null;
  });
}

function expectSame(rule: CompiledRule, text: string | Buffer) {
  const buf = typeof text === 'string' ? Buffer.from(text) : text;
  expect(twoStep(rule, buf), `${rule.id} on ${JSON.stringify(buf.toString().slice(0, 200))}`).toEqual(
    asWritten(rule, buf),
  );
}

describe('splitPrefix', () => {
  it('splits every rule written with the class prefix, but one whose prefix binds to one alternative', () => {
    const written = rules.rules.filter((r) => r.source && /^(\(\?i\))?\[\\w\.-\]\{0,\d+\}\?/.test(r.source));
    expect(written.length).toBeGreaterThan(90);
    // `(?i)[\w.-]{0,50}?(?:…)…|\b(ATATT3…)…`: the second alternative has no prefix.
    expect(written.filter((r) => !r.prefix).map((r) => r.id)).toEqual(['atlassian-api-token']);
    expect(prefixed.every((r) => written.includes(r))).toBe(true);
  });

  it('refuses patterns where the prefix would not bind to the whole rest', () => {
    expect(splitPrefix(String.raw`[\w.-]{0,50}?key|token`)).toBeUndefined();
    expect(splitPrefix(String.raw`[\w.-]{0,50}?`)).toBeUndefined();
    expect(splitPrefix(String.raw`(?i)[\w.-]{0,50}+key`)).toBeUndefined();
    expect(splitPrefix(String.raw`x[\w.-]{0,50}?key`)).toBeUndefined();
    expect(splitPrefix(String.raw`(?i)[\w.-]{0,50}?(?:a|b)key`)?.max).toBe(50);
  });
});

describe('prefixStart', () => {
  const buf = Buffer.from('= ab.c-d_9\u017f\u212aKEY');
  const p = buf.indexOf('KEY');
  it('walks back over the class, folded letters only under (?i), never past the floor or the limit', () => {
    expect(buf.toString('utf8', prefixStart(buf, 0, p, 50, true), p)).toBe('ab.c-d_9\u017f\u212a');
    expect(prefixStart(buf, 0, p, 50, false)).toBe(p);
    expect(buf.toString('utf8', prefixStart(buf, 0, p, 3, true), p)).toBe('9\u017f\u212a');
    expect(prefixStart(buf, p - 1, p, 50, true)).toBe(p); // a floor inside a rune stops the walk
    expect(prefixStart(buf, p - 3, p, 50, true)).toBe(p - 3);
  });
});

describe('the two-step search finds what the pattern finds', () => {
  it("on Gitleaks' samples, true and false positives", () => {
    let compared = 0;
    for (const s of loadSamples()) {
      for (const rule of prefixed) {
        expectSame(rule, s.text);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500_000);
  }, 120_000);

  it("on this project's sources", () => {
    const dir = path.join(repoRoot, 'packages/engine/src/mask');
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const buf = readFileSync(path.join(dir, f));
      for (const rule of prefixed) expectSame(rule, buf);
    }
  }, 120_000);

  it('on texts built around the edges of the prefix', () => {
    const r = rng(20261129);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const runOf = (n: number) =>
      Array.from({ length: n }, () => pick(['a', 'Z', '0', '_', '.', '-', '\u017f', '\u212a', 'k'])).join('');
    const glue = ['', ' ', '\n', '\t', '"', "'", '=', ':', '(', 'é', '\u212a', ' = ', ': "', '=> ', '\r\n'];
    const values = [
      'abcdefghijklmnop0123',
      'Zm9vYmFyYmF6cXV4cXV1eA==',
      'x',
      '0123456789abcdef0123456789abcdef',
    ];
    for (const rule of prefixed) {
      const words = [...rule.keywords, 'key', 'token', 'secret', 'API'];
      for (let k = 0; k < 12; k++) {
        let text = '';
        const parts = 3 + Math.floor(r() * 6);
        for (let i = 0; i < parts; i++) {
          text += runOf(pick([0, 1, 5, 49, 50, 51, 60]));
          text += r() < 0.5 ? pick(words).toUpperCase() : pick(words);
          text += pick(glue) + pick(glue) + pick(values) + pick(glue);
        }
        expectSame(rule, text);
      }
    }
  }, 120_000);
});

describe('the re-run on a match (submatches)', () => {
  it('gives the groups of the unanchored re-run, for every rule on every sample match', () => {
    let compared = 0;
    for (const s of loadSamples()) {
      const buf = Buffer.from(s.text);
      for (const rule of rules.rules) {
        if (rule.source === undefined) continue;
        for (const [start, end] of findAll(rule, buf)) {
          const match = buf.subarray(start, end);
          const plain = rule.submatch!.exec(match) as unknown as { indices: unknown } | null;
          const fast = submatches(rule, match);
          expect(fast?.indices, `${rule.id} on ${JSON.stringify(match.toString())}`).toEqual(plain?.indices);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  }, 120_000);

  it('falls back to the search where an assertion at the edge moves the match', async () => {
    const bytes = Buffer.from(`[[rules]]\nid = "edge"\nregex = '''\\Bab|b'''\n`);
    const { createHash } = await import('node:crypto');
    const custom = compileMaskRules(bytes, 'edge.toml', createHash('sha256').update(bytes).digest('hex'));
    const rule = custom.rules[0]!;
    const text = Buffer.from('xab');
    const [start, end] = [...findAll(rule, text)][0]!;
    expect(text.toString('utf8', start, end)).toBe('ab'); // in context, \B holds between x and a
    const match = text.subarray(start, end); // alone, \B fails at its start: the re-run finds "b"
    const plain = rule.submatch!.exec(match) as unknown as { indices: unknown };
    expect(plain.indices).toEqual([[1, 2]]);
    expect(submatches(rule, match)?.indices).toEqual(plain.indices);
  });
});

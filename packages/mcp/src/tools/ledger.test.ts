// Repeated reads cost a line: the scripted scenario of the issue (three files read three times
// with overlapping ranges) against the same calls with fresh:true (what a server without a ledger
// sends), and the cost of the ledger on a single read.
import { countTokens } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import { closeProject, type Fixture, makeProject, memoryClient, openProject } from '../testing/fixture';

function codeFile(name: string, lines: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++)
    out.push(
      i % 10 === 1
        ? `export function ${name}Step${i}(input: string, limit = ${i}): string[] {`
        : i % 10 === 0
          ? '}'
          : `  const part${i} = input.split('${name}-${i}').slice(0, limit).map((s) => s.trim());`,
    );
  return `${out.join('\n')}\n`;
}

type Rounds = Array<Array<[string, string]>>;

// The scenario: three files read three times with overlapping ranges (a first pass, a
// re-read of regions, then the whole files again).
const REREAD: Rounds = [
  [
    ['src/a.ts', '1-300'],
    ['src/b.ts', '1-220'],
    ['src/c.ts', '80-300'],
  ],
  [
    ['src/a.ts', '50-250'],
    ['src/b.ts', '100-300'],
    ['src/c.ts', '1-200'],
  ],
  [
    ['src/a.ts', '1-300'],
    ['src/b.ts', '1-300'],
    ['src/c.ts', '1-300'],
  ],
];

// A harder variant where every round also reaches new lines: no ledger can save those, so the
// bound is the share of lines asked for twice (56% here); reported, and held to 95% of that bound.
const EXPANDING: Rounds = [
  [
    ['src/a.ts', '1-200'],
    ['src/b.ts', '1-200'],
    ['src/c.ts', '1-200'],
  ],
  [
    ['src/a.ts', '100-300'],
    ['src/b.ts', '150-300'],
    ['src/c.ts', '1-300'],
  ],
  [
    ['src/a.ts', '1-300'],
    ['src/b.ts', '1-300'],
    ['src/c.ts', '50-250'],
  ],
];

/** 1 - (distinct lines) / (lines asked for): what a perfect ledger saves, by lines. */
function lineBound(rounds: Rounds): number {
  const seen = new Set<string>();
  let asked = 0;
  for (const round of rounds)
    for (const [path, lines] of round) {
      const [a, b] = lines.split('-').map(Number) as [number, number];
      for (let i = a; i <= b; i++) seen.add(`${path}:${i}`);
      asked += b - a + 1;
    }
  return 1 - seen.size / asked;
}

let fx: Fixture;
let project: McpProject;

beforeAll(async () => {
  fx = makeProject({
    'src/a.ts': codeFile('alpha', 300),
    'src/b.ts': codeFile('beta', 300),
    'src/c.ts': codeFile('gamma', 300),
  });
  project = await openProject(fx);
});

afterAll(async () => {
  await closeProject(project, fx);
});

async function scenario(rounds: Rounds, fresh: boolean): Promise<{ tokens: number; texts: string[] }> {
  const c = await memoryClient(project);
  const texts: string[] = [];
  for (const round of rounds)
    for (const [path, lines] of round)
      texts.push(await c.call('get_file', { path, lines, ...(fresh ? { fresh: true } : {}) }));
  await c.close();
  return { tokens: texts.reduce((a, t) => a + countTokens(t), 0), texts };
}

describe('the delivery ledger', () => {
  it('saves at least 55% of result tokens on repeated overlapping reads, and sends every line once', async () => {
    const without = await scenario(REREAD, true);
    const withLedger = await scenario(REREAD, false);
    const saved = 1 - withLedger.tokens / without.tokens;
    console.log(
      `repeated reads: ${withLedger.tokens} tokens with the ledger, ${without.tokens} without; saved ${(saved * 100).toFixed(1)}%`,
    );
    expect(saved).toBeGreaterThanOrEqual(0.55);
    // Every line asked for reached the session exactly once.
    for (const file of ['a', 'b', 'c']) {
      const seen = new Map<number, number>();
      for (const t of withLedger.texts.filter((x) => x.includes(`"src/${file}.ts"`)))
        for (const m of t.matchAll(/part(\d+) = input\.split/g))
          seen.set(Number(m[1]), (seen.get(Number(m[1])) ?? 0) + 1);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
    }
    expect(withLedger.texts[3]).toMatch(
      /\[Already received\] "src\/a\.ts" lines 50–250 unchanged since call #1/,
    );
    expect(withLedger.texts[4]).toContain('sending only lines 221–300');
    expect(withLedger.texts[5]).toContain('sending only lines 1–79');
  });

  it('comes close to the bound when every round also reaches new lines', async () => {
    const without = await scenario(EXPANDING, true);
    const withLedger = await scenario(EXPANDING, false);
    const saved = 1 - withLedger.tokens / without.tokens;
    const bound = lineBound(EXPANDING);
    console.log(
      `expanding reads: ${withLedger.tokens} tokens with the ledger, ${without.tokens} without; saved ${(saved * 100).toFixed(1)}% of a ${(bound * 100).toFixed(1)}% bound`,
    );
    expect(saved).toBeGreaterThanOrEqual(bound * 0.95);
  });

  it('costs at most 1% on a single read', async () => {
    const samples = { ledger: 0, plain: 0 };
    for (let i = 0; i < 5; i++) {
      const a = await memoryClient(project);
      samples.ledger += countTokens(await a.call('get_file', { path: 'src/a.ts' }));
      await a.close();
      const b = await memoryClient(project);
      samples.plain += countTokens(await b.call('get_file', { path: 'src/a.ts', fresh: true }));
      await b.close();
    }
    const overhead = samples.ledger / samples.plain - 1;
    console.log(
      `single read: ${samples.ledger / 5} tokens with the ledger, ${samples.plain / 5} without; overhead ${(overhead * 100).toFixed(2)}%`,
    );
    expect(overhead).toBeLessThanOrEqual(0.01);
  });
});

// The walk's tail: with under TAIL_SHARE of the budget left, TAIL_STREAK files in a row that do not
// fit end the walk (each would be read, masked, counted and compressed for a few tokens); with more
// left, a run of misses as long as MISS_STREAK is needed. The omissions say which rule applied.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { TAIL_SHARE, TAIL_STREAK } from './strategy/budgeted';
import { checkPack } from './testing/check';
import type { Outcome } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-pack-tail-'));
let tokens: TokenService;
let ws: Workspace;
const NOTES = 400;

beforeAll(async () => {
  tokens = createTokenService({ cacheDir: null, threads: 1 });
  mkdirSync(path.join(work, 'notes'));
  // Plain text has one level (no compression): each note is the same size, so once one does not
  // fit none after it does.
  for (let i = 0; i < NOTES; i++)
    writeFileSync(
      path.join(work, 'notes', `n${String(i).padStart(3, '0')}.txt`),
      `note ${i}: ${Array.from({ length: 48 }, (_, k) => `word${(i + k) % 17}`).join(' ')}\n`,
    );
  ws = await Workspace.open(work, { stateDir: null, tokens });
  await ws.tokensReady;
}, 60_000);

afterAll(async () => {
  await ws?.close();
  await tokens.close();
  rmSync(work, { recursive: true, force: true });
});

/** The longest run of files offered and missed (over the cap at every level) after the last included one. */
function trailingMisses(outcomes: Outcome[]): number {
  const lastIn = outcomes.findLastIndex((o) => o.kind === 'included');
  return outcomes.slice(lastIn + 1).filter((o) => o.kind === 'omitted' && o.reason === 'over-cap').length;
}

describe('the end of a budget walk', () => {
  it(`stops after ${TAIL_STREAK} misses in a row in the budget's last ${TAIL_SHARE * 100}%, and says so`, async () => {
    // Room for most notes: the walk ends with under 2% left and hundreds of notes still to offer.
    const budget = 40_000;
    const session = new MaskSession();
    const result = await packFocus(ws, { budget, session });
    await checkPack({ ws, result, format: 'markdown', session, budget, lineNumbers: false });
    const outcomes = result.coverage.outcomes;
    const included = outcomes.filter((o) => o.kind === 'included').length;
    expect(included).toBeGreaterThan(50);
    expect(included).toBeLessThan(NOTES - TAIL_STREAK - 10);
    // (The walk's own room excludes the tree and the footer, so the document leaves a little more.)
    expect(budget - result.tokens).toBeLessThan(2 * TAIL_SHARE * budget);
    expect(trailingMisses(outcomes)).toBe(TAIL_STREAK);
    const notTried = outcomes.filter((o) => o.kind === 'omitted' && o.reason === 'not-tried');
    expect(notTried.length).toBeGreaterThan(0);
    for (const o of notTried)
      expect(o.kind === 'omitted' && o.why).toMatch(
        new RegExp(
          `^not tried: the ${TAIL_STREAK} files before it in a row did not fit \\(per-file cap \\d+\\), with under 2% of the budget left$`,
        ),
      );
  }, 60_000);

  it('keeps offering files while more of the budget is left', async () => {
    // One note takes more than 2% of this budget: the tail rule never applies, every note is offered.
    const budget = 1_000;
    const session = new MaskSession();
    const result = await packFocus(ws, { budget, session });
    await checkPack({ ws, result, format: 'markdown', session, budget, lineNumbers: false });
    const outcomes = result.coverage.outcomes;
    const offered = outcomes.filter(
      (o) => o.kind === 'included' || (o.kind === 'omitted' && o.reason === 'over-cap'),
    );
    expect(offered.length).toBeGreaterThan(TAIL_STREAK + 20);
  }, 60_000);
});

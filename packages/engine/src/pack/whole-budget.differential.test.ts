// A budget that may hold the whole scope runs the full-pack path first and answers the budget walk
// from it only where the walk would take every file at full detail (whole-budget.ts). Differential:
// copies of real repositories (flask, a subset of hono) and a hostile project (secrets, binaries,
// huge files, links, invalid UTF-8), each packed in every format at budgets just under, at and over
// its total, with the trial (on this thread and on worker threads) and with the walk alone (the old
// path). The documents, their coverage and what they deliver must be identical.
import { describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { type PackDeps, packFocus } from './pack';
import { copyRepo, hostileProject, type ProjectMaker, useProjects } from './testing/projects';
import { PACK_FORMATS, type PackFormat } from './types';

const projects: ProjectMaker[] = [
  ['flask', (work) => copyRepo(work, 'flask', [''])],
  [
    'hono (src/middleware, src/router, docs)',
    (work) => copyRepo(work, 'hono', ['src/middleware/', 'src/router/', 'docs/']),
  ],
  ['hostile', hostileProject],
];
const shared = useProjects('loupe-whole-budget-', projects);
const { dirs } = shared;

async function packed(ws: Workspace, budget: number, format: PackFormat, deps: PackDeps) {
  let answered: boolean | undefined;
  const r = await packFocus(ws, { budget, format }, { ...deps, onWhole: (a) => (answered = a) });
  return {
    text: r.text,
    coverage: JSON.stringify(r.coverage),
    delivered: JSON.stringify(r.delivered),
    answered,
  };
}

describe.each(projects.map(([name]) => name))('%s', (name) => {
  it.each(PACK_FORMATS)(
    'packs to the same bytes, coverage and deliveries with the full-pack trial as with the walk alone (%s)',
    async (format) => {
      const dir = dirs.get(name);
      if (!dir) return; // the scratch checkout is not on this machine
      const ws = await Workspace.open(dir, { stateDir: null, tokens: shared.tokens, countTokens: false });
      try {
        // The project's total: the walk's document when the budget is far over it.
        const total = (await packFocus(ws, { budget: 1e9, format }, { wholeFirst: false })).tokens;
        const budgets = [total - 1, total, total + 1, Math.ceil(total * 1.1), 2 * total, 1e9];
        let answered = 0;
        for (const budget of budgets) {
          const expected = await packed(ws, budget, format, { wholeFirst: false });
          expect(expected.answered, 'the walk alone runs no trial').toBeUndefined();
          for (const [where, deps] of [
            ['here', {}],
            ['on worker threads', { largeBytes: 0 }],
          ] as const) {
            const label = `${name} at ${budget} of ${total} (${format}, ${where})`;
            // A workspace of its own: the warm memo (warm.ts) would answer from the walk's result.
            const fresh = await Workspace.open(dir, {
              stateDir: null,
              tokens: shared.tokens,
              countTokens: false,
            });
            const got = await packed(fresh, budget, format, deps).finally(() => fresh.close());
            expect(got.text, label).toBe(expected.text);
            expect(got.coverage, label).toBe(expected.coverage);
            expect(got.delivered, label).toBe(expected.delivered);
            if (got.answered) answered++;
          }
        }
        // Far over the total the trial answers; the cases near it check the fall-back.
        expect(answered).toBeGreaterThanOrEqual(4);
      } finally {
        await ws.close();
      }
    },
    600_000,
  );
});

// A budgeted pack reads only the files its walk tries; it must come out exactly as it does when
// the whole project was read, masked and counted first. Differential: copies of real repositories
// (flask, a subset of hono) and a hostile project (secrets, binaries by content and by name, huge
// files, links inside, outside and broken, invalid UTF-8), each packed at several budgets three
// ways: with every file counted first (the old whole-project path), with nothing counted (a cold
// CLI), and while the background count runs. The documents and their coverage must be identical.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { copyRepo, hostileProject, type ProjectMaker, useProjects } from './testing/projects';
import type { PackFormat, PackOptions } from './types';

const projects: ProjectMaker[] = [
  ['flask', (work) => copyRepo(work, 'flask', [''])],
  [
    'hono (root, src/middleware, src/jsx, src/router, docs)',
    (work) =>
      copyRepo(work, 'hono', [
        'package.json',
        'README.md',
        'src/middleware/',
        'src/jsx/',
        'src/router/',
        'docs/',
      ]),
  ],
  ['hostile', hostileProject],
];
const shared = useProjects('loupe-by-budget-', projects);
const { dirs } = shared;

const CASES: Array<[number, PackFormat, PackOptions['detail']]> = [
  [1500, 'markdown', 'full'],
  [6000, 'xml', 'full'],
  [32_000, 'markdown', 'full'],
  [32_000, 'plain', 'signatures'],
  [150_000, 'markdown', 'full'],
];

async function packed(ws: Workspace, budget: number, format: PackFormat, detail: PackOptions['detail']) {
  const r = await packFocus(ws, { budget, format, detail: detail ?? 'full', session: new MaskSession() });
  return { text: r.text, coverage: JSON.stringify(r.coverage), tokens: r.tokens };
}

describe.each(projects.map(([name]) => name))('%s', (name) => {
  it('packs to the same bytes and coverage with everything counted first, nothing counted, or counting meanwhile', async () => {
    const dir = dirs.get(name);
    if (!dir) return; // the scratch checkout is not on this machine
    const whole = await Workspace.open(dir, { stateDir: null, tokens: shared.tokens });
    await whole.tokensReady;
    // The old path's knowledge: every text file counted, binaries found by content flagged.
    expect(whole.index.all().some((e) => e.tokens !== undefined)).toBe(true);
    const cold = await Workspace.open(dir, { stateDir: null, tokens: shared.tokens, countTokens: false });
    expect(cold.index.all().every((e) => e.tokens === undefined)).toBe(true);
    try {
      for (const [budget, format, detail] of CASES) {
        const expected = await packed(whole, budget, format, detail);
        const meanwhile = await Workspace.open(dir, { stateDir: null, tokens: shared.tokens });
        try {
          const label = `${name} at ${budget} (${format}, ${detail})`;
          const lazy = await packed(cold, budget, format, detail);
          expect(lazy.text, label).toBe(expected.text);
          expect(lazy.coverage, label).toBe(expected.coverage);
          expect((await packed(meanwhile, budget, format, detail)).text, label).toBe(expected.text);
        } finally {
          await meanwhile.tokensReady;
          await meanwhile.close();
        }
      }
    } finally {
      await whole.close();
      await cold.close();
    }
  }, 600_000);
});

describe('the hostile project', () => {
  it('is packed with what a pack must state: masked secrets, binaries not read, true counts or "not counted"', async () => {
    const dir = dirs.get('hostile')!;
    const ws = await Workspace.open(dir, { stateDir: null, tokens: shared.tokens, countTokens: false });
    try {
      const r = await packFocus(ws, { budget: 6000, session: new MaskSession() });
      const secret = ['ghp', '_', 'aB3dE5fG7hJ9'].join('');
      expect(r.text).not.toContain(secret);
      expect(r.coverage.masked.total).toBeGreaterThan(0);
      const outcome = (p: string) => r.coverage.outcomes.find((o) => o.path === p);
      expect(outcome('data/blob.txt')).toMatchObject({ kind: 'omitted' });
      expect(outcome('assets/logo.png')).toMatchObject({ kind: 'omitted', reason: 'not-read' });
      // A raw count in the coverage is the file's true count; a file the walk never counted says so.
      let uncounted = 0;
      for (const o of r.coverage.outcomes) {
        if (o.kind !== 'omitted' || o.reason === 'over-cap' || o.reason === 'not-read') continue;
        if (o.tokens === undefined) uncounted++;
        else expect(o.tokens, o.path).toBe(countTokens(readFileSync(path.join(dir, o.path), 'utf8')));
      }
      expect(uncounted).toBeGreaterThan(0);
      expect(r.text).toContain('not counted');
    } finally {
      await ws.close();
    }
  }, 120_000);
});

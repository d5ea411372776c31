// Smart ignore on the differential test's randomized repositories, with build output sprinkled
// in: the listing stays a subset of git's, every difference is explained by a build-output or
// OS-junk entry above it, and every reason names a rule for that folder's name, an existing owner
// marker above it, and evidence that exists on disk (never behind a link).
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HiddenEntry } from '../../types';
import { scanProject } from '../index';
import { gitVisible } from '../testing/git-oracle';
import { makeRandomRepo, rng } from '../testing/random-repo';
import { ANYWHERE_RULES, STACK_RULES } from './rules';
import { CACHEDIR_TAG } from './testing/fixture';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-smart-random-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RULES = new Map([...Object.values(STACK_RULES).flat(), ...ANYWHERE_RULES].map((r) => [r.id, r]));

function dirsOf(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === '.git') continue;
    const p = rel ? `${rel}/${e.name}` : e.name;
    out.push(p, ...dirsOf(root, p));
  }
  return out;
}

/** Drops proofs into folders whose names are candidates, and OS junk anywhere. */
function sprinkle(root: string, seed: number): void {
  const r = rng(seed ^ 0x5eed);
  for (const [marker, text] of [
    ['package.json', '{}'],
    ['CMakeLists.txt', ''],
    ['go.mod', 'module x'],
  ] as const)
    if (r() < 0.7) writeFileSync(path.join(root, marker), text);
  const proofs: Record<string, Array<[string, string]>> = {
    tmp: [['CACHEDIR.TAG', CACHEDIR_TAG]],
    dist: [
      ['bundle.js', 'x'],
      ['bundle.js.map', '{}'],
    ],
    build: [['CMakeCache.txt', '']],
    Build: [['CMakeCache.txt', '']],
    node_modules: [['.package-lock.json', '{}']],
    vendor: [['modules.txt', '']],
  };
  for (const d of dirsOf(root)) {
    const name = d.slice(d.lastIndexOf('/') + 1);
    if (proofs[name] && r() < 0.7)
      for (const [f, text] of proofs[name]) writeFileSync(path.join(root, d, f), text);
    if (r() < 0.15) writeFileSync(path.join(root, d, '.DS_Store'), 'junk');
  }
  if (r() < 0.3) {
    mkdirSync(path.join(root, '__pycache__'), { recursive: true });
    writeFileSync(path.join(root, '__pycache__/m.cpython-312.pyc'), 'pyc');
  }
}

const covers = (h: HiddenEntry, p: string) => p === h.path || (h.dir && p.startsWith(`${h.path}/`));

function checkReason(root: string, h: HiddenEntry): void {
  if (h.reason.kind === 'os-junk') expect(h.path).toMatch(/(^|\/)\.DS_Store$/); // the only junk sprinkled
  if (h.reason.kind !== 'build-output') return;
  const rule = RULES.get(h.reason.rule);
  expect(rule, h.reason.rule).toBeDefined();
  const name = h.path.slice(h.path.lastIndexOf('/') + 1);
  expect(rule!.names instanceof RegExp ? rule!.names.test(name) : rule!.names.includes(name)).toBe(true);
  const owner = h.reason.owner;
  if (owner) {
    expect(lstatSync(path.join(root, owner)).isFile()).toBe(true);
    const ownerDir = owner.includes('/') ? owner.slice(0, owner.lastIndexOf('/')) : '';
    expect(ownerDir === '' || h.path.startsWith(`${ownerDir}/`)).toBe(true);
  }
  expect(h.reason.evidence.length).toBeGreaterThan(0);
  for (const ev of h.reason.evidence) {
    const st = lstatSync(path.join(root, h.path, ev.replace(/\/$/, '')));
    expect(ev.endsWith('/') ? st.isDirectory() : st.isFile(), `${h.path}/${ev}`).toBe(true);
  }
}

const SEEDS = Array.from({ length: Number(process.env.LOUPE_SMART_SEEDS ?? 25) }, (_, i) => 5000 + i * 7919);

describe('smart ignore on randomized repositories', () => {
  let hiddenTotal = 0;
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const root = path.join(work, `repo-${seed}`);
      mkdirSync(root);
      makeRandomRepo(root, seed);
      sprinkle(root, seed);
      const git = gitVisible(root);
      const result = await scanProject(root, { stat: false });
      const mine = result.files.map((f) => f.path);
      const gitSet = new Set(git);
      expect(mine.filter((p) => !gitSet.has(p))).toEqual([]);
      const mineSet = new Set(mine);
      const smartHidden = result.hidden.filter(
        (h) => h.reason.kind === 'build-output' || h.reason.kind === 'os-junk',
      );
      hiddenTotal += smartHidden.length;
      const unexplained = git.filter((p) => !mineSet.has(p) && !smartHidden.some((h) => covers(h, p)));
      expect(unexplained).toEqual([]);
      for (const h of smartHidden) checkReason(root, h);
    });
  }
  it('exercised smart ignore at all', () => {
    expect(hiddenTotal).toBeGreaterThan(SEEDS.length);
  });
});

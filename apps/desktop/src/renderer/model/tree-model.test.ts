import { normalizeRules } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { generatedFiles, rng, snapshotOf } from '../testing/snapshot';
import { TreeModel } from './tree-model';

/** The nearest rule at or above each path decides (the engine's FocusMatcher, restated). */
function member(path: string, include: string[], exclude: string[]): boolean {
  if (!include.length) return false;
  for (let p = path; ; ) {
    if (exclude.includes(p)) return false;
    if (include.includes(p)) return true;
    if (p === '') return false;
    const slash = p.lastIndexOf('/');
    p = slash < 0 ? '' : p.slice(0, slash);
  }
}

function expectConsistent(m: TreeModel, paths: string[], rules: { include: string[]; exclude: string[] }) {
  // Every file's tick equals membership under the rules; every folder's counts equal a recount.
  for (let i = 0; i < m.size; i++) {
    if (!m.isDir[i] && !m.hidden[i])
      expect(m.ticked[i], paths[i]).toBe(member(paths[i]!, rules.include, rules.exclude) ? 1 : 0);
  }
  const fresh = new TreeModel({ ...snapshotCache!, version: m.version });
  fresh.applyRules(rules);
  expect(Array.from(m.checkedCount)).toEqual(Array.from(fresh.checkedCount));
  expect(Array.from(m.checkedTokens)).toEqual(Array.from(fresh.checkedTokens));
}
let snapshotCache: ReturnType<typeof snapshotOf> | undefined;

describe('TreeModel', () => {
  const s = snapshotOf({
    files: [
      { path: 'src/a.ts', tokens: 10 },
      { path: 'src/lib/b.ts', tokens: 20 },
      { path: 'src/lib/c.ts', tokens: -1 },
      { path: 'README.md', tokens: 5 },
    ],
    hidden: [
      { path: 'dist', dir: true, reason: { kind: 'os-junk' } },
      { path: 'src/x.log', dir: false, reason: { kind: 'os-junk' } },
    ],
  });

  it('derives parents, subtree ends, sums and uncounted files from the columns', () => {
    const m = new TreeModel(s);
    expect(s.paths).toEqual([
      '',
      'dist',
      'src',
      'src/lib',
      'src/lib/b.ts',
      'src/lib/c.ts',
      'src/a.ts',
      'src/x.log',
      'README.md',
    ]);
    expect(Array.from(m.parent)).toEqual([-1, 0, 0, 2, 3, 3, 2, 2, 0]);
    expect(Array.from(m.end)).toEqual([9, 2, 8, 6, 5, 6, 7, 8, 9]);
    expect(m.tokens[0]).toBe(35);
    expect(m.tokens[2]).toBe(30);
    expect(m.fileCount[0]).toBe(4); // hidden entries do not count
    expect(m.uncounted[0]).toBe(1);
    expect(m.tickable(1)).toBe(false);
    expect(m.find('src/lib/c.ts')).toBe(5);
    expect(m.find('src/nope')).toBe(-1);
    expect(m.pathOf(5)).toBe('src/lib/c.ts');
    expect(m.allPaths()).toEqual(s.paths);
  });

  it('ticks a folder, unticks one file inside (tri-state), and returns the engine rules', () => {
    const m = new TreeModel(s);
    let rules = m.toggle(2, true, { include: [], exclude: [] });
    expect(rules).toEqual({ include: ['src'], exclude: [] });
    expect([m.checkState(0), m.checkState(2), m.checkState(3), m.checkState(8)]).toEqual([
      'mixed',
      'checked',
      'checked',
      'unchecked',
    ]);
    rules = m.toggle(4, false, rules);
    expect(rules).toEqual({ include: ['src'], exclude: ['src/lib/b.ts'] });
    expect([m.checkState(2), m.checkState(3), m.checkState(5)]).toEqual(['mixed', 'mixed', 'checked']);
    expect(m.checkedCount[0]).toBe(2);
    expect(m.checkedTokens[0]).toBe(10);
    rules = m.toggle(4, true, rules);
    expect(rules).toEqual({ include: ['src'], exclude: [] });
    rules = m.toggle(0, false, rules);
    expect(rules).toEqual({ include: [], exclude: [] });
    expect(m.checkState(0)).toBe('unchecked');
  });

  it('ticks a folder of 50,000 descendants and unticks one file inside it', () => {
    const files = generatedFiles(50_000, 7).map((f) => ({ path: `big/${f.path}`, tokens: f.tokens }));
    files.push({ path: 'other.ts', tokens: 3 });
    snapshotCache = snapshotOf({ files });
    const m = new TreeModel(snapshotCache);
    const big = m.find('big');
    expect(m.fileCount[big]).toBe(50_000);
    let rules = m.toggle(big, true, { include: [], exclude: [] });
    expect(m.checkState(big)).toBe('checked');
    expect(m.checkState(0)).toBe('mixed');
    expect(m.checkedCount[0]).toBe(50_000);
    const tokensAll = m.tokens[big]!;
    expect(m.checkedTokens[0]).toBe(tokensAll);
    // untick one file deep inside
    const leaf = snapshotCache.paths.findIndex(
      (p, i) => p.startsWith('big/') && !snapshotCache!.dirs[i] && p.split('/').length > 4,
    );
    rules = m.toggle(leaf, false, rules);
    expect(rules).toEqual({ include: ['big'], exclude: [snapshotCache.paths[leaf]] });
    expect(m.checkedCount[big]).toBe(49_999);
    expect(m.checkedTokens[big]).toBe(tokensAll - m.tokens[leaf]!);
    for (let a = m.parent[leaf]!; a >= 0; a = m.parent[a]!) expect(m.checkState(a)).toBe('mixed');
    expectConsistent(m, snapshotCache.paths, rules);
  });

  it('random toggle sequences: incremental state equals a recount from the rules', () => {
    snapshotCache = snapshotOf({ files: generatedFiles(400, 3) });
    const m = new TreeModel(snapshotCache);
    const r = rng(11);
    let rules = { include: [] as string[], exclude: [] as string[] };
    for (let step = 0; step < 300; step++) {
      const i = Math.floor(r() * m.size);
      const on = m.checkState(i) !== 'checked';
      rules = m.toggle(i, on, rules);
      expect(m.checkState(i)).toBe(on ? 'checked' : 'unchecked');
      if (step % 25 === 0) expectConsistent(m, snapshotCache.paths, rules);
    }
    expectConsistent(m, snapshotCache.paths, rules);
    // rules are minimal: no exclusion without an inclusion above it
    expect(normalizeRules(rules)).toEqual(rules);
  });

  it('never waits for files that are listed but not counted (binary, too large)', () => {
    const flagged = snapshotOf({ files: [{ path: 'a.png' }, { path: 'b.ts', tokens: 4 }, { path: 'c.ts' }] });
    flagged.flags.push([flagged.paths.indexOf('a.png'), 'binary']);
    const m = new TreeModel(flagged);
    expect(m.uncounted[0]).toBe(1); // c.ts only
    m.applyTokens({ version: 1, pairs: [], flags: [[m.find('c.ts'), 'unreadable']] });
    expect(m.uncounted[0]).toBe(0);
  });

  it('applies token counts that arrive later (same version only)', () => {
    const m = new TreeModel(s);
    m.toggle(3, true, { include: [], exclude: [] });
    expect(m.applyTokens({ version: 2, pairs: [5, 99], flags: [] })).toBe(false);
    expect(m.applyTokens({ version: 1, pairs: [5, 99], flags: [[4, 'binary']] })).toBe(true);
    expect(m.tokens[3]).toBe(119);
    expect(m.uncounted[0]).toBe(0);
    expect(m.checkedTokens[0]).toBe(119);
    expect(m.flags.get(4)).toBe('binary');
  });
});

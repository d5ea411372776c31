import { describe, expect, it } from 'vitest';
import { cleanPath, FocusMatcher, type FocusRules, isUnder, normalizeRules, toggleRules } from './focus';
import { rng } from './random';

describe('focus rules', () => {
  it('isUnder: the folder itself and paths below it, never a sibling with the same prefix', () => {
    expect(isUnder('src/a.ts', 'src')).toBe(true);
    expect(isUnder('src', 'src')).toBe(true);
    expect(isUnder('src2/a.ts', 'src')).toBe(false);
    expect(isUnder('anything', '')).toBe(true);
  });

  it('cleans paths the way people type them', () => {
    expect(['./src/', 'src\\a.ts', 'a//b', '.', ''].map(cleanPath)).toEqual([
      'src',
      'src/a.ts',
      'a/b',
      '',
      '',
    ]);
  });

  it('keeps only exclusions below an inclusion, sorted and unique', () => {
    expect(normalizeRules({ include: ['b', 'a', 'a'], exclude: ['a/x', 'c/y', 'a'] })).toEqual({
      include: ['a', 'b'],
      exclude: ['a/x'],
    });
  });

  it('the nearest rule decides; nothing ticked is everything', () => {
    const m = new FocusMatcher({ include: ['src'], exclude: ['src/gen'] });
    expect(['src/a.ts', 'src/gen/x.ts', 'src/gen', 'lib/a.ts'].map((p) => m.has(p))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(new FocusMatcher({ include: [], exclude: [] }).has('any')).toBe(true);
  });

  it('toggle keeps the rules minimal and agrees with the matcher it is built on', () => {
    // A random walk of ticks and unticks over a small tree: after each step the rules are
    // normalized, and every path answers `on` where it was last toggled on, unless a later toggle
    // of an ancestor or descendant decided it again.
    const paths = ['', 'a', 'a/b', 'a/b/c.ts', 'a/d.ts', 'e', 'e/f.ts'];
    const r = rng(11);
    let rules: FocusRules = { include: [], exclude: [] };
    for (let step = 0; step < 500; step++) {
      const p = paths[Math.floor(r() * paths.length)]!;
      const on = r() < 0.5;
      rules = toggleRules(rules, p, on);
      expect(normalizeRules(rules)).toEqual(rules);
      const m = new FocusMatcher(rules);
      for (const q of paths.filter((q) => isUnder(q, p)))
        expect(rules.include.length > 0 && m.has(q), `${q} after ${on ? 'ticking' : 'unticking'} ${p}`).toBe(
          on,
        );
    }
  });
});

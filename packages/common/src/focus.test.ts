import { describe, expect, it } from 'vitest';
import {
  cleanPath,
  FocusMatcher,
  type FocusRules,
  isUnder,
  normalizeRules,
  tickAll,
  toggleRules,
  toggleRulesMany,
} from './focus';
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

describe('tickAll', () => {
  it('gives what ticking each file in turn gives, on random rules and files', () => {
    const r = rng(5);
    const names = ['a', 'b', 'c'];
    const pick = () =>
      Array.from({ length: 1 + Math.floor(r() * 3) }, () => names[Math.floor(r() * 3)]!).join('/');
    for (let k = 0; k < 400; k++) {
      let rules: FocusRules = { include: [], exclude: [] };
      for (let t = 0; t < 4; t++) rules = toggleRules(rules, pick(), r() < 0.6);
      const files = Array.from(
        { length: 1 + Math.floor(r() * 4) },
        () => `${pick()}/f${Math.floor(r() * 2)}.ts`,
      );
      const oneByOne = files.reduce((acc, f) => toggleRules(acc, f, true), rules);
      expect(tickAll(rules, files)).toEqual(oneByOne);
    }
  });
});

describe('toggleRulesMany', () => {
  it('equals toggling each path in turn, for random disjoint sets over random rules (differential)', () => {
    const paths = ['', 'a', 'a/b', 'a/b/c.ts', 'a/b/g.ts', 'a/d.ts', 'a/h', 'a/h/i.ts', 'e', 'e/f.ts', 'e/j'];
    const r = rng(5);
    const pick = () => paths[Math.floor(r() * paths.length)]!;
    let rules: FocusRules = { include: [], exclude: [] };
    for (let step = 0; step < 2000; step++) {
      // A disjoint set: no chosen path inside another.
      const chosen: string[] = [];
      for (let k = Math.floor(r() * 4); k >= 0; k--) {
        const p = pick();
        if (!chosen.some((c) => isUnder(p, c) || isUnder(c, p))) chosen.push(p);
      }
      const on = r() < 0.5;
      const one = chosen.reduce((acc, p) => {
        // toggleRules, as it was before toggleRulesMany: filter, inherit, push, normalize.
        const include = acc.include.filter((i) => !isUnder(i, p));
        const exclude = acc.exclude.filter((e) => !isUnder(e, p));
        const inheritedIn = include.length > 0 && new FocusMatcher({ include, exclude }).has(p);
        if (on && !inheritedIn) include.push(p);
        if (!on && inheritedIn) exclude.push(p);
        return normalizeRules({ include, exclude });
      }, rules);
      const many = toggleRulesMany(rules, chosen, on);
      expect(many, `${on ? 'tick' : 'untick'} ${chosen.join(', ')} over ${JSON.stringify(rules)}`).toEqual(
        one,
      );
      rules = many;
    }
  });

  it('stays linear: ticking 20,000 files of 2,000 folders one call', () => {
    const files = Array.from({ length: 20_000 }, (_, i) => `pkg${i % 2000}/f${i}.js`);
    const rules = toggleRulesMany({ include: ['pkg7'], exclude: ['pkg7/f7.js'] }, files, true);
    expect(rules.include).toHaveLength(20_000 - 9); // pkg7's other nine files were already in
    expect(rules.include).toContain('pkg7');
    expect(rules.exclude).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../testing/snapshot';
import { applyFilter, globToRegExp, makeFilter } from './filter';
import { TreeModel } from './tree-model';

describe('globToRegExp', () => {
  const cases: Array<[string, string, boolean]> = [
    ['*.ts', 'a.ts', true],
    ['*.ts', 'a.tsx', false],
    ['*.ts', 'dir/a.ts', false],
    ['src/**/*.test.ts', 'src/a/b/c.test.ts', true],
    ['src/**/*.test.ts', 'src/c.test.ts', true],
    ['src/**', 'src/a/b', true],
    ['?.md', 'a.md', true],
    ['?.md', 'ab.md', false],
    ['[ab].txt', 'b.txt', true],
    ['[!ab].txt', 'c.txt', true],
    ['[!ab].txt', 'a.txt', false],
    ['*.{ts,tsx}', 'x.tsx', true],
    ['*.{ts,tsx}', 'x.js', false],
    ['a+b.(c)', 'a+b.(c)', true],
    ['README*', 'readme.md', true], // the filter box ignores case
  ];
  for (const [glob, path, want] of cases)
    it(`${glob} ${want ? 'matches' : 'does not match'} ${path}`, () => {
      expect(globToRegExp(glob).test(path)).toBe(want);
    });
});

describe('applyFilter', () => {
  const s = snapshotOf({
    files: [
      { path: 'src/app.ts', tokens: 1 },
      { path: 'src/lib/util.test.ts', tokens: 1 },
      { path: 'docs/App guide.md', tokens: 1 },
      { path: 'package.json', tokens: 1 },
    ],
    hidden: [{ path: 'src/app.log', dir: false, reason: { kind: 'os-junk' } }],
  });
  const m = new TreeModel(s);
  const kept = (text: string, showHidden = false) => {
    const r = applyFilter(m, makeFilter(text)!, showHidden);
    return s.paths.filter((_, i) => r.keep[i]);
  };

  it('a word matches names anywhere, keeps ancestors, and highlights the match', () => {
    expect(kept('app')).toEqual(['', 'docs', 'docs/App guide.md', 'src', 'src/app.ts']);
    const r = applyFilter(m, makeFilter('app')!, false);
    expect(r.highlights.get(m.find('docs/App guide.md'))).toEqual([0, 3]);
    expect(r.matches).toBe(2);
    expect(kept('app', true)).toContain('src/app.log');
  });

  it('a glob without a slash matches names; with a slash, whole paths', () => {
    expect(kept('*.test.ts')).toEqual(['', 'src', 'src/lib', 'src/lib/util.test.ts']);
    expect(kept('src/*.ts')).toEqual(['', 'src', 'src/app.ts']);
    expect(kept('src/**/*.ts')).toEqual(['', 'src', 'src/lib', 'src/lib/util.test.ts', 'src/app.ts']);
    expect(kept('src/lib')).toEqual(['', 'src', 'src/lib', 'src/lib/util.test.ts']);
  });

  it('an empty filter is no filter', () => {
    expect(makeFilter('   ')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../testing/snapshot';
import { applyFilter, filterProblem, globToRegExp, makeFilter } from './filter';
import { FilterScope } from './filter-scope';
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

describe('filterProblem', () => {
  it('explains an unclosed [ or { and a set the browser cannot build; words and good globs pass', () => {
    expect(filterProblem('[unclosed')).toMatch(/^The \[ at character 1 is never closed/);
    expect(filterProblem('src/*.[jt')).toMatch(/^The \[ at character 7 is never closed/);
    expect(filterProblem('[]')).toMatch(/never closed/); // ']' right after '[' belongs to the set
    expect(filterProblem('*.{ts,tsx')).toMatch(/^The \{ at character 3 is never closed/);
    expect(filterProblem('[z-a].ts')).toMatch(/^Not a glob the filter can use: .*range/i);
    for (const ok of ['util', '*.ts', '[ab].txt', '[]a].txt', '*.{ts,tsx}', 'src/**/*.test.ts', 'a}b', '?'])
      expect(filterProblem(ok), ok).toBeNull();
  });
});

describe('FilterScope (ticking under a filter)', () => {
  const m = () =>
    new TreeModel(
      snapshotOf({
        files: [
          { path: 'src/app.ts', tokens: 1 },
          { path: 'src/app.test.ts', tokens: 1 },
          { path: 'src/lib/util.ts', tokens: 1 },
          { path: 'src/lib/util.test.ts', tokens: 1 },
          { path: 'test/a.test.ts', tokens: 1 },
          { path: 'test/b.test.ts', tokens: 1 },
          { path: 'README.md', tokens: 1 },
        ],
      }),
    );

  it('a folder kept for its matches ticks those; a folder whose files all match ticks whole', () => {
    const model = m();
    const scope = new FilterScope(model, applyFilter(model, makeFilter('*.test.ts')!, false));
    const path = (i: number) => model.pathOf(i);
    expect(scope.files[0]).toBe(4);
    expect(scope.targets(model.find('src')).map(path)).toEqual(['src/lib/util.test.ts', 'src/app.test.ts']);
    expect(scope.targets(0).map(path)).toEqual(['src/lib/util.test.ts', 'src/app.test.ts', 'test']);
    const rules = model.toggleMany(scope.targets(model.find('src')), true, { include: [], exclude: [] });
    expect(rules).toEqual({ include: ['src/app.test.ts', 'src/lib/util.test.ts'], exclude: [] });
    scope.recount();
    expect(scope.checkState(model.find('src'))).toBe('checked'); // all its matches
    expect(model.checkState(model.find('src'))).toBe('mixed'); // of all its files
    expect(scope.checkState(0)).toBe('mixed');
  });

  it('a matching folder stands for everything inside it', () => {
    const model = m();
    const scope = new FilterScope(model, applyFilter(model, makeFilter('lib')!, false));
    expect(scope.files[0]).toBe(2);
    expect(scope.targets(0).map((i) => model.pathOf(i))).toEqual(['src/lib']);
  });
});

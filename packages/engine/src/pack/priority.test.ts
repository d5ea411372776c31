import { describe, expect, it } from 'vitest';
import { mainLanguages, rankFiles, translationOf } from './priority';

const files = (paths: Array<string | [string, number]>) =>
  paths.map((p) => (typeof p === 'string' ? { path: p, size: 1000 } : { path: p[0], size: p[1] * 4 }));
const order = (paths: Array<string | [string, number]>, explicit?: string[]) =>
  rankFiles(files(paths), new Set(explicit)).map((r) => r.entry.path);
const before = (list: string[], a: string, b: string) => {
  expect(list.indexOf(a), `${a} in ${list.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(list.indexOf(a), `${a} before ${b} in:\n${list.join('\n')}`).toBeLessThan(list.indexOf(b));
};

describe('priority by position', () => {
  // The shape of astral-sh/uv: a Rust tool whose test fixtures hold other projects' manifests.
  const uv: Array<string | [string, number]> = [
    'Cargo.toml',
    'pyproject.toml',
    'README.md',
    ['crates/uv/src/main.rs', 400],
    ['crates/uv/src/lib.rs', 3000],
    ['crates/uv-resolver/src/resolver.rs', 9000],
    ['crates/uv-resolver/src/lock.rs', 8000],
    'crates/uv/Cargo.toml',
    ['test/ecosystem/airflow/pyproject.toml', 7000],
    ['test/ecosystem/home-assistant-core/pyproject.toml', 8000],
    ['test/ecosystem/pandas/pyproject.toml', 7000],
    ['crates/uv/tests/it/pip_install.rs', 20000],
    ['scripts/packages/vendored/third_party/deep/x/pyproject.toml', 100],
    ['vendor/cache/pyproject.toml', 100],
    'Cargo.lock',
    'docs/guides/install.md',
  ];

  it('ranks the root manifests above copies deeper down, vendored and in fixtures', () => {
    const list = order(uv);
    before(list, 'Cargo.toml', 'crates/uv/Cargo.toml');
    before(list, 'pyproject.toml', 'test/ecosystem/airflow/pyproject.toml');
    before(list, 'pyproject.toml', 'vendor/cache/pyproject.toml');
    for (const fixture of uv.filter((p) => typeof p !== 'string' && p[0].startsWith('test/ecosystem')))
      before(list, 'crates/uv/src/main.rs', (fixture as [string, number])[0]);
    expect(list.slice(0, 3).sort()).toEqual(['Cargo.toml', 'README.md', 'pyproject.toml']);
  });

  it("decays a name's bonus with depth: a plain copy six levels down ranks below the sources", () => {
    const list = order([...uv, 'a/b/c/d/e/f/pyproject.toml']);
    before(list, 'crates/uv-resolver/src/resolver.rs', 'a/b/c/d/e/f/pyproject.toml');
    before(list, 'crates/uv/Cargo.toml', 'a/b/c/d/e/f/pyproject.toml');
  });

  it('puts tests below the sources and fixtures below tests, generated and vendored last', () => {
    const list = order(uv);
    before(list, 'crates/uv-resolver/src/resolver.rs', 'crates/uv/tests/it/pip_install.rs');
    before(list, 'crates/uv/tests/it/pip_install.rs', 'test/ecosystem/pandas/pyproject.toml');
    before(list, 'docs/guides/install.md', 'Cargo.lock');
    before(list, 'test/ecosystem/pandas/pyproject.toml', 'vendor/cache/pyproject.toml');
    expect(list.at(-1)).toBe('scripts/packages/vendored/third_party/deep/x/pyproject.toml');
  });

  it('gives the main language a little: code in it ranks above code in a minor one', () => {
    const list = order([
      ['src/a/engine.rs', 9000],
      ['src/a/parser.rs', 9000],
      ['src/a/helper.py', 100],
      ['src/a/tool.py', 100],
    ]);
    expect(list).toEqual(['src/a/engine.rs', 'src/a/parser.rs', 'src/a/helper.py', 'src/a/tool.py']);
    expect([
      ...mainLanguages(
        files([
          ['a.rs', 900],
          ['b.py', 100],
          ['c.md', 99_999],
        ]),
      ),
    ]).toEqual(['rust']);
  });

  it('lets examples lose only a little: an example ranks above a test', () => {
    const list = order([
      'examples/basic/app.py',
      'tests/test_app.py',
      'src/pkg/app.py',
      'src/pkg/helpers.py',
    ]);
    expect(list).toEqual([
      'src/pkg/app.py',
      'src/pkg/helpers.py',
      'examples/basic/app.py',
      'tests/test_app.py',
    ]);
  });

  // The shape of punkpeye/awesome-mcp-servers: one README in eight languages.
  it('keeps translations of a document below the original and below the rest of the project', () => {
    const translations = [
      'README-fa-ir.md',
      'README-ja.md',
      'README-ko.md',
      'README-pt_BR.md',
      'README-th.md',
      'README-zh.md',
      'README-zh_TW.md',
    ];
    const list = order([
      ...translations,
      'README.md',
      'CONTRIBUTING.md',
      'LICENSE',
      'docs/guide.md',
      'docs/ja/guide.md',
    ]);
    expect(list[0]).toBe('README.md');
    for (const t of [...translations, 'docs/ja/guide.md']) {
      before(list, 'CONTRIBUTING.md', t);
      before(list, 'LICENSE', t);
      before(list, 'docs/guide.md', t);
    }
  });

  it('recognizes translated names only beside their original', () => {
    const exists = (p: string) => ['README.md', 'docs/guide.md', 'docs/en/intro.md', 'index.md'].includes(p);
    expect(translationOf('README-ja.md', exists)).toBe('README.md');
    expect(translationOf('README.zh-CN.md', exists)).toBe('README.md');
    expect(translationOf('README_pt_BR.md', exists)).toBe('README.md');
    expect(translationOf('README-fa-ir.md', exists)).toBe('README.md');
    expect(translationOf('index.de.md', exists)).toBe('index.md');
    expect(translationOf('docs/ja/guide.md', exists)).toBe('docs/guide.md');
    expect(translationOf('docs/ko/intro.md', exists)).toBe('docs/en/intro.md');
    expect(translationOf('CHANGES-ja.md', exists)).toBeUndefined(); // no original beside it
    expect(translationOf('README-v2.md', exists)).toBeUndefined(); // not a language
    expect(translationOf('README-en.md', exists)).toBeUndefined(); // English counts as an original
    expect(translationOf('src/de/README.ts', exists)).toBeUndefined();
  });

  it('puts ticked files first, whatever their position', () => {
    const list = order(['README.md', 'src/a.ts', 'tests/deep/x.test.ts'], ['tests/deep/x.test.ts']);
    expect(list[0]).toBe('tests/deep/x.test.ts');
    const tags = rankFiles(files(['tests/deep/x.test.ts']), new Set(['tests/deep/x.test.ts']))[0]!;
    expect(tags.explicit).toBe(true);
  });

  it('is deterministic and total: shallower, then bytewise among equals', () => {
    const paths = ['b/x.ts', 'a/x.ts', 'x.ts', 'a/b/x.ts'];
    expect(order(paths)).toEqual(['x.ts', 'a/x.ts', 'b/x.ts', 'a/b/x.ts']);
    expect(order([...paths].reverse())).toEqual(order(paths));
  });
});

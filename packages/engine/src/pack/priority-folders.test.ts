// rankFiles computes each folder's facts once and reuses the previous file's when the folder is the
// same; scoreOf and translationOf work on one path alone. Both must score every file alike, in
// whatever order a listing comes (folders interleaved, root files between, names that look like
// folders, translations in language folders).
import { describe, expect, it } from 'vitest';
import { languageOf } from '../lang/languages';
import { mainLanguages, rankFiles, scoreOf, translationOf } from './priority';

const PATHS = [
  'README.md',
  'docs/ja/guide.md',
  'src/index.ts',
  'docs/guide.md',
  'docs/ko/intro.md',
  'src/tests/a.test.ts',
  'docs/en/intro.md',
  'README-ja.md',
  'docs/pt_BR/setup.md',
  'src/index.ts.bak',
  'docs/setup.md',
  'vendor/x/package.json',
  'src/tests/b.ts',
  'package.json',
  'src/vendor.ts',
  'src/tests/fixtures/c.ts',
  '.github/workflows/ci.yml',
  'src/tests/b_test.go',
  'a//b.md',
  'a\\tests\\b.js',
  'examples/zh-Hans/README.md',
  'examples/README.md',
  'build/out.min.js',
  'srcx/index.ts',
  'src/x/index.ts',
  'Cargo.lock',
  // Folders of the same length, one after the other.
  'tests/a.ts',
  'lib00/a.ts',
  'vendor/b.ts',
  'source/b.ts',
];

describe('folder facts computed once per folder', () => {
  it('scores every file as scoreOf does alone, in listing order and shuffled', () => {
    for (const paths of [PATHS, [...PATHS].reverse(), [...PATHS].sort()]) {
      const files = paths.map((path, i) => ({ path, size: 100 * (i + 1) }));
      const exists = (p: string) => paths.includes(p);
      const main = mainLanguages(files);
      const ranked = rankFiles(files);
      expect(ranked.length).toBe(paths.length);
      for (const r of ranked) {
        const alone = scoreOf(
          r.entry.path,
          main,
          translationOf(r.entry.path, exists),
          languageOf(r.entry.path),
        );
        expect({ path: r.entry.path, score: r.score, tags: r.tags }).toEqual({
          path: r.entry.path,
          ...alone,
        });
      }
    }
  });

  it('finds translations in language folders and by suffix', () => {
    const tags = new Map(
      rankFiles(PATHS.map((path) => ({ path, size: 10 }))).map((r) => [r.entry.path, r.tags]),
    );
    for (const p of [
      'docs/ja/guide.md',
      'docs/ko/intro.md',
      'README-ja.md',
      'docs/pt_BR/setup.md',
      'examples/zh-Hans/README.md',
    ])
      expect(tags.get(p), p).toContain('translation');
    for (const p of ['docs/guide.md', 'docs/en/intro.md', 'README.md', 'examples/README.md'])
      expect(tags.get(p), p).not.toContain('translation');
    expect(tags.get('src/tests/fixtures/c.ts')).toContain('fixture');
    expect(tags.get('src/vendor.ts')).not.toContain('vendored');
    expect(tags.get('a\\tests\\b.js')).toContain('test');
  });
});

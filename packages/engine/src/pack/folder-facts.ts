// What a file's folder says about it, the same for every file in that folder: how deep it is,
// whether it lies under test, fixture, vendored, generated, example or dot folders, and which of
// its segments name a language (docs/ja/). pack/priority.ts scores and checks translations by these.
import type { RelPath } from '../types';

const TEST_DIRS = new Set([
  'test',
  'tests',
  '__tests__',
  'spec',
  'specs',
  'e2e',
  'testing',
  'integration-tests',
]);
const FIXTURE_DIRS = new Set([
  'fixture',
  'fixtures',
  '__fixtures__',
  'testdata',
  'test_data',
  'test-data',
  '__snapshots__',
  'snapshots',
  'golden',
  'goldens',
  'ecosystem',
  '__mocks__',
  'mocks',
]);
const VENDOR_DIRS = new Set([
  'vendor',
  'vendors',
  'vendored',
  'third_party',
  'third-party',
  'thirdparty',
  'external',
  'externals',
  'node_modules',
  'bower_components',
  'site-packages',
  'pods',
  'carthage',
  'deps',
]);
const GENERATED_DIRS = new Set(['generated', '__generated__', 'gen', 'dist', 'build', 'out', 'target']);
const EXAMPLE_DIRS = new Set(['example', 'examples', 'sample', 'samples', 'demo', 'demos', 'playground']);

// ISO 639-1 codes seen in translated file names; English is taken as an original.
const LANGS = new Set(
  (
    'af am ar az be bg bn bs ca cs cy da de el eo es et eu fa fi fil fr ga gl gu he hi hr hu hy id is it ja ' +
    'ka kk km kn ko ky lo lt lv mk ml mn mr ms my nb ne nl nn no pa pl ps pt ro ru si sk sl sq sr sv sw ta ' +
    'te th tl tr uk ur uz vi zh'
  ).split(' '),
);

/** A language code (ja, fil) with an optional region (pt_BR, zh-Hans, es-419). */
export function isLangCode(code: string, region: string | undefined): boolean {
  if (!LANGS.has(code.toLowerCase())) return false;
  return region === undefined || /^([a-z]{2}|[a-z]{4}|\d{3})$/i.test(region);
}

/**
 * What a file's score and translation check need from its folder, the same for every file in it:
 * a pack of a large project ranks tens of thousands of files in a few thousand folders.
 */
export interface FolderFacts {
  /** The folder's path with a trailing '/', or '' at the root. */
  dir: string;
  segments: string[];
  depth: number;
  vendored: boolean;
  generated: boolean;
  fixture: boolean;
  test: boolean;
  example: boolean;
  dot: boolean;
  /** The positions of the segments that name a language (docs/ja/, docs/pt_BR/). */
  languages: number[];
}

export function folderFacts(dir: string): FolderFacts {
  const segments = dir === '' ? [] : dir.slice(0, -1).split('/');
  const folders = segments.map((s) => s.toLowerCase());
  const languages: number[] = [];
  for (const [i, seg] of segments.entries()) {
    // A language code with its region takes at most 8 characters (pt_BR, zh-Hans): skip the rest unsplit.
    if (seg.length > 8) continue;
    const parts = seg.split(/[-_]/);
    const [code, region] = parts;
    if (code && parts.length <= 2 && isLangCode(code, region)) languages.push(i);
  }
  return {
    dir,
    segments,
    depth: folders.length,
    vendored: folders.some((f) => VENDOR_DIRS.has(f)),
    generated: folders.some((f) => GENERATED_DIRS.has(f)),
    fixture: folders.some((f) => FIXTURE_DIRS.has(f)),
    test: folders.some((f) => TEST_DIRS.has(f)),
    example: folders.some((f) => EXAMPLE_DIRS.has(f)),
    dot: folders.some((f) => f.startsWith('.')),
    languages,
  };
}

/** Folder facts by folder, each computed once. */
export function folderCache(): (path: RelPath) => [FolderFacts, string] {
  const known = new Map<string, FolderFacts>();
  let last = folderFacts('');
  known.set('', last);
  return (path) => {
    const cut = path.lastIndexOf('/');
    // Listings come folder by folder: most files share the folder of the one before.
    if (cut + 1 !== last.dir.length || !path.startsWith(last.dir)) {
      const dir = cut < 0 ? '' : path.slice(0, cut + 1);
      let facts = known.get(dir);
      if (!facts) {
        facts = folderFacts(dir);
        known.set(dir, facts);
      }
      last = facts;
    }
    return [last, path.slice(cut + 1)];
  };
}

export function splitPath(path: RelPath): [FolderFacts, string] {
  const cut = path.lastIndexOf('/');
  return [folderFacts(cut < 0 ? '' : path.slice(0, cut + 1)), path.slice(cut + 1)];
}

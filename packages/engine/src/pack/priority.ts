// Which files a pack offers first. By position, not just by name: a name's bonus decays with the
// folder depth (the root pyproject.toml beats a vendored copy six levels down); tests and fixtures
// lose points, vendored and generated files more, examples a little; files in the project's main
// languages gain a little; translations of a document (README-ja.md) rank below their original.
// Explicitly ticked files come before everything else.
import { isTestFile } from '../compress/testfiles';
import { type LanguageId, languageOf } from '../lang/languages';
import type { RelPath } from '../types';

export interface RankInput {
  path: RelPath;
  /** Bytes: the language shares are shares of the bytes (known for every file without reading it). */
  size: number;
}

export interface Ranked<T extends RankInput> {
  entry: T;
  score: number;
  explicit: boolean;
  /** Short tags for the reasons (tests and debugging): 'readme', 'test', 'translation', … */
  tags: string[];
}

const EXPLICIT = 1_000_000;
const DECAY = 0.5;
const PER_LEVEL = 4;
const TEST = 40;
const FIXTURE = 60;
const VENDORED = 100;
const GENERATED = 100;
const EXAMPLE = 12;
const DOT_FOLDER = 10;
const TRANSLATION = 70;
const MAIN_LANGUAGE = 12;
/** A language holding at least this share of the code is a main language. */
const MAIN_SHARE = 0.2;

const MANIFESTS = new Set(
  [
    'package.json',
    'pyproject.toml',
    'setup.py',
    'setup.cfg',
    'requirements.txt',
    'cargo.toml',
    'go.mod',
    'pom.xml',
    'build.gradle',
    'build.gradle.kts',
    'settings.gradle',
    'settings.gradle.kts',
    'gemfile',
    'composer.json',
    'cmakelists.txt',
    'makefile',
    'meson.build',
    'mix.exs',
    'deno.json',
    'deno.jsonc',
    'pubspec.yaml',
    'build.sbt',
    'package.swift',
    'build.zig',
    'dune-project',
    'stack.yaml',
    'flake.nix',
    'tsconfig.json',
    'dockerfile',
  ].map((n) => n.toLowerCase()),
);
const MANIFEST_EXT = /\.(csproj|fsproj|vbproj|sln|cabal|gemspec|nimble|opam)$/i;
const README = /^readme(\.[a-z0-9]+)?$/i;
const GUIDES = /^(agents|claude|contributing|architecture|design|hacking|development)(\.[a-z0-9]+)?$/i;
const ENTRY = /^(main|index|app|lib|mod|cli|server|__init__|__main__)\.[a-z0-9]+$/i;

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
const GENERATED_NAME =
  /(\.min\.(js|css|mjs)|\.map|\.pb\.go|_pb2(_grpc)?\.pyi?|\.generated\.[a-z]+|\.g\.dart|\.freezed\.dart|\.designer\.cs|\.snap)$/i;
const LOCKFILES = new Set(
  [
    'package-lock.json',
    'npm-shrinkwrap.json',
    'yarn.lock',
    'pnpm-lock.yaml',
    'bun.lock',
    'cargo.lock',
    'poetry.lock',
    'pipfile.lock',
    'uv.lock',
    'pdm.lock',
    'gemfile.lock',
    'composer.lock',
    'go.sum',
    'flake.lock',
    'mix.lock',
    'pubspec.lock',
    'packages.lock.json',
  ].map((n) => n.toLowerCase()),
);

/** Markup, data and prose: never a "main language" of a project. */
const NOT_CODE = new Set<LanguageId>([
  'markdown',
  'restructuredtext',
  'text',
  'json',
  'yaml',
  'toml',
  'ini',
  'xml',
  'html',
  'css',
  'scss',
  'less',
]);

// ISO 639-1 codes seen in translated file names; English is taken as an original.
const LANGS = new Set(
  (
    'af am ar az be bg bn bs ca cs cy da de el eo es et eu fa fi fil fr ga gl gu he hi hr hu hy id is it ja ' +
    'ka kk km kn ko ky lo lt lv mk ml mn mr ms my nb ne nl nn no pa pl ps pt ro ru si sk sl sq sr sv sw ta ' +
    'te th tl tr uk ur uz vi zh'
  ).split(' '),
);
const DOC_EXT = /^(md|mdx|markdown|rst|txt|adoc|asciidoc|org|html?)$/i;
// README-ja.md, README.zh-CN.md, README_pt_BR.md, index.de.md: base, separator, code, region.
const SUFFIXED = /^(.+?)[-_.]([a-z]{2,3})(?:[-_]([a-z]{2,4}))?\.([a-z0-9]+)$/i;

function isLangCode(code: string, region: string | undefined): boolean {
  if (!LANGS.has(code.toLowerCase())) return false;
  return region === undefined || /^([a-z]{2}|[a-z]{4}|\d{3})$/i.test(region);
}

/**
 * What a file's score and translation check need from its folder, the same for every file in it:
 * a pack of a large project ranks tens of thousands of files in a few thousand folders.
 */
interface FolderFacts {
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

function folderFacts(dir: string): FolderFacts {
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
function folderCache(): (path: RelPath) => [FolderFacts, string] {
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

function splitPath(path: RelPath): [FolderFacts, string] {
  const cut = path.lastIndexOf('/');
  return [folderFacts(cut < 0 ? '' : path.slice(0, cut + 1)), path.slice(cut + 1)];
}

/** The original a translated path stands for, or undefined when the path is not a translation. */
export function translationOf(path: RelPath, exists: (p: RelPath) => boolean): RelPath | undefined {
  const [facts, name] = splitPath(path);
  return translationIn(facts, name, path, exists);
}

function translationIn(
  facts: FolderFacts,
  name: string,
  path: RelPath,
  exists: (p: RelPath) => boolean,
): RelPath | undefined {
  // SUFFIXED ends in a dot and the characters after the last one: a name whose extension is no
  // document's cannot match, and most names are code.
  const ext = name.slice(name.lastIndexOf('.') + 1);
  if (DOC_EXT.test(ext)) {
    const m = SUFFIXED.exec(name);
    if (m && DOC_EXT.test(m[4]!) && isLangCode(m[2]!, m[3])) {
      const original = `${facts.dir}${m[1]}.${m[4]}`;
      if (original !== path && exists(original)) return original;
    }
  }
  // docs/ja/guide.md beside docs/guide.md or docs/en/guide.md.
  if (facts.languages.length === 0) return undefined;
  const segments = [...facts.segments, name];
  for (const i of facts.languages) {
    const without = [...segments.slice(0, i), ...segments.slice(i + 1)].join('/');
    if (exists(without)) return without;
    const english = [...segments.slice(0, i), 'en', ...segments.slice(i + 1)].join('/');
    if (exists(english)) return english;
  }
  return undefined;
}

/**
 * Languages holding at least a fifth of the code, by bytes: never by token counts, which a pack
 * would have to read every file for (and whose progress must not change a pack's order).
 */
export function mainLanguages(
  files: readonly RankInput[],
  langs: ReadonlyArray<LanguageId | undefined> = files.map((f) => languageOf(f.path)),
): Set<LanguageId> {
  const share = new Map<LanguageId, number>();
  let total = 0;
  for (const [i, f] of files.entries()) {
    const lang = langs[i];
    if (!lang || NOT_CODE.has(lang)) continue;
    const weight = f.size;
    share.set(lang, (share.get(lang) ?? 0) + weight);
    total += weight;
  }
  const out = new Set<LanguageId>();
  for (const [lang, w] of share) if (total > 0 && w / total >= MAIN_SHARE) out.add(lang);
  return out;
}

function nameBonus(name: string, lang: LanguageId | undefined): [number, string] | undefined {
  const lower = name.toLowerCase();
  if (README.test(name)) return [100, 'readme'];
  if (MANIFESTS.has(lower) || MANIFEST_EXT.test(name)) return [90, 'manifest'];
  if (GUIDES.test(name)) return [60, 'guide'];
  // Entry points are code: docs/cli.rst is a page about the CLI, not its entry point.
  if (ENTRY.test(name) && lang && !NOT_CODE.has(lang)) return [25, 'entry'];
  return undefined;
}

/** The score of one file (higher first) with its tags; `translation` is the original it translates. */
export function scoreOf(
  path: RelPath,
  main: ReadonlySet<LanguageId>,
  translation: RelPath | undefined,
  lang: LanguageId | undefined = languageOf(path),
): { score: number; tags: string[] } {
  const [facts, name] = splitPath(path);
  return scoreIn(facts, name, path, main, translation, lang);
}

function scoreIn(
  facts: FolderFacts,
  name: string,
  path: RelPath,
  main: ReadonlySet<LanguageId>,
  translation: RelPath | undefined,
  lang: LanguageId | undefined,
): { score: number; tags: string[] } {
  const depth = facts.depth;
  const tags: string[] = [];
  let score = -PER_LEVEL * depth;
  const bonus = translation === undefined ? nameBonus(name, lang) : undefined;
  if (bonus) {
    score += bonus[0] * DECAY ** depth;
    tags.push(bonus[1]);
  }
  if (translation !== undefined) {
    score -= TRANSLATION;
    tags.push('translation');
  }
  if (facts.vendored) {
    score -= VENDORED;
    tags.push('vendored');
  }
  if (facts.generated || GENERATED_NAME.test(name) || LOCKFILES.has(name.toLowerCase())) {
    score -= GENERATED;
    tags.push('generated');
  }
  if (facts.fixture) {
    score -= FIXTURE;
    tags.push('fixture');
  } else if (facts.test || isTestFile(path, '')) {
    score -= TEST;
    tags.push('test');
  }
  if (facts.example) {
    score -= EXAMPLE;
    tags.push('example');
  }
  if (facts.dot) {
    score -= DOT_FOLDER;
    tags.push('dot-folder');
  }
  if (lang && main.has(lang)) {
    score += MAIN_LANGUAGE;
    tags.push('main-language');
  }
  return { score, tags };
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Files in the order a pack offers them. `explicit` holds the files ticked one by one (not through
 * a ticked folder); they come first, in score order among themselves.
 */
export function rankFiles<T extends RankInput>(
  files: readonly T[],
  explicit: ReadonlySet<RelPath> = new Set(),
): Ranked<T>[] {
  return ranking(
    files,
    explicit,
    files.map((f) => languageOf(f.path)),
  ).map((k) => k.r);
}

/** `rankFiles` as positions in `files`, given each file's language (`langs[i]`, computed once by the caller). */
export function rankOrder(
  files: readonly RankInput[],
  explicit: ReadonlySet<RelPath>,
  langs: ReadonlyArray<LanguageId | undefined>,
): Uint32Array {
  return Uint32Array.from(ranking(files, explicit, langs), (k) => k.index);
}

function ranking<T extends RankInput>(
  files: readonly T[],
  explicit: ReadonlySet<RelPath>,
  langs: ReadonlyArray<LanguageId | undefined>,
): Array<{ r: Ranked<T>; index: number }> {
  const paths = new Set(files.map((f) => f.path));
  const exists = (p: RelPath) => paths.has(p);
  const main = mainLanguages(files, langs);
  const facts = folderCache();
  const keyed = files.map((entry, index) => {
    const path = entry.path;
    const [folder, name] = facts(path);
    const { score, tags } = scoreIn(
      folder,
      name,
      path,
      main,
      translationIn(folder, name, path, exists),
      langs[index],
    );
    const isExplicit = explicit.has(path);
    const r = { entry, score: isExplicit ? score + EXPLICIT : score, explicit: isExplicit, tags };
    // Sorted by keys computed once (a large project sorts tens of thousands of files).
    return { r, index, score: r.score, depth: folder.depth + 1, path };
  });
  keyed.sort((a, b) => b.score - a.score || a.depth - b.depth || byPath(a.path, b.path));
  return keyed;
}

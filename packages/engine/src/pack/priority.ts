// Which files a pack offers first. By position, not just by name: a name's bonus decays with the
// folder depth (the root pyproject.toml beats a vendored copy six levels down); tests and fixtures
// lose points, vendored and generated files more, examples a little; files in the project's main
// languages gain a little; translations of a document (README-ja.md) rank below their original.
// Explicitly ticked files come before everything else.
import { isTestFile } from '../compress/testfiles';
import { type LanguageId, languageOf } from '../lang/languages';
import type { RelPath } from '../types';
import { type FolderFacts, folderCache, isLangCode, splitPath } from './folder-facts';

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

const DOC_EXT = /^(md|mdx|markdown|rst|txt|adoc|asciidoc|org|html?)$/i;
// README-ja.md, README.zh-CN.md, README_pt_BR.md, index.de.md: base, separator, code, region.
const SUFFIXED = /^(.+?)[-_.]([a-z]{2,3})(?:[-_]([a-z]{2,4}))?\.([a-z0-9]+)$/i;

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

// Stack markers: the files (and a few folders) that say "a project of this stack starts here".
// The nearest folder holding a marker owns its subtree; several markers in one folder combine.
import type { Dirent } from 'node:fs';

export type StackId =
  | 'js'
  | 'dotnet'
  | 'msbuild-cpp'
  | 'go'
  | 'rust'
  | 'python'
  | 'maven'
  | 'gradle'
  | 'sbt'
  | 'clojure'
  | 'php'
  | 'ruby'
  | 'elixir'
  | 'erlang'
  | 'swift'
  | 'cocoapods'
  | 'xcode'
  | 'dart'
  | 'cmake'
  | 'meson'
  | 'haskell'
  | 'ocaml'
  | 'zig'
  | 'unity'
  | 'unreal'
  | 'terraform'
  | 'godot'
  | 'elm'
  | 'purescript'
  | 'crystal'
  | 'vcpkg'
  | 'hugo';

export interface MarkerSpec {
  /** An exact name, `*.ext`, or `prefix*.ext`. */
  pattern: string;
  stack: StackId;
  /** Folder markers (`ProjectSettings/`, `*.xcodeproj`); file markers match files and links to files. */
  dir?: boolean;
}

const m = (stack: StackId, patterns: string, dir = false): MarkerSpec[] =>
  patterns.split(' ').map((pattern) => ({ pattern, stack, ...(dir ? { dir } : {}) }));

export const MARKERS: readonly MarkerSpec[] = [
  ...m('js', 'package.json pnpm-workspace.yaml deno.json deno.jsonc'),
  ...m(
    'dotnet',
    '*.sln *.slnx *.csproj *.fsproj *.vbproj Directory.Build.props Directory.Packages.props global.json',
  ),
  ...m('msbuild-cpp', '*.vcxproj'),
  ...m('go', 'go.mod go.work'),
  ...m('rust', 'Cargo.toml'),
  ...m('python', 'pyproject.toml setup.py setup.cfg requirements*.txt Pipfile tox.ini'),
  ...m('maven', 'pom.xml'),
  ...m('gradle', 'build.gradle build.gradle.kts settings.gradle settings.gradle.kts'),
  ...m('sbt', 'build.sbt'),
  ...m('clojure', 'deps.edn project.clj'),
  ...m('php', 'composer.json'),
  ...m('ruby', 'Gemfile *.gemspec'),
  ...m('elixir', 'mix.exs'),
  ...m('erlang', 'rebar.config'),
  ...m('swift', 'Package.swift'),
  ...m('cocoapods', 'Podfile'),
  ...m('xcode', '*.xcodeproj *.xcworkspace', true),
  ...m('dart', 'pubspec.yaml'),
  ...m('cmake', 'CMakeLists.txt'),
  ...m('meson', 'meson.build'),
  ...m('haskell', 'stack.yaml *.cabal cabal.project'),
  ...m('ocaml', 'dune-project *.opam'),
  ...m('zig', 'build.zig build.zig.zon'),
  ...m('unity', 'ProjectSettings', true),
  ...m('unreal', '*.uproject'),
  ...m('terraform', '*.tf .terraform.lock.hcl'),
  ...m('godot', 'project.godot'),
  ...m('elm', 'elm.json'),
  ...m('purescript', 'spago.dhall spago.yaml'),
  ...m('crystal', 'shard.yml'),
  ...m('vcpkg', 'vcpkg.json'),
  ...m('hugo', 'hugo.toml hugo.yaml hugo.json'),
];

interface Compiled {
  exact: Map<string, MarkerSpec[]>;
  /** By extension including the dot (`.csproj`). */
  suffix: Map<string, MarkerSpec[]>;
  /** `prefix*.ext` forms. */
  wild: Array<{ prefix: string; ext: string; spec: MarkerSpec }>;
}

function compile(specs: readonly MarkerSpec[]): Compiled {
  const c: Compiled = { exact: new Map(), suffix: new Map(), wild: [] };
  const add = (map: Map<string, MarkerSpec[]>, key: string, s: MarkerSpec) =>
    map.set(key, [...(map.get(key) ?? []), s]);
  for (const s of specs) {
    const star = s.pattern.indexOf('*');
    if (star < 0) add(c.exact, s.pattern, s);
    else if (star === 0) add(c.suffix, s.pattern.slice(1), s);
    else c.wild.push({ prefix: s.pattern.slice(0, star), ext: s.pattern.slice(star + 1), spec: s });
  }
  return c;
}

const COMPILED = compile(MARKERS);
const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * One test per directory entry, with no allocation: runs for every entry of every folder, often
 * before the JIT has warmed up (a cold listing), so it must be a native regex, not JS code.
 */
const MAYBE_MARKER = new RegExp(
  `^(?:${[...COMPILED.exact.keys()].map(escapeRe).join('|')}` +
    `|.*(?:${[...COMPILED.suffix.keys()].map(escapeRe).join('|')})` +
    `|${COMPILED.wild.map((w) => `${escapeRe(w.prefix)}.*${escapeRe(w.ext)}`).join('|')})$`,
);

/** The marker specs a directory entry matches (usually none). */
export function markersOf(name: string, isDir: boolean, isFileLike: boolean): MarkerSpec[] {
  if (!MAYBE_MARKER.test(name)) return [];
  const out: MarkerSpec[] = [];
  const fits = (s: MarkerSpec) => (s.dir ? isDir : isFileLike);
  for (const s of COMPILED.exact.get(name) ?? []) if (fits(s)) out.push(s);
  const dot = name.lastIndexOf('.');
  if (dot > 0) for (const s of COMPILED.suffix.get(name.slice(dot)) ?? []) if (fits(s)) out.push(s);
  for (const w of COMPILED.wild)
    if (name.startsWith(w.prefix) && name.endsWith(w.ext) && name.length >= w.prefix.length + w.ext.length)
      if (fits(w.spec)) out.push(w.spec);
  return out;
}

/** The folder whose markers own a subtree, with one marker path (root-relative) per stack. */
export interface Owner {
  /** Root-relative folder ('' for the root). */
  dir: string;
  /** Stack -> the marker that brought it (the first in byte order when several do). */
  stacks: ReadonlyMap<StackId, string>;
  /** Sorted stack ids joined by '+': the key of this owner's rule table. */
  key: string;
}

/**
 * The owner of a folder's subtree: the folder itself when it holds markers, else its parent's.
 * `entries` are the folder's own entries, already read by the walk (no extra I/O).
 */
export function ownerOf(
  parent: Owner | undefined,
  dirRel: string,
  entries: readonly Dirent[],
): Owner | undefined {
  let stacks: Map<StackId, string> | undefined;
  for (const e of entries) {
    if (!MAYBE_MARKER.test(e.name)) continue;
    const isDir = e.isDirectory();
    const specs = markersOf(e.name, isDir, e.isFile() || e.isSymbolicLink());
    if (!specs.length) continue;
    stacks ??= new Map();
    const marker = dirRel ? `${dirRel}/${e.name}` : e.name;
    for (const s of specs) {
      const had = stacks.get(s.stack);
      if (had === undefined || marker < had) stacks.set(s.stack, marker);
    }
  }
  if (!stacks) return parent;
  return { dir: dirRel, stacks, key: [...stacks.keys()].sort().join('+') };
}

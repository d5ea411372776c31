// Which folders a stack's builds and package managers produce, and what proves that a folder of
// that name is one. A name only makes a folder a candidate; a proof (every test of one of the
// rule's proofs) makes it build output. Data only: the probe (probe.ts) evaluates it.
import type { StackId } from './markers';

/** One check on a candidate's top level (or, for `inside`, on its subfolders' top level). */
export type Test =
  /** A regular file with this exact name. */
  | { file: string }
  /** A real folder (never a link) with this exact name. */
  | { dir: string }
  /** At least `min` (default 1) regular files whose names match. */
  | { files: RegExp; min?: number }
  /** At least `min` (default 1) real folders whose names match. */
  | { dirs: RegExp; min?: number }
  /** A CACHEDIR.TAG file that starts with the standard signature (bford.info/cachedir). */
  | { cachedir: true }
  /** A small manifest whose first few KiB match `contains`. */
  | { manifest: string; contains: RegExp }
  /** Compiled code next to its companion: `x.js` + `x.js.map` or `x.js` + `x.d.ts`. */
  | { pair: 'source-map' | 'declaration' }
  /** At least `min` (default 1) subfolders whose names match `inside` pass `test` (two levels). */
  | { inside: RegExp; test: Test; min?: number }
  /** The candidate's parent folder holds a regular file with this exact name (the candidate's owner). */
  | { beside: string };

export interface Rule {
  /** Stable id shown in reasons: `stack.folder`. */
  id: string;
  /** Candidate folder names (exact), or a pattern for families such as `*.egg-info`. */
  names: readonly string[] | RegExp;
  /** The candidate's parent folder must have this name (well-known stores like `.m2/repository`). */
  parent?: string;
  /** Any one proof suffices; every test of a proof must hold. */
  proofs: readonly (readonly Test[])[];
}

const file = (name: string): Test => ({ file: name });
const dir = (name: string): Test => ({ dir: name });
const files = (re: RegExp, min?: number): Test => ({ files: re, ...(min ? { min } : {}) });
const dirs = (re: RegExp, min?: number): Test => ({ dirs: re, ...(min ? { min } : {}) });
const inside = (re: RegExp, test: Test, min?: number): Test => ({
  inside: re,
  test,
  ...(min ? { min } : {}),
});
const beside = (name: string): Test => ({ beside: name });
const CACHEDIR: Test = { cachedir: true };
/** A package.json that names a package and its version (what npm, pnpm and yarn install). */
const INSTALLED: Test = {
  manifest: 'package.json',
  contains:
    /"name"\s*:\s*"[^"]+"[\s\S]*"version"\s*:\s*"[^"]+"|"version"\s*:\s*"[^"]+"[\s\S]*"name"\s*:\s*"[^"]+"/,
};
const ANY = /^/;
/** Each test alone is a proof. */
const anyOf = (...tests: Test[]) => tests.map((t) => [t]);

const rule = (id: string, names: readonly string[] | RegExp, ...proofs: Test[][]): Rule => ({
  id,
  names,
  proofs,
});

/** Rules that apply only inside a subtree owned by a marker of the stack. */
export const STACK_RULES: Record<StackId, readonly Rule[]> = {
  js: [
    rule(
      'js.node_modules',
      ['node_modules'],
      ...anyOf(
        file('.package-lock.json'),
        file('.modules.yaml'),
        dir('.pnpm'),
        file('.yarn-integrity'),
        file('.yarn-state.yml'),
      ),
      [inside(ANY, file('package.json'), 2)],
      // Beside its own package.json (a workspace package's install, which a fixture is not): one
      // installed package, or the .bin/ folder installs link commands in.
      [beside('package.json'), inside(ANY, INSTALLED)],
      [beside('package.json'), dir('.bin')],
    ),
    rule(
      'js.dist',
      ['dist', 'out', 'lib-dist', 'esm', 'cjs'],
      ...anyOf({ pair: 'source-map' }, { pair: 'declaration' }, inside(ANY, { pair: 'source-map' })),
      [file('index.html'), inside(/^assets$/, files(/\.(m?js|css)$/))],
    ),
    rule('js.build', ['build'], ...anyOf(file('asset-manifest.json'), { pair: 'source-map' })),
    rule('js.out', ['out'], ...anyOf(dir('_next'))),
    rule('js.next', ['.next'], ...anyOf(file('BUILD_ID'), file('build-manifest.json')), [
      dir('cache'),
      dir('server'),
    ]),
    rule('js.nuxt', ['.nuxt'], ...anyOf(file('nuxt.d.ts'), file('nuxt.json'))),
    rule('js.nitro', ['.output'], ...anyOf(file('nitro.json'))),
    rule('js.svelte-kit', ['.svelte-kit'], ...anyOf(file('ambient.d.ts'), dir('generated'))),
    rule(
      'js.turbo',
      ['.turbo'],
      ...anyOf(dir('cookies'), dir('daemon'), dir('cache'), files(/^turbo-.+\.log$/)),
    ),
    rule('js.parcel-cache', ['.parcel-cache'], ...anyOf(file('data.mdb'), file('lock.mdb'))),
    rule('js.angular', ['.angular'], ...anyOf(dir('cache'))),
    rule('js.docusaurus', ['.docusaurus'], ...anyOf(file('routes.js'), file('registry.js'))),
    rule('js.gatsby-public', ['public'], ...anyOf(dir('page-data'))),
    rule('js.storybook', ['storybook-static'], ...anyOf(file('iframe.html'))),
    rule('js.nyc', ['.nyc_output'], ...anyOf(dir('processinfo'))),
  ],
  dotnet: [
    rule(
      'dotnet.obj',
      ['obj'],
      ...anyOf(
        file('project.assets.json'),
        file('project.nuget.cache'),
        files(/\.nuget\.(g\.props|g\.targets|dgspec\.json)$/),
        inside(/^(Debug|Release)$/, files(/\.(cache|AssemblyInfo\.cs|FileListAbsolute\.txt)$/)),
      ),
    ),
    rule('dotnet.bin', ['bin'], ...anyOf(dir('Debug'), dir('Release'), files(/\.(dll|pdb|exe)$/i))),
    rule(
      'dotnet.packages',
      ['packages'],
      ...anyOf(file('repositories.config'), inside(ANY, files(/\.nupkg$/i))),
    ),
    rule('dotnet.test-results', ['TestResults'], ...anyOf(files(/\.trx$/i), dirs(/^Deploy_/))),
    rule(
      'dotnet.vs',
      ['.vs'],
      ...anyOf(file('slnx.sqlite'), file('VSWorkspaceState.json'), inside(ANY, dirs(/^v\d+$/))),
    ),
  ],
  'msbuild-cpp': [
    rule(
      'msbuild-cpp.output',
      ['Debug', 'Release', 'x64', 'Win32', 'ARM64'],
      ...anyOf(
        dirs(/\.tlog$/),
        files(/\.(obj|pdb|ilk|idb|pch)$/i),
        inside(ANY, dirs(/\.tlog$/)),
        inside(ANY, files(/\.(obj|pdb|ilk)$/i)),
      ),
    ),
  ],
  go: [
    rule('go.vendor', ['vendor'], ...anyOf(file('modules.txt'))),
    rule('go.goreleaser', ['dist'], [file('artifacts.json'), file('metadata.json')]),
  ],
  rust: [
    rule(
      'rust.target',
      ['target'],
      ...anyOf(CACHEDIR, file('.rustc_info.json'), inside(/^(debug|release)$/, dir('.fingerprint'))),
    ),
  ],
  python: [
    rule('python.build', ['build'], [dirs(/^lib(\..+)?$/), dirs(/^(bdist|temp)\./)]),
    rule('python.dist', ['dist'], ...anyOf(files(/\.(whl|tar\.gz|egg)$/))),
    rule('python.egg-info', /\.egg-info$/, [file('PKG-INFO'), file('SOURCES.txt')]),
    rule('python.eggs', ['.eggs'], ...anyOf(files(/\.egg$/), dirs(/\.egg$/), file('README.txt'))),
  ],
  maven: [
    rule(
      'maven.target',
      ['target'],
      [dir('classes'), dir('maven-status')],
      [dir('maven-archiver')],
      [dir('classes'), dir('test-classes')],
    ),
    rule('jvm.idea-out', ['out'], ...anyOf(dir('production'))),
  ],
  gradle: [
    rule(
      'gradle.build',
      ['build'],
      [dir('tmp'), dir('classes')],
      [dir('tmp'), dir('libs')],
      [dir('tmp'), dir('kotlin')],
      [dir('intermediates')],
    ),
    rule(
      'gradle.dot-gradle',
      ['.gradle'],
      ...anyOf(
        dir('buildOutputCleanup'),
        file('file-system.probe'),
        dir('vcs-1'),
        inside(/^\d+(\.\d+)+$/, dir('fileHashes')),
      ),
    ),
    rule('jvm.idea-out', ['out'], ...anyOf(dir('production'))),
  ],
  sbt: [
    rule('sbt.target', ['target'], ...anyOf(dir('streams'), dirs(/^scala-\d/), dir('global-logging'))),
    rule('sbt.bsp', ['.bsp'], ...anyOf(file('sbt.json'))),
  ],
  clojure: [
    rule('clojure.target', ['target'], ...anyOf(dir('classes'), dir('stale'), files(/\.jar$/))),
    rule('clojure.cpcache', ['.cpcache'], ...anyOf(files(/\.(cp|basis|jvm|main)$/))),
  ],
  php: [
    rule(
      'php.vendor',
      ['vendor'],
      ...anyOf(file('autoload.php'), inside(/^composer$/, file('installed.json'))),
    ),
  ],
  ruby: [
    { ...rule('ruby.vendor-bundle', ['bundle'], ...anyOf(dir('ruby'), dir('jruby'))), parent: 'vendor' },
    rule('ruby.jekyll-site', ['_site'], ...anyOf(file('index.html'))),
    rule('ruby.jekyll-cache', ['.jekyll-cache'], ...anyOf(dir('Jekyll'))),
    rule('ruby.rails-tmp', ['tmp'], ...anyOf(dir('pids'), dir('sockets'))),
  ],
  elixir: [
    rule('elixir.build', ['_build'], ...anyOf(inside(/^(dev|test|prod)$/, dir('lib')))),
    rule('elixir.deps', ['deps'], ...anyOf(inside(ANY, file('.hex')), inside(ANY, file('.fetch')))),
    rule('elixir.ls', ['.elixir_ls'], ...anyOf(dir('build'))),
  ],
  erlang: [rule('erlang.build', ['_build'], ...anyOf(inside(/^default$/, dir('lib'))))],
  swift: [
    rule(
      'swift.build',
      ['.build'],
      ...anyOf(file('workspace-state.json'), dir('checkouts'), dir('repositories'), file('debug.yaml')),
    ),
  ],
  cocoapods: [rule('cocoapods.pods', ['Pods'], ...anyOf(file('Manifest.lock'), dir('Pods.xcodeproj')))],
  xcode: [
    rule(
      'xcode.derived-data',
      ['DerivedData'],
      ...anyOf(dir('ModuleCache.noindex'), inside(ANY, dir('Index.noindex'))),
    ),
    rule('xcode.build', ['build'], ...anyOf(dir('XCBuildData'), dirs(/\.build$/))),
  ],
  dart: [
    rule('dart.tool', ['.dart_tool'], ...anyOf(file('package_config.json'))),
    rule('dart.build', ['build'], ...anyOf(file('.last_build_id'), dir('flutter_assets'))),
  ],
  cmake: [
    rule(
      'cmake.build',
      /^(cmake-)?build([-_.].+)?$|^_build$|^builddir$/,
      ...anyOf(
        file('CMakeCache.txt'),
        dir('CMakeFiles'),
        file('build.ninja'),
        inside(ANY, file('CMakeCache.txt')),
      ),
    ),
  ],
  meson: [
    rule(
      'meson.build',
      /^build([-_.].+)?$|^_build$|^builddir$/,
      ...anyOf(file('build.ninja'), dir('meson-private'), dir('meson-info'), dir('meson-logs')),
    ),
  ],
  haskell: [
    rule('haskell.stack-work', ['.stack-work'], ...anyOf(dir('install'), dir('dist'), dir('downloaded'))),
    rule('haskell.dist-newstyle', ['dist-newstyle'], ...anyOf(dir('cache'), dir('packagedb'))),
  ],
  ocaml: [
    rule('ocaml.build', ['_build'], ...anyOf(file('log'), dir('default'), file('.db'))),
    rule('ocaml.opam', ['_opam'], ...anyOf(dir('.opam-switch'))),
  ],
  zig: [
    rule('zig.cache', ['zig-cache', '.zig-cache'], [dir('h'), dir('o')], [dir('z')]),
    rule('zig.out', ['zig-out'], ...anyOf(dir('bin'), dir('lib'))),
  ],
  unity: [
    rule(
      'unity.library',
      ['Library'],
      ...anyOf(file('ArtifactDB'), file('SourceAssetDB'), dir('PackageCache'), dir('ScriptAssemblies')),
    ),
    rule('unity.temp', ['Temp'], ...anyOf(file('UnityLockfile'))),
  ],
  unreal: [
    rule('unreal.binaries', ['Binaries'], ...anyOf(dirs(/^(Win64|Linux|Mac|Android|IOS|LinuxArm64)$/))),
    rule(
      'unreal.intermediate',
      ['Intermediate'],
      ...anyOf(dir('Build'), dir('ProjectFiles'), dir('ShaderAutogen')),
    ),
    rule('unreal.ddc', ['DerivedDataCache'], ...anyOf(files(/\.ddp$/i))),
  ],
  terraform: [
    rule(
      'terraform.dot-terraform',
      ['.terraform'],
      ...anyOf(dir('providers'), dir('modules'), file('terraform.tfstate')),
    ),
  ],
  godot: [
    rule(
      'godot.dot-godot',
      ['.godot'],
      ...anyOf(dir('imported'), file('uid_cache.bin'), dir('shader_cache')),
    ),
    rule('godot.import', ['.import'], ...anyOf(files(/\.(md5|stex|ctex)$/))),
  ],
  elm: [rule('elm.stuff', ['elm-stuff'], ...anyOf(dirs(/^0\.\d+\.\d+$/)))],
  purescript: [
    rule('purescript.output', ['output'], ...anyOf(file('cache-db.json'), inside(ANY, file('externs.cbor')))),
    rule(
      'purescript.spago',
      ['.spago'],
      ...anyOf(dir('p'), dir('packages'), inside(ANY, dirs(/^v?\d+\.\d+/))),
    ),
  ],
  crystal: [rule('crystal.lib', ['lib'], ...anyOf(file('.shards.info')))],
  vcpkg: [rule('vcpkg.installed', ['vcpkg_installed'], ...anyOf(dir('vcpkg')))],
  hugo: [
    rule(
      'hugo.public',
      ['public'],
      [file('sitemap.xml'), file('index.xml')],
      [file('sitemap.xml'), file('index.html')],
    ),
    rule('hugo.resources', ['resources'], [dir('_gen')]),
  ],
};

/** Rules whose proof is unambiguous in any stack: they apply everywhere, marker or not. */
export const ANYWHERE_RULES: readonly Rule[] = [
  rule('python.pycache', ['__pycache__'], ...anyOf(files(/\.py[co]$/))),
  rule(
    'python.venv',
    ['.venv', 'venv', 'env', '.env', 'virtualenv', '.virtualenv', '.conda'],
    ...anyOf({ manifest: 'pyvenv.cfg', contains: /^home\s*=/m }, dir('conda-meta')),
  ),
  rule('python.direnv', ['.direnv'], ...anyOf(inside(/^python-/, file('pyvenv.cfg')))),
  rule('python.pytest-cache', ['.pytest_cache'], [CACHEDIR], [dir('v'), file('README.md')]),
  rule('python.mypy-cache', ['.mypy_cache'], [CACHEDIR], [dirs(/^\d+\.\d+$/)]),
  rule('python.ruff-cache', ['.ruff_cache'], [CACHEDIR]),
  rule(
    'python.tox',
    ['.tox', '.nox'],
    ...anyOf(inside(ANY, file('.tox-info.json')), inside(ANY, file('pyvenv.cfg')), dir('.pkg')),
    [dir('log'), dir('dist')],
  ),
  rule('python.hypothesis', ['.hypothesis'], ...anyOf(dir('examples'))),
  rule('jupyter.checkpoints', ['.ipynb_checkpoints'], ...anyOf(files(/-checkpoint\.\w+$/))),
  rule('sphinx.build', ['_build'], ...anyOf(dir('doctrees'), inside(/^html$/, file('.buildinfo')))),
  rule(
    'coverage.report',
    ['coverage'],
    ...anyOf(
      file('lcov.info'),
      file('coverage-final.json'),
      file('coverage-summary.json'),
      file('clover.xml'),
      file('cobertura-coverage.xml'),
      dir('lcov-report'),
    ),
  ),
  rule('coverage.htmlcov', ['htmlcov'], ...anyOf(file('status.json'), files(/^coverage_html.*\.js$/))),
  rule('cache.cachedir-tag', ['cache', '.cache', 'caches', 'tmp', '.tmp', 'temp', '.temp'], [CACHEDIR]),
  rule('sass.cache', ['.sass-cache'], ...anyOf(files(/\.scssc$/), inside(ANY, files(/\.scssc$/)))),
  // Well-known dependency stores, wherever they sit.
  {
    ...rule('store.maven', ['repository'], ...anyOf(dirs(/^(org|com|io|net|javax|jakarta|junit)$/))),
    parent: '.m2',
  },
  { ...rule('store.cargo', ['registry'], ...anyOf(dir('index'), dir('cache'))), parent: '.cargo' },
  { ...rule('store.nuget', ['packages'], ...anyOf(inside(ANY, dirs(/^\d+\.\d+/)))), parent: '.nuget' },
  { ...rule('store.yarn-cache', ['cache'], ...anyOf(files(/\.zip$/))), parent: '.yarn' },
  {
    ...rule('store.yarn-unplugged', ['unplugged'], ...anyOf(inside(ANY, dir('node_modules')))),
    parent: '.yarn',
  },
  rule('store.pnpm', ['.pnpm-store'], ...anyOf(dirs(/^v\d+$/))),
];

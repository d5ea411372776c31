// The fixture cases of smart.test.ts: proven build output (hidden with rule and owner); the
// look-alikes (same names, no proof, or another stack's subtree: kept visible) are look-alikes.ts.
import { CACHEDIR_TAG, type Spec } from './fixture';

export interface Case {
  what: string;
  spec: Spec;
  /** Proven: hidden folder -> [rule, owner]. */
  hidden?: Record<string, [string, string]>;
  /** Look-alikes: folders whose files all stay visible. */
  kept?: string[];
}

export const DLL = 'MZ\0\0binary';

export const PROVEN: Case[] = [
  {
    what: 'node_modules of a workspace package holding one installed package (name and version)',
    spec: {
      'package.json': '{"workspaces": ["packages/*"]}',
      'packages/foo/package.json': '{"name": "foo"}',
      'packages/foo/index.js': '',
      'packages/foo/node_modules/semver/package.json': '{\n  "name": "semver",\n  "version": "7.6.3"\n}\n',
      'packages/foo/node_modules/semver/index.js': '',
    },
    hidden: { 'packages/foo/node_modules': ['js.node_modules', 'packages/foo/package.json'] },
  },
  {
    what: 'node_modules beside a package.json with a .bin/ folder',
    spec: {
      'package.json': '{}',
      'node_modules/.bin/tsc': '#!/bin/sh',
      'node_modules/@types/node/package.json': '{}',
    },
    hidden: { node_modules: ['js.node_modules', 'package.json'] },
  },
  {
    what: '.NET obj/ with project.assets.json',
    spec: { 'App.csproj': '<Project/>', 'obj/project.assets.json': '{}' },
    hidden: { obj: ['dotnet.obj', 'App.csproj'] },
  },
  {
    what: '.NET obj/ with *.nuget.g.props',
    spec: { 'Lib.fsproj': '<Project/>', 'obj/Lib.fsproj.nuget.g.props': '<x/>' },
    hidden: { obj: ['dotnet.obj', 'Lib.fsproj'] },
  },
  {
    what: '.NET bin/ with Debug/',
    spec: { 'App.csproj': '', 'bin/Debug/net8.0/App.dll': DLL },
    hidden: { bin: ['dotnet.bin', 'App.csproj'] },
  },
  {
    what: '.NET bin/ with DLLs',
    spec: { 'App.vbproj': '', 'bin/App.dll': DLL, 'bin/App.pdb': DLL },
    hidden: { bin: ['dotnet.bin', 'App.vbproj'] },
  },
  {
    what: 'NuGet package cache packages/ next to a .sln',
    spec: { 'Shop.sln': '', 'packages/Newtonsoft.Json.13.0.1/Newtonsoft.Json.13.0.1.nupkg': DLL },
    hidden: { packages: ['dotnet.packages', 'Shop.sln'] },
  },
  {
    what: 'CMake build/ with CMakeCache.txt',
    spec: { 'CMakeLists.txt': '', 'build/CMakeCache.txt': '', 'build/app': DLL },
    hidden: { build: ['cmake.build', 'CMakeLists.txt'] },
  },
  {
    what: 'CMake build/ with CMakeFiles/',
    spec: { 'CMakeLists.txt': '', 'build/CMakeFiles/x.o': DLL },
    hidden: { build: ['cmake.build', 'CMakeLists.txt'] },
  },
  {
    what: 'CMake multi-config build/ (cache one level down)',
    spec: { 'CMakeLists.txt': '', 'build/Release/CMakeCache.txt': '' },
    hidden: { build: ['cmake.build', 'CMakeLists.txt'] },
  },
  {
    what: 'CLion cmake-build-debug/',
    spec: { 'CMakeLists.txt': '', 'cmake-build-debug/build.ninja': '' },
    hidden: { 'cmake-build-debug': ['cmake.build', 'CMakeLists.txt'] },
  },
  {
    what: 'Meson builddir/',
    spec: { 'meson.build': '', 'builddir/meson-private/x.dat': '' },
    hidden: { builddir: ['meson.build', 'meson.build'] },
  },
  {
    what: 'Gradle build/ with tmp/ + classes/',
    spec: { 'build.gradle.kts': '', 'build/tmp/x': '', 'build/classes/A.class': DLL },
    hidden: { build: ['gradle.build', 'build.gradle.kts'] },
  },
  {
    what: 'setuptools build/ with lib/ + bdist.*',
    spec: { 'setup.py': '', 'build/lib/pkg/__init__.py': '', 'build/bdist.linux-x86_64/x': '' },
    hidden: { build: ['python.build', 'setup.py'] },
  },
  {
    what: 'JS dist/ with a bundle and its source map',
    spec: { 'package.json': '{}', 'dist/index.js': 'x', 'dist/index.js.map': '{}' },
    hidden: { dist: ['js.dist', 'package.json'] },
  },
  {
    what: 'JS dist/ with tsc declarations',
    spec: { 'package.json': '{}', 'dist/index.js': 'x', 'dist/index.d.ts': 'x' },
    hidden: { dist: ['js.dist', 'package.json'] },
  },
  {
    what: 'Vite dist/ with index.html + assets/',
    spec: { 'package.json': '{}', 'dist/index.html': '', 'dist/assets/index-Bx1.js': '' },
    hidden: { dist: ['js.dist', 'package.json'] },
  },
  {
    what: 'Python dist/ with a wheel',
    spec: { 'pyproject.toml': '', 'dist/pkg-1.0-py3-none-any.whl': DLL },
    hidden: { dist: ['python.dist', 'pyproject.toml'] },
  },
  {
    what: 'Python dist/ with an sdist',
    spec: { 'setup.cfg': '', 'dist/pkg-1.0.tar.gz': DLL },
    hidden: { dist: ['python.dist', 'setup.cfg'] },
  },
  {
    what: 'Rust target/ with CACHEDIR.TAG',
    spec: { 'Cargo.toml': '', 'target/CACHEDIR.TAG': CACHEDIR_TAG, 'target/debug/app': DLL },
    hidden: { target: ['rust.target', 'Cargo.toml'] },
  },
  {
    what: 'Rust target/ with .rustc_info.json',
    spec: { 'Cargo.toml': '', 'target/.rustc_info.json': '{}' },
    hidden: { target: ['rust.target', 'Cargo.toml'] },
  },
  {
    what: 'Maven target/ with classes/ + maven-status/',
    spec: { 'pom.xml': '', 'target/classes/A.class': DLL, 'target/maven-status/x': '' },
    hidden: { target: ['maven.target', 'pom.xml'] },
  },
  {
    what: 'Go vendor/ with modules.txt',
    spec: { 'go.mod': 'module x', 'vendor/modules.txt': '', 'vendor/github.com/a/b/b.go': '' },
    hidden: { vendor: ['go.vendor', 'go.mod'] },
  },
  {
    what: 'Composer vendor/ with autoload.php',
    spec: { 'composer.json': '{}', 'vendor/autoload.php': '<?php' },
    hidden: { vendor: ['php.vendor', 'composer.json'] },
  },
  {
    what: 'node_modules/ with .package-lock.json',
    spec: { 'package.json': '{}', 'node_modules/.package-lock.json': '{}', 'node_modules/a/index.js': '' },
    hidden: { node_modules: ['js.node_modules', 'package.json'] },
  },
  {
    what: 'node_modules/ with package folders',
    spec: { 'deno.json': '{}', 'node_modules/a/package.json': '{}', 'node_modules/b/package.json': '{}' },
    hidden: { node_modules: ['js.node_modules', 'deno.json'] },
  },
  {
    what: '.venv with pyvenv.cfg, no marker needed',
    spec: { 'run.py': '', '.venv/pyvenv.cfg': 'home = /usr/bin\n', '.venv/lib/x.py': '' },
    hidden: { '.venv': ['python.venv', ''] },
  },
  {
    what: '__pycache__ with .pyc',
    spec: { 'a.py': '', '__pycache__/a.cpython-311.pyc': DLL },
    hidden: { __pycache__: ['python.pycache', ''] },
  },
  {
    what: 'Unity Library/ with ArtifactDB',
    spec: { 'ProjectSettings/ProjectVersion.txt': '', 'Assets/A.cs': '', 'Library/ArtifactDB': DLL },
    hidden: { Library: ['unity.library', 'ProjectSettings'] },
  },
  {
    what: 'cache/ with CACHEDIR.TAG',
    spec: { 'cache/CACHEDIR.TAG': CACHEDIR_TAG, 'cache/blob': '' },
    hidden: { cache: ['cache.cachedir-tag', ''] },
  },
  {
    what: '.next with BUILD_ID',
    spec: { 'package.json': '{}', '.next/BUILD_ID': 'x' },
    hidden: { '.next': ['js.next', 'package.json'] },
  },
  {
    what: '.nuxt with nuxt.d.ts',
    spec: { 'package.json': '{}', '.nuxt/nuxt.d.ts': '' },
    hidden: { '.nuxt': ['js.nuxt', 'package.json'] },
  },
  {
    what: '.svelte-kit with ambient.d.ts',
    spec: { 'package.json': '{}', '.svelte-kit/ambient.d.ts': '' },
    hidden: { '.svelte-kit': ['js.svelte-kit', 'package.json'] },
  },
  {
    what: '.turbo with cookies/',
    spec: { 'package.json': '{}', '.turbo/cookies/1.cookie': '' },
    hidden: { '.turbo': ['js.turbo', 'package.json'] },
  },
  {
    what: '.gradle with buildOutputCleanup/',
    spec: { 'settings.gradle': '', '.gradle/buildOutputCleanup/x.lock': '' },
    hidden: { '.gradle': ['gradle.dot-gradle', 'settings.gradle'] },
  },
  {
    what: '.pytest_cache with CACHEDIR.TAG',
    spec: { '.pytest_cache/CACHEDIR.TAG': CACHEDIR_TAG },
    hidden: { '.pytest_cache': ['python.pytest-cache', ''] },
  },
  {
    what: '.mypy_cache with CACHEDIR.TAG',
    spec: { '.mypy_cache/CACHEDIR.TAG': CACHEDIR_TAG },
    hidden: { '.mypy_cache': ['python.mypy-cache', ''] },
  },
  {
    what: '.tox with an environment',
    spec: { 'tox.ini': '', '.tox/py311/.tox-info.json': '{}' },
    hidden: { '.tox': ['python.tox', ''] },
  },
  {
    what: 'Maven store .m2/repository',
    spec: { '.m2/settings.xml': '', '.m2/repository/org/x.pom': '' },
    hidden: { '.m2/repository': ['store.maven', ''] },
  },
  {
    what: 'Cargo store .cargo/registry',
    spec: { '.cargo/config.toml': '', '.cargo/registry/index/x': '' },
    hidden: { '.cargo/registry': ['store.cargo', ''] },
  },
  {
    what: 'NuGet store .nuget/packages',
    spec: { '.nuget/packages/newtonsoft.json/13.0.1/x.nupkg': DLL },
    hidden: { '.nuget/packages': ['store.nuget', ''] },
  },
  {
    what: 'Crystal lib/ with .shards.info',
    spec: { 'shard.yml': '', 'lib/.shards.info': '', 'lib/kemal/src/kemal.cr': '' },
    hidden: { lib: ['crystal.lib', 'shard.yml'] },
  },
  {
    what: 'Elixir _build/dev/lib',
    spec: { 'mix.exs': '', '_build/dev/lib/app/ebin/x.beam': DLL },
    hidden: { _build: ['elixir.build', 'mix.exs'] },
  },
  {
    what: 'SwiftPM .build',
    spec: { 'Package.swift': '', '.build/workspace-state.json': '{}' },
    hidden: { '.build': ['swift.build', 'Package.swift'] },
  },
  {
    what: 'CocoaPods Pods/',
    spec: { Podfile: '', 'Pods/Manifest.lock': '' },
    hidden: { Pods: ['cocoapods.pods', 'Podfile'] },
  },
  {
    what: 'Dart .dart_tool/',
    spec: { 'pubspec.yaml': '', '.dart_tool/package_config.json': '{}' },
    hidden: { '.dart_tool': ['dart.tool', 'pubspec.yaml'] },
  },
  {
    what: 'coverage/ with lcov.info',
    spec: { 'package.json': '{}', 'coverage/lcov.info': '' },
    hidden: { coverage: ['coverage.report', ''] },
  },
  {
    what: 'Zig .zig-cache',
    spec: { 'build.zig': '', '.zig-cache/h/x': '', '.zig-cache/o/y': '' },
    hidden: { '.zig-cache': ['zig.cache', 'build.zig'] },
  },
  {
    what: 'Terraform .terraform/providers',
    spec: { 'main.tf': '', '.terraform/providers/x': '' },
    hidden: { '.terraform': ['terraform.dot-terraform', 'main.tf'] },
  },
  {
    what: 'Stack .stack-work/install',
    spec: { 'stack.yaml': '', '.stack-work/install/x': '' },
    hidden: { '.stack-work': ['haskell.stack-work', 'stack.yaml'] },
  },
  {
    what: 'Gatsby public/ with page-data/',
    spec: { 'package.json': '{}', 'public/page-data/app.json': '{}' },
    hidden: { public: ['js.gatsby-public', 'package.json'] },
  },
  {
    what: 'MSBuild C++ x64/Debug with .tlog',
    spec: { 'App.vcxproj': '', 'x64/Debug/App.tlog/CL.read.1.tlog': '' },
    hidden: { x64: ['msbuild-cpp.output', 'App.vcxproj'] },
  },
];

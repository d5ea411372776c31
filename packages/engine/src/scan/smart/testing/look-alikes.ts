// The look-alike cases of smart.test.ts: folders named like build output but without proof, or
// another stack's subtree; every file in them stays visible (the proven cases are cases.ts).
import { type Case, DLL } from './cases';

export const LOOK_ALIKES: Case[] = [
  {
    what: 'bin/ of shell scripts under .NET',
    spec: { 'App.csproj': '', 'bin/deploy.sh': '#!/bin/sh', 'bin/run': '#!/bin/sh' },
    kept: ['bin'],
  },
  {
    what: 'bin/ with DLLs outside a .NET subtree',
    spec: { 'package.json': '{}', 'bin/native.dll': DLL },
    kept: ['bin'],
  },
  {
    what: 'Python package named build',
    spec: { 'pyproject.toml': '', 'build/__init__.py': '', 'build/steps.py': '' },
    kept: ['build'],
  },
  {
    what: 'CMake project with a build/ of helper scripts',
    spec: { 'CMakeLists.txt': '', 'build/toolchain.cmake': '', 'build/README.md': '' },
    kept: ['build'],
  },
  {
    what: 'Go vendor business module without modules.txt',
    spec: { 'go.mod': '', 'vendor/vendor.go': 'package vendor', 'vendor/supplier.go': '' },
    kept: ['vendor'],
  },
  {
    what: 'vendor/ with modules.txt outside a Go subtree',
    spec: { 'package.json': '{}', 'vendor/modules.txt': '', 'vendor/shop.js': '' },
    kept: ['vendor'],
  },
  {
    what: 'JS packages/ workspace',
    spec: {
      'package.json': '{"workspaces":["packages/*"]}',
      'packages/a/package.json': '{}',
      'packages/b/package.json': '{}',
      'packages/b/x.nupkg': DLL,
    },
    kept: ['packages'],
  },
  {
    what: '.NET packages/ of projects (no .nupkg)',
    spec: { 'Shop.sln': '', 'packages/Core/Core.csproj': '', 'packages/Core/A.cs': '' },
    kept: ['packages'],
  },
  {
    what: 'Rust target/ source folder without a tag',
    spec: { 'Cargo.toml': '', 'target/mod.rs': '', 'target/arch.rs': '' },
    kept: ['target'],
  },
  {
    what: 'target/ source folder in a JS project',
    spec: { 'package.json': '{}', 'target/index.ts': '', 'target/CACHEDIR.TAG': 'not the signature' },
    kept: ['target'],
  },
  {
    what: 'Maven target/ with only classes/',
    spec: { 'pom.xml': '', 'target/classes/A.class': DLL },
    kept: ['target'],
  },
  {
    what: 'lib/ of JS sources',
    spec: { 'package.json': '{}', 'lib/index.js': '', 'lib/util.js': '', 'lib/index.d.ts': '' },
    kept: ['lib'],
  },
  {
    what: 'lib/ of Python sources',
    spec: { 'pyproject.toml': '', 'lib/core.py': '', 'lib/__init__.py': '' },
    kept: ['lib'],
  },
  {
    what: 'dist/ with a hand-written script only',
    spec: { 'package.json': '{}', 'dist/index.js': 'x' },
    kept: ['dist'],
  },
  {
    what: 'dist/ with wheels in a JS subtree',
    spec: { 'package.json': '{}', 'dist/tool.whl': DLL },
    kept: ['dist'],
  },
  {
    what: 'node_modules fixture with one versioned package, no package.json beside it',
    spec: {
      'package.json': '{}',
      'test/fixtures/resolve/node_modules/dep/package.json': '{"name": "dep", "version": "1.0.0"}',
      'test/fixtures/resolve/node_modules/dep/index.js': '',
    },
    kept: ['test/fixtures/resolve/node_modules'],
  },
  {
    what: 'node_modules fixture with one package',
    spec: { 'package.json': '{}', 'test/node_modules/a/package.json': '{}' },
    kept: ['test/node_modules'],
  },
  {
    what: '.venv without pyvenv.cfg',
    spec: { '.venv/notes.md': '', '.venv/pyvenv.txt': 'home' },
    kept: ['.venv'],
  },
  {
    what: 'env/ source folder',
    spec: { 'package.json': '{}', 'env/config.ts': '', 'env/pyvenv.cfg': 'no home key' },
    kept: ['env'],
  },
  { what: '__pycache__ without .pyc', spec: { '__pycache__/README': '' }, kept: ['__pycache__'] },
  {
    what: 'cache/ with a false CACHEDIR.TAG',
    spec: { 'cache/CACHEDIR.TAG': 'Signature: wrong\n', 'cache/policy.ts': '' },
    kept: ['cache'],
  },
  {
    what: 'Library/ of Swift sources',
    spec: { 'Package.swift': '', 'Library/Foo.swift': '', 'Library/ArtifactDB': '' },
    kept: ['Library'],
  },
  { what: '.NET obj/ of sources', spec: { 'App.csproj': '', 'obj/Model.cs': '' }, kept: ['obj'] },
  {
    what: 'public/ of static assets in a Vite app',
    spec: { 'package.json': '{}', 'public/favicon.svg': '', 'public/robots.txt': '' },
    kept: ['public'],
  },
  { what: 'Gradle build/ with only tmp/', spec: { 'build.gradle': '', 'build/tmp/x': '' }, kept: ['build'] },
  {
    what: 'repository/ outside .m2',
    spec: { 'pom.xml': '', 'src/repository/org/UserRepository.java': '' },
    kept: ['src/repository'],
  },
  {
    what: 'Debug/ outside a C++ MSBuild subtree',
    spec: { 'package.json': '{}', 'Debug/a.obj': DLL },
    kept: ['Debug'],
  },
  { what: 'tmp/ of notes', spec: { Gemfile: '', 'tmp/notes.md': '' }, kept: ['tmp'] },
];

// Who may import whom, for every workspace (shared/DESIGN.md; docs/architecture.md, "Who may import
// whom"): common imports nothing of ours and runs anywhere (no Node, no DOM); the engine imports
// common; mcp the engine; host mcp; the apps host. The window (apps/desktop/src/renderer) imports
// only common, React and zustand; the preload loads nothing but electron. Deep imports go through
// a package's declared `exports`, each package declares the packages of ours it imports, and no
// files import each other in a cycle. The checker is ./testing/architecture.ts; the cases below
// plant each kind of violation to show it is caught.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { check, cycles, type Input, type Manifest, type Room, type Source } from './testing/architecture';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

const NODE_ROOMS = ['common', 'engine', 'mcp', 'host'];

/** The rooms: folders, the runtime their files run in, and the rooms they may import. */
export const ROOMS: Room[] = [
  { name: 'common', paths: ['packages/common/src'], runtime: 'common', may: ['common'] },
  {
    name: 'engine',
    paths: ['packages/engine/src'],
    runtime: 'node',
    may: ['common', 'engine'],
    npmDenied: ['electron', 'react', 'react-dom'],
  },
  { name: 'mcp', paths: ['packages/mcp/src'], runtime: 'node', may: ['common', 'engine', 'mcp'] },
  { name: 'host', paths: ['packages/host/src'], runtime: 'node', may: [...NODE_ROOMS] },
  { name: 'cli', paths: ['apps/cli'], runtime: 'node', may: [...NODE_ROOMS, 'cli'] },
  { name: 'bench', paths: ['apps/bench'], runtime: 'node', may: [...NODE_ROOMS, 'bench'] },
  {
    name: 'desktop/main',
    paths: ['apps/desktop/src/main'],
    runtime: 'node',
    may: [...NODE_ROOMS, 'desktop/main'],
  },
  {
    name: 'desktop/preload',
    paths: ['apps/desktop/src/preload'],
    runtime: 'preload',
    may: ['common', 'host', 'desktop/preload'],
  },
  {
    name: 'desktop/renderer',
    paths: ['apps/desktop/src/renderer'],
    runtime: 'browser',
    may: ['common', 'desktop/renderer'],
    npm: ['react', 'react-dom', 'zustand'],
  },
  {
    // Build scripts, packaging and the test of the window's stores on a real host.
    name: 'desktop/tools',
    paths: [
      'apps/desktop/build.ts',
      'apps/desktop/vite.config.ts',
      'apps/desktop/scripts',
      'apps/desktop/test',
    ],
    runtime: 'node',
    may: [...NODE_ROOMS, 'desktop/tools', 'desktop/renderer'],
  },
];

/**
 * Import cycles not yet broken (VS Code style: named, and the list may only shrink). The test fails
 * on any cycle not listed here, and on a listed one that no longer exists, so that the list is
 * shortened in the change that breaks it.
 */
export const EXEMPT_CYCLES: string[][] = [
  // The watcher calls back into the Workspace (ws.exclusive, applyUpdate, countTokens).
  ['packages/engine/src/watch/watcher.ts', 'packages/engine/src/workspace/workspace.ts'],
];

// ---------------------------------------------------------------- reading the repository

// `.work`: the bench's generated repositories (apps/bench/.work, git-ignored), data, not our code.
const SKIP = new Set(['node_modules', 'dist', 'out', 'test-results', '.work']);
/** Project text the compressor's tests read as data, not code of ours. */
const DATA = new Set(['packages/engine/fixtures']);

function sourcesUnder(dir: string): Source[] {
  const out: Source[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(repo, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name) && !DATA.has(rel)) walk(rel);
      } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
        out.push({ path: rel, text: readFileSync(path.join(repo, rel), 'utf8') });
    }
  };
  if (existsSync(path.join(repo, dir))) walk(dir);
  return out;
}

function manifests(): Manifest[] {
  const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { workspaces: string[] };
  return root.workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(repo, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const declared = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    return {
      name: pkg.name,
      dir,
      exports: pkg.exports ?? {},
      declares: declared.filter((d) => d.startsWith('@loupe/')),
    };
  });
}

function repository(): Input {
  const ms = manifests();
  return {
    manifests: ms,
    sources: ms.flatMap((m) => sourcesUnder(m.dir)),
    rooms: ROOMS,
    exemptCycles: EXEMPT_CYCLES,
  };
}

/** Type errors of files compiled as common compiles them: ES2023 only, no DOM, no Node types. */
function commonDiagnostics(extra?: Source): string[] {
  const configFile = path.join(repo, 'packages/common/tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const planted = extra && path.join(repo, extra.path);
  if (planted && extra) {
    const { getSourceFile, fileExists, readFile } = host;
    host.getSourceFile = (name, lang, ...rest) =>
      name === planted
        ? ts.createSourceFile(name, extra.text, lang)
        : getSourceFile.call(host, name, lang, ...rest);
    host.fileExists = (name) => name === planted || fileExists.call(host, name);
    host.readFile = (name) => (name === planted ? extra.text : readFile.call(host, name));
  }
  const names = planted ? [planted] : config.fileNames;
  const program = ts.createProgram(names, config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(repo, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

// ---------------------------------------------------------------- the repository holds

describe('architecture', () => {
  it('every workspace file sits in a room and keeps its rules', () => {
    const input = repository();
    expect(input.sources.length).toBeGreaterThan(400);
    for (const m of input.manifests)
      expect(
        ROOMS.some((r) => r.paths.some((p) => p === m.dir || p.startsWith(`${m.dir}/`))),
        `${m.name} has no room`,
      ).toBe(true);
    expect(check(input)).toEqual([]);
  }, 180_000);

  it('common type-checks with neither DOM nor Node: it runs in the window, the engine and everywhere', () => {
    expect(commonDiagnostics()).toEqual([]);
  }, 180_000);

  // ---------------------------------------------------------------- the checks have teeth

  const manifest = (
    name: string,
    declares: string[] = [],
    exports: Record<string, string> = {},
  ): Manifest => ({
    name: `@loupe/${name.split('/').pop()}`,
    dir: name,
    exports: name.startsWith('packages/') ? { '.': './src/index.ts', ...exports } : exports,
    declares,
  });
  const world = (sources: Source[], more: Partial<Input> = {}): Input => ({
    manifests: [
      manifest('packages/common'),
      manifest('packages/engine', ['@loupe/common'], { './errors': './src/errors.ts' }),
      manifest('packages/host', ['@loupe/common', '@loupe/engine']),
      manifest('apps/cli', ['@loupe/host']),
      manifest('apps/desktop', ['@loupe/common', '@loupe/host']),
    ],
    // A planted file replaces a base file of the same path.
    sources: [
      ...[
        { path: 'packages/common/src/index.ts', text: 'export const x = 1;' },
        {
          path: 'packages/engine/src/index.ts',
          text: "import { x } from '@loupe/common';\nexport const y = x;",
        },
        { path: 'packages/engine/src/errors.ts', text: 'export class E extends Error {}' },
        { path: 'packages/engine/src/scan/walk.ts', text: 'export const walk = 1;' },
        { path: 'packages/host/src/index.ts', text: "export { y } from '@loupe/engine';" },
      ].filter((base) => !sources.some((s) => s.path === base.path)),
      ...sources,
    ],
    rooms: ROOMS,
    exemptCycles: [],
    ...more,
  });

  it('the planted world itself holds (so each case below fails for its plant alone)', () => {
    expect(check(world([]))).toEqual([]);
  });

  it('catches a planted import cycle between files, and a self-import', () => {
    const problems = check(
      world([
        { path: 'packages/engine/src/a.ts', text: "import { b } from './b';\nexport const a = 1;" },
        { path: 'packages/engine/src/b.ts', text: "import type { a } from './a';\nexport const b = 2;" },
        { path: 'packages/engine/src/c.ts', text: "export * from './c';" },
      ]),
    );
    expect(problems).toEqual([
      expect.stringContaining('Import cycle: packages/engine/src/a.ts -> packages/engine/src/b.ts.'),
      expect.stringContaining('Import cycle: packages/engine/src/c.ts.'),
    ]);
  });

  it('an exempt cycle passes, and one that no longer exists fails until it leaves the list', () => {
    const pair = [
      { path: 'packages/engine/src/a.ts', text: "import { b } from './b';\nexport const a = 1;" },
      { path: 'packages/engine/src/b.ts', text: "import { a } from './a';\nexport const b = 2;" },
    ];
    const listed = [['packages/engine/src/a.ts', 'packages/engine/src/b.ts']];
    expect(check(world(pair, { exemptCycles: listed }))).toEqual([]);
    const broken = [pair[0]!, { path: 'packages/engine/src/b.ts', text: 'export const b = 2;' }];
    expect(check(world(broken, { exemptCycles: listed }))).toEqual([
      expect.stringContaining('no longer exists as listed: shorten the exemption list'),
    ]);
  });

  it('catches a planted undeclared deep import, by package subpath or by relative path', () => {
    const problems = check(
      world([
        { path: 'packages/host/src/a.ts', text: "import { walk } from '@loupe/engine/scan/walk';" },
        { path: 'packages/host/src/b.ts', text: "import { E } from '@loupe/engine/errors';" },
        { path: 'apps/cli/src/c.ts', text: "import { walk } from '../../../packages/engine/src/scan/walk';" },
      ]),
    );
    expect(problems).toEqual([
      expect.stringMatching(/packages\/host\/src\/a\.ts:1 .*@loupe\/engine does not export \.\/scan\/walk/),
      expect.stringMatching(/apps\/cli\/src\/c\.ts:1 .*reaches into @loupe\/engine by a relative path/),
    ]);
  });

  it('catches a package of ours used but not declared in package.json', () => {
    expect(check(world([{ path: 'apps/cli/src/a.ts', text: "import { y } from '@loupe/engine';" }]))).toEqual(
      [expect.stringContaining('@loupe/cli does not declare @loupe/engine')],
    );
  });

  it('catches a renderer file importing a Node module, an npm package it may not load, or the host', () => {
    const problems = check(
      world([
        { path: 'apps/desktop/src/renderer/a.ts', text: "import { readFileSync } from 'node:fs';" },
        { path: 'apps/desktop/src/renderer/b.ts', text: "const path = await import('path');" },
        { path: 'apps/desktop/src/renderer/c.ts', text: "import type { WebSocket } from 'ws';" },
        { path: 'apps/desktop/src/renderer/d.ts', text: "import type { y } from '@loupe/host';" },
        {
          path: 'apps/desktop/src/renderer/ok.tsx',
          text: "import { x } from '@loupe/common';\nimport { useState } from 'react';\nimport { createStore } from 'zustand/vanilla';",
        },
      ]),
    );
    expect(problems).toEqual([
      expect.stringMatching(/renderer\/a\.ts:1 imports 'node:fs': a Node built-in/),
      expect.stringMatching(/renderer\/b\.ts:1 imports 'path': a Node built-in/),
      expect.stringMatching(/renderer\/c\.ts:1 imports 'ws': an npm package/),
      expect.stringMatching(/renderer\/d\.ts:1 .*may import only common, desktop\/renderer, not host/),
    ]);
  });

  it('catches common importing the engine, Node or an npm package', () => {
    const problems = check(
      world([
        { path: 'packages/common/src/a.ts', text: "import { y } from '../../engine/src/index';" },
        { path: 'packages/common/src/b.ts', text: "import path from 'node:path';" },
        { path: 'packages/common/src/c.ts', text: "import picomatch from 'picomatch';" },
      ]),
    );
    expect(problems).toEqual([
      expect.stringMatching(/common\/src\/a\.ts:1 .*may import only common, not engine/),
      expect.stringMatching(/common\/src\/a\.ts:1 .*reaches into @loupe\/engine by a relative path/),
      expect.stringMatching(/common\/src\/b\.ts:1 .*a Node built-in/),
      expect.stringMatching(/common\/src\/c\.ts:1 .*an npm package/),
    ]);
  });

  it('catches common using a DOM or a Node global (the type check common is built with)', () => {
    const planted = {
      path: 'packages/common/src/planted.ts',
      text: 'export const a = document.title;\nexport const b = process.env.HOME;\nexport const c = Buffer.from("x");\n',
    };
    const errors = commonDiagnostics(planted);
    for (const name of ['document', 'process', 'Buffer'])
      expect(errors.some((e) => e.startsWith(planted.path) && e.includes(`'${name}'`))).toBe(true);
  }, 180_000);

  it('catches what a sandboxed preload loads through its imports', () => {
    const problems = check(
      world([
        {
          path: 'apps/desktop/src/preload/preload.ts',
          text: "import { ipc } from '@loupe/host';\nimport 'electron';",
        },
        { path: 'packages/host/src/index.ts', text: "import 'node:fs';\nexport const ipc = 1;" },
      ]),
    );
    expect(problems).toEqual([
      expect.stringContaining(
        "apps/desktop/src/preload/preload.ts loads packages/host/src/index.ts, which imports 'node:fs'",
      ),
    ]);
  });

  it('catches a file in no room, an engine file using React, and an export that points elsewhere', () => {
    const input = world([
      { path: 'apps/desktop/src/odd/x.ts', text: 'export {};' },
      { path: 'packages/engine/src/ui.ts', text: "import { useState } from 'react';" },
    ]);
    input.manifests[1] = {
      ...input.manifests[1]!,
      exports: { ...input.manifests[1]!.exports, './walk': './src/scan/walk.ts' },
    };
    expect(check(input)).toEqual([
      expect.stringContaining(
        '@loupe/engine exports ./walk as ./src/scan/walk.ts: declare it as ./src/walk.ts',
      ),
      expect.stringContaining('apps/desktop/src/odd/x.ts is in no room'),
      expect.stringMatching(/engine\/src\/ui\.ts:1 imports 'react': an npm package/),
    ]);
  });

  it('finds cycles as strongly connected components', () => {
    const g = new Map<string, Set<string>>([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set()],
      ['f', new Set(['f'])],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c'], ['f']]);
  });
});

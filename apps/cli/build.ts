// Bundles the CLI and the engine's workers into dist/. npm packages stay external (re2 is native,
// the grammars are .wasm files); our own workspace packages are bundled from source.
import { rmSync } from 'node:fs';
import { WORKER_SOURCES, writePrebuilt } from '@loupe/engine/build';
import { build } from 'esbuild';

const workerEntries = Object.fromEntries(
  Object.entries(WORKER_SOURCES as Record<string, string>).map(([name, rel]) => [
    `workers/${name}`,
    new URL(rel, new URL('../../packages/engine/src/workers/locate.ts', import.meta.url)).pathname,
  ]),
);

// Chunk names change with their contents: start from an empty folder so no stale chunk stays.
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { loupe: 'src/bin.ts', ...workerEntries },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Each command is a dynamic import (commands/index.ts): a command loads its own modules only.
  // Chunks sit beside loupe.js, so `import.meta.url` of bundled code still names dist/.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: {
    // Bundled ESM has no require(); some dependencies expect it.
    js: "import { createRequire as __loupeCreateRequire } from 'node:module'; const require = __loupeCreateRequire(import.meta.url);",
  },
});

// What every process and thread would otherwise make on its own start: the rank tables, the parsed
// rule file, the mask word list (packages/engine/src/prebuilt.ts).
writePrebuilt('dist');

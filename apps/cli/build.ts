// Bundles the CLI and the engine's workers into dist/. npm packages stay external (re2 is native,
// the grammars are .wasm files); our own workspace packages are bundled from source.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  compileMaskRules,
  defaultRulesPath,
  dictionaryName,
  dictionaryText,
  ENCODINGS,
  parsedRulesJson,
  parsedRulesName,
  rankTableBytes,
  rankTableName,
  WORKER_SOURCES,
} from '@loupe/engine/build';
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

// Each encoding's rank table, prebuilt from js-tiktoken's rank files (tokens/ranks.ts reads it in a
// millisecond instead of parsing the rank file on every start, in every thread).
mkdirSync('dist/ranks', { recursive: true });
for (const encoding of ENCODINGS)
  writeFileSync(`dist/ranks/${rankTableName(encoding)}`, rankTableBytes(encoding));

// The pinned Gitleaks rule file, parsed (mask/rules.ts reads it instead of parsing the TOML in
// every process and thread); named by the SHA-256 of the TOML it came from, so it serves only
// those exact bytes. Compiling first checks the pin.
const rulesFile = defaultRulesPath();
const rules = compileMaskRules(readFileSync(rulesFile), rulesFile);
mkdirSync('dist/rules', { recursive: true });
writeFileSync(`dist/rules/${parsedRulesName(rules.sha256)}`, parsedRulesJson(readFileSync(rulesFile)));

// The masking vocabulary's word list, lowercased and sorted (mask/formats/vocabulary.ts reads it
// instead of parsing six JSON lists in every thread that masks), named by the word list's release.
mkdirSync('dist/words', { recursive: true });
writeFileSync(`dist/words/${dictionaryName()}`, dictionaryText());

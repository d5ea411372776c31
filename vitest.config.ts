import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Our packages resolve to their TypeScript sources (they are never run by plain Node; the CLI and
// the app are bundled). Aliases rather than node_modules links keep a git worktree self-contained.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@loupe\/(common|engine|mcp|host)$/, replacement: `${root}packages/$1/src/index.ts` },
      { find: /^@loupe\/(common|engine|mcp|host)\/(.+)$/, replacement: `${root}packages/$1/src/$2` },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

import { availableParallelism } from 'node:os';
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
    // Timeouts only catch a hang: tests wait for events, never for time, and a shared or slow
    // machine must not fail them.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core machine. Most
    // files spend their time waiting on child processes, sockets, git and worker threads, so one
    // fork more than the cores keeps both busy (LOUPE_TEST_WORKERS overrides).
    maxWorkers: Number(process.env.LOUPE_TEST_WORKERS) || availableParallelism() + 1,
  },
});

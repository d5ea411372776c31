// An agent's session with a real `loupe` process started from the TypeScript sources (through
// tsx), driven by the MCP SDK's own stdio client: what Claude Code or Codex meets, minus the build.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type TestClient, wrapClient } from '@loupe/mcp/testing/fixture';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = path.join(repoRoot, 'apps/cli/src/bin.ts');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** `node --import tsx apps/cli/src/bin.ts ARGS`: the arguments for a from-sources child. */
export const sourceArgs = (...args: string[]): string[] => ['--import', tsx, bin, ...args];

/**
 * The child's whole environment: nothing of the user's git configuration, @loupe/* resolved through
 * this checkout's tsconfig whatever the child's cwd, then `env` (state, cache and socket paths).
 */
export function sourceEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.json'),
    ...env,
  };
}

/** Starts `loupe ARGS` (e.g. `mcp --root DIR` or `bridge`) and connects an SDK client to it. */
export async function sourceAgent(
  args: string[],
  opts: { cwd: string; env: Record<string, string>; client?: { name: string; version: string } },
): Promise<TestClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: sourceArgs(...args),
    cwd: opts.cwd,
    env: sourceEnv(opts.env),
    stderr: 'pipe',
  });
  const client = new Client(opts.client ?? { name: 'loupe-test', version: '1.0.0' });
  await client.connect(transport);
  return wrapClient(client, () => client.close());
}

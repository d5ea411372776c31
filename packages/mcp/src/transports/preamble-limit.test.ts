// A bridge that joins the app passes on MAX_MCP_OUTPUT_TOKENS from the client's environment (the
// app's own process never sees it): results through the socket are sized by it.
import path from 'node:path';
import { countTokens } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import { closeProject, type Fixture, makeProject, openProject } from '../testing/fixture';
import { socketClient } from '../testing/socket-client';
import { AgentSocket } from './agent-socket';

const big = `${Array.from({ length: 800 }, (_, i) => `export const value${i} = ${i} * 3; // line ${i + 1}`).join('\n')}\n`;

let fx: Fixture;
let project: McpProject;
let agentSocket: AgentSocket;
let socketPath: string;

beforeAll(async () => {
  fx = makeProject({ 'src/big.ts': big });
  project = await openProject(fx);
  socketPath = path.join(fx.base, 'run', 'loupe.sock');
  agentSocket = new AgentSocket({ socketPath });
  agentSocket.register(project);
  await agentSocket.listen();
});

afterAll(async () => {
  await agentSocket.close();
  await closeProject(project, fx);
});

describe('MAX_MCP_OUTPUT_TOKENS through the agent socket', () => {
  it('sizes results by the limit the bridge passed on', async () => {
    const whole = await socketClient(socketPath, fx.root, 'claude-code');
    const limited = await socketClient(socketPath, fx.root, 'claude-code', 4000);
    try {
      const all = await whole.call('get_file', { path: 'src/big.ts' });
      expect(all).not.toContain('Not shown');
      expect(countTokens(all)).toBeGreaterThan(4000);
      const part = await limited.call('get_file', { path: 'src/big.ts' });
      expect(part).toMatch(/Not shown: lines \d+–800; the next part: get_file/);
      expect(countTokens(part)).toBeLessThan(4000);
    } finally {
      await whole.close();
      await limited.close();
    }
  }, 120_000);
});

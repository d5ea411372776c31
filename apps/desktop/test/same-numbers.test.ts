// The same focus, the same numbers: the window's focus line and what an agent reads over the real
// socket state the focus's tokens in the same words. (They were two formatters: the window wrote
// `123k` where the agent read `123.5k`.)
import path from 'node:path';
import { LoupeHost } from '@loupe/host';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { AgentSocket } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import { afterAll, describe, expect, it } from 'vitest';
import { focusLine } from '../src/renderer/model/format';

const tmp = tempDir('loupe-numbers-');
afterAll(() => tmp.dispose());

/** A few hundred thousand tokens of plain code, in files small enough to be read and counted. */
function bigProject(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let f = 0; f < 40; f++) {
    const lines: string[] = [];
    for (let i = 0; i < 700; i++)
      lines.push(`export const value_${f}_${i} = compute(${i}, "item ${i * 7}");`);
    files[`src/part${f}.ts`] = `${lines.join('\n')}\n`;
  }
  return files;
}

describe('the window and the agents', () => {
  it('state the focus tokens in the same words', async () => {
    const root = writeProject(path.join(tmp.dir, 'big'), bigProject());
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 'n.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 'state'),
      cacheDir: null,
      tokenThreads: 1,
      agentSocket,
    });
    try {
      const info = await host.openProject({ path: root });
      await host.workspace!.tokensReady;
      const summary = await host.focusSummary();
      // Between 100k and 1M tokens, and not a whole thousand: where one decimal more shows.
      expect(summary.tokens).toBeGreaterThan(100_000);
      expect(summary.tokens).toBeLessThan(999_000);
      expect((summary.tokens / 1000).toFixed(1)).not.toMatch(/\.0$/);

      const windowTokens = /· (\S+) tokens of/.exec(focusLine(summary))?.[1];
      const agent = await socketClient(agentSocket.socketPath, info.root, 'numbers-agent');
      try {
        const status = await agent.call('focus_status');
        const agentTokens = /, (\S+) tokens\)/.exec(status)?.[1];
        const liveTokens = /\((\S+) tokens\)/.exec(status.split('\n')[0]!)?.[1];
        expect(windowTokens).toBeDefined();
        expect(agentTokens).toBe(windowTokens);
        expect(liveTokens).toBe(windowTokens);
      } finally {
        await agent.close();
      }
    } finally {
      await host.close();
      await agentSocket.close();
    }
  });
});

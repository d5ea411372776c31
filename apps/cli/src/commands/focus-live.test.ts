// `loupe focus` from another process steers the open app: the window's host follows the saved
// focus (a didChangeFocus event, a new revision) and a connected agent (the real SDK client
// through the agent socket) is told on its next call what changed since its last one.
import path from 'node:path';
import { LoupeHost } from '@loupe/host';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { AgentSocket } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import { afterAll, describe, expect, it } from 'vitest';
import { cliProcess } from '../testing/run';

const tmp = tempDir('loupe-focus-live-');
afterAll(() => tmp.dispose());

describe('loupe focus steers the open window and its agents', () => {
  it('--set from another process: the host follows, the agent hears "changed since revision"', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const stateDir = path.join(tmp.dir, 'state');
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 'a.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1, agentSocket });
    try {
      const info = await host.openProject({ path: project });
      await host.toggleFocus({ path: 'docs', on: true });
      const agent = await socketClient(agentSocket.socketPath, info.root, 'live-agent');
      try {
        expect(await agent.call('focus_status')).toContain('[Live context] revision 1');
        const followed = new Promise<number>((resolve) =>
          host.events.on('didChangeFocus', (f) => f.revision > 1 && resolve(f.revision)),
        );
        const r = await cliProcess(['focus', project, '--set', 'src/math'], undefined, {
          LOUPE_STATE_DIR: stateDir,
        });
        expect(r.stderr).toBe('');
        expect(r.stdout).toContain('at revision 2:\n  ticked    src/math\n');
        expect(await followed).toBe(2);
        expect(await host.getFocus()).toMatchObject({ revision: 2, include: ['src/math'], exclude: [] });
        const next = await agent.call('focus_status');
        expect(next).toMatch(/^\[Live context\] revision 2 .*changed since revision 1/m);
        expect(next).toContain('src/math');
      } finally {
        await agent.close();
      }
    } finally {
      await host.close();
      await agentSocket.close();
    }
  }, 60_000);
});

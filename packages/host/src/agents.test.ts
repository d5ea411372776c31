// The host with the real agent socket: an SDK client reaches the open project through the
// BridgeServer the way `loupe bridge` does; the window sees its session, receipt and marks.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BridgeServer } from '@loupe/mcp';
import { afterAll, describe, expect, it } from 'vitest';
import { socketClient } from '../../mcp/src/testing/socket-client';
import type { HostEvents } from './api';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-agents-');
afterAll(() => tmp.dispose());

describe('host and agents', () => {
  it('shows an agent session, its receipt, received marks, stale marks, and focus changes since', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const stateDir = path.join(tmp.dir, 'state');
    const bridge = new BridgeServer({ socketPath: path.join(tmp.dir, 's.sock') });
    await bridge.listen();
    const host = new LoupeHost({
      stateDir,
      cacheDir: null,
      tokenThreads: 1,
      bridge,
      bridgeCommand: ['/opt/loupe', 'bridge'],
    });
    const calls: HostEvents['didAgentCall'][] = [];
    host.events.on('didAgentCall', (e) => calls.push(e));
    try {
      const info = await host.openProject({ path: project });
      await host.workspace!.tokensReady;
      expect((await host.connectInfo()).socketPath).toBe(bridge.socketPath);
      const agent = await socketClient(bridge.socketPath, info.root, 'test-agent');
      try {
        expect(await agent.call('get_tree')).toContain('[Live context] revision 0');
        const file = await agent.call('get_file', { path: 'src/math/add.ts' });
        expect(file).toContain('return a + b;');

        const [session] = await host.listSessions();
        expect(session).toMatchObject({ client: 'test-agent', connected: true, calls: 2, files: 1 });
        expect(calls.map((c) => c.call.tool)).toEqual(['get_tree', 'get_file']);
        expect(await host.receivedFiles({})).toEqual([
          expect.objectContaining({
            path: 'src/math/add.ts',
            sessionId: session!.id,
            call: 2,
            tool: 'get_file',
            changed: false,
          }),
        ]);
        const detail = await host.getSession({ id: session!.id });
        expect(detail?.callLog.map((c) => [c.call, c.tool, c.paths])).toEqual([
          [1, 'get_tree', []],
          [2, 'get_file', ['src/math/add.ts']],
        ]);
        const md = await host.exportReceipt({ id: session!.id, format: 'markdown' });
        expect(md.fileName).toMatch(/^loupe-receipt-.*\.md$/);
        expect(md.text).toContain('| 2 | get_file |');
        expect(md.text).not.toContain('return a + b');
        const json = JSON.parse((await host.exportReceipt({ id: session!.id, format: 'json' })).text);
        expect(json.calls).toHaveLength(2);

        // ticking more: the agent's next call says what changed since its last call
        await host.toggleFocus({ path: 'docs', on: true });
        expect(await agent.call('get_tree')).toContain('changed since revision 0');

        // editing a received file: the mark goes stale (hash at delivery vs now, no watcher needed)
        writeFileSync(
          path.join(project, 'src/math/add.ts'),
          'export const add = (a: number, b: number) => b + a;\n',
        );
        expect((await host.receivedFiles({ sessionId: session!.id }))[0]).toMatchObject({
          path: 'src/math/add.ts',
          changed: true,
        });
      } finally {
        await agent.close();
      }
      await new Promise((r) => setTimeout(r, 100));
      const [ended] = await host.listSessions();
      expect(ended).toMatchObject({ connected: false, calls: 3 });
      expect(ended!.endedAt).toBeGreaterThan(0);
    } finally {
      await host.close();
      await bridge.close();
    }
    // a later run lists the earlier session from its receipt on disk
    const again = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      await again.openProject({ path: project });
      const [past] = await again.listSessions();
      expect(past).toMatchObject({ client: 'test-agent', connected: false, calls: 3, files: 1 });
      expect((await again.connectInfo()).socketPath).toBeNull();
    } finally {
      await again.close();
    }
  });
});

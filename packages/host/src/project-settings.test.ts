// The project's masking setting from the window: an agent connected over the real socket gets the
// new choice on its next call, a later host reopens with it, and turning it back on masks again.
import path from 'node:path';
import type { HostEvents } from '@loupe/common';
import { AgentSocket, MASKING_OFF } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { SAMPLE_FILES, tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-masking-');
afterAll(() => tmp.dispose());

// Built at run time, so the repository's own sources hold no secret for the false-positive corpus.
const TOKEN = ['ghp', 'R8cN2kQ7vY1mZ4pL6tW9xB3sD5fH0jK2aE7u'].join('_');

describe('project masking from the window', () => {
  it('switches masking for a connected agent, previews, and the next host on the same state', async () => {
    const project = writeProject(path.join(tmp.dir, 'p'), {
      ...SAMPLE_FILES,
      'src/config.ts': `export const githubToken = "${TOKEN}";\n`,
    });
    const stateDir = path.join(tmp.dir, 'state');
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 's.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1, agentSocket });
    const changed: HostEvents['didChangeProject'][] = [];
    host.events.on('didChangeProject', (e) => changed.push(e));
    const preview = (masking: boolean) =>
      host.exportPreview({ format: 'plain', budget: null, detail: 'full', masking, lineNumbers: false });
    try {
      const info = await host.openProject({ path: project });
      expect(info.masking).toBe(true);
      const agent = await socketClient(agentSocket.socketPath, info.root, 'test-agent');
      try {
        const masked = await agent.call('get_file', { path: 'src/config.ts' });
        expect(masked).toContain('LOUPE_REDACTED[');
        expect(masked).not.toContain(TOKEN);
        expect(masked).not.toContain(MASKING_OFF);

        const off = await host.setProjectMasking({ on: false });
        expect(off.masking).toBe(false);
        expect((await host.currentProject())?.masking).toBe(false);
        expect(changed.map((c) => c.masking)).toEqual([false]);
        // The same session, no reconnect: the value as it is in the file, and the trailer says so.
        const plain = await agent.call('get_file', { path: 'src/config.ts' });
        expect(plain).toContain(TOKEN);
        expect(plain).toContain(MASKING_OFF);
        expect((await agent.call('search', { query: 'githubToken' })) as string).toContain(TOKEN);
        expect((await preview(false)).text).toContain(TOKEN);
      } finally {
        await agent.close();
      }
    } finally {
      await host.close();
    }

    // A new host on the same state opens the project with masking off.
    const again = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1, agentSocket });
    try {
      const info = await again.openProject({ path: project });
      expect(info.masking).toBe(false);
      const agent = await socketClient(agentSocket.socketPath, info.root, 'test-agent-2');
      try {
        expect(await agent.call('get_file', { path: 'src/config.ts' })).toContain(TOKEN);
        expect((await again.setProjectMasking({ on: true })).masking).toBe(true);
        const masked = await agent.call('get_file', { path: 'src/config.ts' });
        expect(masked).toContain('LOUPE_REDACTED[');
        expect(masked).not.toContain(TOKEN);
        // The search index read with masking off is not reused once masking is back on.
        expect((await agent.call('search', { query: 'githubToken' })) as string).not.toContain(TOKEN);
        const text = (
          await again.exportPreview({
            format: 'plain',
            budget: null,
            detail: 'full',
            masking: true,
            lineNumbers: false,
          })
        ).text;
        expect(text).not.toContain(TOKEN);
      } finally {
        await agent.close();
      }
      await expect(again.setProjectMasking({ on: 'no' as unknown as boolean })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    } finally {
      await again.close();
      await agentSocket.close();
    }
  });
});

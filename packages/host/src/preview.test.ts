// The window's file preview is what an agent receives: for each file and detail level, the
// preview's text is byte for byte the data block of get_file from a real SDK client (same
// masking, same compression), and its token count is that text's exact count.
import path from 'node:path';
import { DETAILS } from '@loupe/common';
import { countTokens } from '@loupe/engine';
import { AgentSocket, parseBlocks } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { SAMPLE_FILES, tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-preview-');
afterAll(() => tmp.dispose());

// Assembled at run time: the repository's own sources hold no secret-looking value.
const SECRET = ['sk_live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const FILES = {
  ...SAMPLE_FILES,
  'src/config.ts': `export const stripeKey = "${SECRET}";\nexport const retries = 3;\n`,
  'src/service.py':
    'class Service:\n    """Talks to the API."""\n\n    def call(self, x):\n        # retry once\n        return x * 2\n',
};

describe('file preview', () => {
  it('equals get_file for every file and detail level, masked, with the exact token count', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'), FILES);
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 'p.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 'state'),
      cacheDir: null,
      tokenThreads: 1,
      agentSocket,
    });
    try {
      const info = await host.openProject({ path: project });
      const agent = await socketClient(agentSocket.socketPath, info.root, 'preview-check');
      try {
        let compared = 0;
        for (const file of ['src/config.ts', 'src/service.py', 'src/math/add.ts', 'README.md'])
          for (const detail of DETAILS) {
            const preview = await host.previewFile({ path: file, detail });
            const answer = await agent.call('get_file', { path: file, detail, fresh: true });
            const blocks = parseBlocks(answer).blocks;
            expect(blocks).toHaveLength(1);
            expect(preview.text).toBe(blocks[0]!.body);
            expect(preview.tokens).toBe(countTokens(preview.text));
            compared++;
          }
        expect(compared).toBe(16);
        const config = await host.previewFile({ path: 'src/config.ts', detail: 'full' });
        expect(config.text).not.toContain(SECRET);
        expect(config.text).toMatch(/LOUPE_REDACTED\[[\w-]+#1\]/);
        expect(config).toMatchObject({ masked: 1, maskingActive: true, detail: 'full', totalLines: 2 });
        const signatures = await host.previewFile({ path: 'src/math/add.ts', detail: 'signatures' });
        expect(signatures).toMatchObject({ requested: 'signatures', detail: 'signatures' });
        expect(signatures.text).not.toContain('return a + b');
      } finally {
        await agent.close();
      }
      await expect(host.previewFile({ path: 'src', detail: 'full' })).rejects.toThrow(
        '"src" is not a visible file of this project',
      );
      await expect(host.previewFile({ path: 'dist/bundle.js', detail: 'full' })).rejects.toThrow(
        'not a visible file',
      );
    } finally {
      await host.close();
      await agentSocket.close();
    }
  });
});

// loupe focus DIR --strict on|off: saved in Loupe's state, printed back, and followed by a
// headless `loupe mcp` (a real child process, the SDK's stdio client): a read outside the focus is
// refused with the command that changes the focus.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadProjectSettings } from '@loupe/engine';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../testing/run';

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-cli-focus-')));
const proj = path.join(work, 'proj');
const stateDir = path.join(work, 'state');
const env = { LOUPE_STATE_DIR: stateDir };
mkdirSync(path.join(proj, 'src'), { recursive: true });
writeFileSync(path.join(proj, 'src/a.ts'), 'export const a = 1; // content_a\n');
writeFileSync(path.join(proj, 'README.md'), '# readme\n');
execFileSync('git', ['init', '-q'], { cwd: proj });

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('loupe focus --strict', () => {
  it('turns strict focus on and off, saved for the project; a wrong value changes nothing', async () => {
    expect(JSON.parse((await cli(['focus', proj, '--json'], work, env)).stdout).strictFocus).toBe(false);
    expect((await cli(['focus', proj], work, env)).stdout).not.toContain('Strict focus');
    const on = await cli(['focus', proj, '--strict', 'on'], work, env);
    expect(on.code).toBe(0);
    expect(on.stdout).toContain(`Strict focus is on for ${proj}: agents read only ticked files`);
    expect(loadProjectSettings(stateDir, proj).settings).toEqual({ masking: true, strictFocus: true });
    expect(JSON.parse((await cli(['focus', proj, '--json'], work, env)).stdout)).toMatchObject({
      root: proj,
      strictFocus: true,
    });
    const bad = await cli(['focus', proj, '--strict', 'yes'], work, env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--strict takes one of on, off');
    expect(loadProjectSettings(stateDir, proj).settings.strictFocus).toBe(true);
  });

  it('a headless loupe mcp follows it: a read outside the focus is refused, naming loupe focus', async () => {
    const repo = fileURLToPath(new URL('../../../../', import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const client = new Client({ name: 'focus-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', tsx, path.join(repo, 'apps/cli/src/bin.ts'), 'mcp', '--root', proj],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          LOUPE_STATE_DIR: stateDir,
          LOUPE_CACHE_DIR: path.join(work, 'cache'),
        },
        stderr: 'ignore',
      }),
    );
    try {
      const r = await client.callTool({ name: 'get_file', arguments: { path: 'src/a.ts' } });
      const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
      expect(r.isError).toBe(true);
      expect(text).toContain(`loupe focus '${proj}' --add 'src/a.ts'`);
      expect(text).not.toContain('content_a');
      // off again (another process): the same server follows on its next call
      await cli(['focus', proj, '--strict', 'off'], work, env);
      const again = await client.callTool({ name: 'get_file', arguments: { path: 'src/a.ts' } });
      expect((again.content as Array<{ text: string }>)[0]!.text).toContain('content_a');
    } finally {
      await client.close();
    }
  }, 60_000);
});

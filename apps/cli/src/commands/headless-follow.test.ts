// Headless servers follow the saved focus and overrides on their next call: `loupe mcp` and
// `loupe bridge` (no app listening) as real processes driven by the SDK's stdio client, while
// `loupe focus --set` and `loupe ls --show/--hide` run as other processes. The next call's live
// line says "changed since revision N", as the app's agents are told.
import path from 'node:path';
import { saveProjectSettings } from '@loupe/engine';
import { SAMPLE_FILES, tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceAgent } from '../testing/agent';
import { cliProcess } from '../testing/run';

const tmp = tempDir('loupe-headless-follow-');
afterAll(() => tmp.dispose());

const firstLine = (t: string) => t.split('\n')[0]!;

function headless(args: string[], stateDir: string) {
  return sourceAgent(args, {
    cwd: tmp.dir,
    env: {
      HOME: process.env.HOME ?? tmp.dir,
      LOUPE_STATE_DIR: stateDir,
      LOUPE_SOCKET: path.join(tmp.dir, 'no-app', 'loupe.sock'), // nothing listens: bridge serves itself
    },
    client: { name: 'headless-follow-test', version: '1.0.0' },
  });
}

describe.each([
  ['loupe mcp', 'mcp'],
  ['loupe bridge without the app', 'bridge'],
])('%s follows what other processes save', (_name, command) => {
  it('the focus: `loupe focus DIR --set lib` is named on the next call; overrides and masking too', async () => {
    const project = writeProject(path.join(tmp.dir, command), {
      ...SAMPLE_FILES,
      'lib/core.ts': 'export const core = 1;\n',
      'config/app.env': 'DATABASE_PASSWORD=s3cr3t-Pa55word-9f8e7d\n',
    });
    const stateDir = path.join(tmp.dir, `state-${command}`);
    const env = { LOUPE_STATE_DIR: stateDir };
    expect((await cliProcess(['focus', project, '--set', 'src'], undefined, env)).code).toBe(0);
    const agent = await headless([command, '--root', project], stateDir);
    try {
      const first = await agent.result('focus_status');
      expect(firstLine(first.text)).toMatch(/^\[Live context\] revision 1 · focus: 4 of /);
      expect(first.text).toContain('served headless');

      // another process changes the saved focus; the next call (no wait, no event) follows it
      const set = await cliProcess(['focus', project, '--set', 'lib'], undefined, env);
      expect(set.stderr).toBe('');
      expect(set.stdout).toContain('at revision 2:\n  ticked    lib\n');
      const next = await agent.result('get_tree');
      expect(firstLine(next.text)).toMatch(
        /^\[Live context\] revision 2 · focus: 1 of .* · changed since revision 1: \+1 folder, -1 folder/,
      );
      expect(next.text).toContain('+ lib/');
      expect(next.text).toContain('- src/');
      expect(next.text).toContain('core.ts');
      expect(next.text).not.toContain('add.ts');
      // and once told, the same focus is not "changed" again
      expect(firstLine((await agent.result('focus_status')).text)).not.toContain('changed since');

      // overrides: the ignored dist/ shown by `loupe ls --show` from another process, then hidden
      expect((await agent.result('get_file', { path: 'dist/bundle.js' })).text).not.toContain('"built"');
      expect((await cliProcess(['ls', project, '--show', 'dist'], undefined, env)).code).toBe(0);
      const shown = await agent.result('get_file', { path: 'dist/bundle.js' });
      expect(shown.isError).toBe(false);
      expect(shown.text).toContain('console.log("built");');
      expect((await cliProcess(['ls', project, '--hide', 'docs'], undefined, env)).code).toBe(0);
      const hidden = await agent.result('get_file', { path: 'docs/guide.md' });
      expect(hidden.text).not.toContain('Read the source.');

      // masking: turned off for the project elsewhere, the next read carries the value; back on, masked
      const masked = await agent.result('get_file', { path: 'config/app.env' });
      expect(masked.text).toContain('LOUPE_REDACTED[');
      expect(masked.text).not.toContain('s3cr3t-Pa55word-9f8e7d');
      saveProjectSettings(stateDir, project, { masking: false });
      expect((await agent.result('get_file', { path: 'config/app.env', fresh: true })).text).toContain(
        's3cr3t-Pa55word-9f8e7d',
      );
      saveProjectSettings(stateDir, project, { masking: true });
      expect((await agent.result('get_file', { path: 'config/app.env', fresh: true })).text).not.toContain(
        's3cr3t-Pa55word-9f8e7d',
      );
    } finally {
      await agent.close();
    }
  }, 120_000);
});

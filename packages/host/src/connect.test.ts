// The snippets have one source: the Connect panel's text and docs/agents.md's blocks must be the
// same (the docs' blocks follow a `<!-- snippet: ID -->` line). Each editor config passes
// `--root ${workspaceFolder}`, and a Loupe off the default socket or state folder says so in env.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bridgeEnv } from './agent-access';
import { clientConfigs, ROOT_PLACEHOLDER, WORKSPACE_FOLDER } from './connect';

const docs = readFileSync(fileURLToPath(new URL('../../../docs/agents.md', import.meta.url)), 'utf8');

/** The fenced block after each `<!-- snippet: ID -->` in the docs. */
function docSnippets(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/<!-- snippet: ([\w-]+) -->\n```\w*\n([\s\S]*?)```/g)) out.set(m[1]!, m[2]!);
  return out;
}

describe('connect snippets', () => {
  it('docs/agents.md shows exactly what the panel generates for a plain `loupe bridge`', () => {
    const fromDocs = docSnippets(docs);
    const generated = clientConfigs({
      root: null,
      bridgeCommand: ['loupe', 'bridge'],
      socketPath: null,
      http: null,
    });
    expect([...fromDocs.keys()].sort()).toEqual(generated.map((c) => c.id).sort());
    for (const c of generated) expect(fromDocs.get(c.id)?.trimEnd(), c.id).toBe(c.text.trimEnd());
  });

  it('editors pass --root and their folder variable, Claude Desktop the project, and every client the env', () => {
    const env = { LOUPE_SOCKET: "/tmp/it's here/loupe.sock", LOUPE_STATE_DIR: '/tmp/state' };
    const configs = clientConfigs({
      root: '/home/me/app',
      bridgeCommand: ['/usr/bin/node', '/opt/loupe/bin/loupe.js', 'bridge'],
      socketPath: env.LOUPE_SOCKET,
      http: null,
      env,
    });
    const by = Object.fromEntries(configs.map((c) => [c.id, c]));
    const server = (text: string, key: string) => JSON.parse(text)[key].loupe;
    for (const [id, key] of [
      ['cursor', 'mcpServers'],
      ['vscode', 'servers'],
    ] as const) {
      const s = server(by[id]!.text, key);
      expect(s.args).toEqual(['/opt/loupe/bin/loupe.js', 'bridge', '--root', WORKSPACE_FOLDER]);
      expect(s.env).toEqual(env);
    }
    const desktop = server(by['claude-desktop']!.text, 'mcpServers');
    expect(desktop.args.slice(-2)).toEqual(['--root', '/home/me/app']);
    expect(desktop.env).toEqual(env);
    expect(by.codex!.text).toBe(
      `[mcp_servers.loupe]\ncommand = "/usr/bin/node"\nargs = ["/opt/loupe/bin/loupe.js", "bridge"]\nenv = { LOUPE_SOCKET = "/tmp/it's here/loupe.sock", LOUPE_STATE_DIR = "/tmp/state" }\n`,
    );
    // The shell line: each word quoted where it must be, the env before the `--`.
    expect(by['claude-code']!.text).toBe(
      `claude mcp add loupe -e 'LOUPE_SOCKET=/tmp/it'\\''s here/loupe.sock' -e LOUPE_STATE_DIR=/tmp/state -- /usr/bin/node /opt/loupe/bin/loupe.js bridge`,
    );
    expect(configs.map((c) => c.kind)).toEqual([
      'command',
      'configuration',
      'configuration',
      'configuration',
      'configuration',
    ]);
    expect(
      clientConfigs({ root: null, bridgeCommand: ['loupe', 'bridge'], socketPath: null, http: null })[4]!
        .text,
    ).toContain(ROOT_PLACEHOLDER);
  });

  it.skipIf(process.platform !== 'linux')('the bridge is told only what differs from its defaults', () => {
    const env = { XDG_RUNTIME_DIR: '/run/user/1000' };
    expect(
      bridgeEnv('/run/user/1000/loupe/loupe.sock', path.join(os.homedir(), '.local/state/loupe'), env),
    ).toEqual({});
    expect(
      bridgeEnv('/tmp/e2e/agents.sock', '/tmp/e2e/state', { ...env, LOUPE_SOCKET: '/tmp/e2e/agents.sock' }),
    ).toEqual({
      LOUPE_STATE_DIR: '/tmp/e2e/state',
      LOUPE_SOCKET: '/tmp/e2e/agents.sock',
    });
    // Without XDG_RUNTIME_DIR the default socket lies in the state folder: naming the folder is enough.
    expect(bridgeEnv('/tmp/s/run/loupe.sock', '/tmp/s', {})).toEqual({ LOUPE_STATE_DIR: '/tmp/s' });
  });
});

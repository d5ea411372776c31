// The `httpEndpoint` setting: the host starts MCP Streamable HTTP on 127.0.0.1 for the open
// project, shows it in connectInfo, and stops it when turned off or when the project closes. A real
// SDK client talks to it over real HTTP.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir();
afterAll(() => tmp.dispose());

async function agent(url: string, token: string) {
  const client = new Client({ name: 'http-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return {
    call: async (name: string, args: Record<string, unknown> = {}) => {
      const r = await client.callTool({ name, arguments: args });
      return (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
    },
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

/** Whether anything answers at the address (a closed listener refuses the connection). */
async function listening(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET' });
    return true;
  } catch {
    return false;
  }
}

describe('the HTTP endpoint setting', () => {
  it('starts for the open project, serves a real client with the token, and stops when turned off', async () => {
    const project = writeProject(path.join(tmp.dir, 'a', 'sample'));
    const stateDir = path.join(tmp.dir, 'a', 'state');
    const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      await host.openProject({ path: project });
      expect((await host.connectInfo()).http).toBeNull();
      expect((await host.connectInfo()).httpNote).toBe('off');

      expect((await host.updateSettings({ httpEndpoint: true })).httpEndpoint).toBe(true);
      const info = await host.connectInfo();
      expect(info.http?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(info.http?.token).toBe(readFileSync(path.join(stateDir, 'http-token'), 'utf8').trim());
      expect(info.httpNote).toBeUndefined();
      const { url, token } = info.http!;

      const a = await agent(url, token);
      expect(await a.call('get_tree')).toContain('add.ts');
      // the same focus the window sets: a tick through the host reaches the HTTP session
      await host.toggleFocus({ path: 'docs', on: true });
      const tree = await a.call('get_tree');
      expect(tree).toMatch(/changed since revision/);
      expect(tree).toContain('guide.md');
      expect(tree).not.toContain('add.ts');
      expect((await host.listSessions()).some((s) => s.client === 'http-agent')).toBe(true);
      await a.close();
      await expect(agent(url, 'wrong-token')).rejects.toThrow();

      await host.updateSettings({ httpEndpoint: false });
      expect((await host.connectInfo()).http).toBeNull();
      expect(await listening(url)).toBe(false);
    } finally {
      await host.close();
    }
  });

  it('is persisted: a new host starts it on open, on the same port; closing the project stops it', async () => {
    const project = writeProject(path.join(tmp.dir, 'b', 'sample'));
    const other = writeProject(path.join(tmp.dir, 'b', 'other'), { 'lib/other.ts': 'export const o = 1;\n' });
    const stateDir = path.join(tmp.dir, 'b', 'state');
    const first = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    await first.updateSettings({ httpEndpoint: true });
    expect((await first.connectInfo()).httpNote).toBe('starts when a project is open');
    await first.openProject({ path: project });
    const before = (await first.connectInfo()).http!;
    await first.close();
    expect(await listening(before.url)).toBe(false);

    const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      expect((await host.getSettings()).httpEndpoint).toBe(true);
      expect((await host.connectInfo()).http).toBeNull(); // no project yet
      await host.openProject({ path: project });
      const again = (await host.connectInfo()).http!;
      expect(again).toEqual(before); // same URL (remembered port), same stored token
      // opening another project moves the endpoint to it
      await host.openProject({ path: other });
      const moved = (await host.connectInfo()).http!;
      const a = await agent(moved.url, moved.token);
      const tree = await a.call('get_tree');
      expect(tree).toContain('other.ts');
      expect(tree).not.toContain('add.ts');
      await a.close();
    } finally {
      await host.close();
    }
    expect(await listening(before.url)).toBe(false);
  });
});

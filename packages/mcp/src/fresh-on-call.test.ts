// A file written before an agent's call is in that call's answer: the watcher applies what the OS
// reported when the call arrives, not after its quiet moment. The quiet moment here is a minute,
// so only the call itself can bring the changes in. Real files, a real socket, the real SDK client.
import { appendFileSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workspace } from '@loupe/engine';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpProject } from './project';
import { type Fixture, makeProject } from './testing/fixture';
import { socketClient } from './testing/socket-client';
import { AgentSocket } from './transports/agent-socket';
import { parseBlocks } from './untrusted';

let fx: Fixture;
let ws: Workspace;
let project: McpProject;
let agentSocket: AgentSocket;
let client: Client;
let sockDir: string;

/** The rows of the call's "changed on disk" data block. */
async function changedRows(): Promise<string[]> {
  const r = await client.callTool({ name: 'focus_status', arguments: {} });
  const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
  const block = parseBlocks(text).blocks.find((b) => /^[-+~] /.test(b.body));
  return block ? block.body.split('\n') : [];
}

beforeAll(async () => {
  fx = makeProject({ 'src/a.ts': 'export const a = 1;\n', 'docs/guide.md': '# Guide\n' });
  ws = await Workspace.open(fx.root, {
    stateDir: null,
    cacheDir: null,
    tokenThreads: 1,
    watch: { quietMs: 60_000, maxWaitMs: 120_000 },
  });
  await ws.watcher!.idle();
  project = new McpProject(ws, { stateDir: null });
  sockDir = mkdtempSync(path.join(tmpdir(), 'loupe-fresh-'));
  agentSocket = new AgentSocket({ socketPath: path.join(sockDir, 'agents.sock') });
  agentSocket.register(project);
  await agentSocket.listen();
  client = (await socketClient(agentSocket.socketPath, fx.root, 'fresh-agent')).client;
});

afterAll(async () => {
  await client.close();
  await agentSocket.close();
  await project.close();
  await ws.close();
  rmSync(sockDir, { recursive: true, force: true });
  fx.cleanup();
});

describe('the call right after a write', () => {
  it('names each new, edited and deleted file in the very next call', async () => {
    await changedRows(); // the session's baseline
    for (let i = 0; i < 5; i++) {
      fx.write(`src/new-${i}.ts`, `export const n${i} = ${i};\n`);
      expect(await changedRows()).toEqual([`+ src/new-${i}.ts`]);
    }
    fx.write('docs/deep/er/note.md', 'a new folder, two levels down\n');
    expect(await changedRows()).toEqual(['+ docs/deep/er/note.md']);
    fx.write('docs/deep/er/second.md', 'in the folder watched since the last call\n');
    expect(await changedRows()).toEqual(['+ docs/deep/er/second.md']);
    appendFileSync(path.join(fx.root, 'src/a.ts'), 'export const b = 2;\n');
    expect(await changedRows()).toEqual(['~ src/a.ts']);
    unlinkSync(path.join(fx.root, 'src/new-0.ts'));
    expect(await changedRows()).toEqual(['- src/new-0.ts']);
    expect(await changedRows()).toEqual([]); // said once
  });
});

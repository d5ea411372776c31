// The host with the real agent socket: an SDK client reaches the open project through the
// AgentSocket the way `loupe bridge` does; the window sees its session, receipt and marks.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HostEvents } from '@loupe/common';
import { AgentSocket, parseBlocks } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-agents-');
afterAll(() => tmp.dispose());

const firstLine = (t: string) => t.split('\n')[0]!;
/** Reads until `ok` holds: a closed client's session ends when the socket notices, not at once. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 800 && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}
/** The data block naming the focus changes (its lines start with + or -). */
const changes = (t: string) => parseBlocks(t).blocks.find((b) => /^[-+] /.test(b.body))?.body ?? '';

describe('host and agents', () => {
  it('shows an agent session, its receipt, received marks, stale marks, and focus changes since', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const stateDir = path.join(tmp.dir, 'state');
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 's.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({
      stateDir,
      cacheDir: null,
      tokenThreads: 1,
      agentSocket,
      bridgeCommand: ['/opt/loupe', 'bridge'],
    });
    const calls: HostEvents['didAgentCall'][] = [];
    host.events.on('didAgentCall', (e) => calls.push(e));
    try {
      const info = await host.openProject({ path: project });
      await host.workspace!.tokensReady;
      expect((await host.connectInfo()).socketPath).toBe(agentSocket.socketPath);
      const agent = await socketClient(agentSocket.socketPath, info.root, 'test-agent');
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
        const ticked = await host.toggleFocus({ path: 'docs', on: true });
        expect(firstLine(await agent.call('get_tree'))).toBe(
          `[Live context] revision ${ticked.revision} · focus: 1 of 8 files (${ticked.summary.tokens} tokens) · changed since revision 0: narrowed from the whole project to what is ticked: +1 folder`,
        );

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
      const [ended] = await until(
        () => host.listSessions(),
        ([s]) => s?.connected === false,
      );
      expect(ended).toMatchObject({ connected: false, calls: 3 });
      expect(ended!.endedAt).toBeGreaterThan(0);
    } finally {
      await host.close();
      await agentSocket.close();
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
  it('tells two agent sessions, each on its next call, what focus changes made through the host did since its own last call', async () => {
    const project = writeProject(path.join(tmp.dir, 'two'));
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 'two.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 'two-state'),
      cacheDir: null,
      tokenThreads: 1,
      agentSocket,
    });
    try {
      const info = await host.openProject({ path: project });
      await host.workspace!.tokensReady;
      const r1 = (await host.setFocus({ include: ['src/math'], exclude: [] })).revision;
      const a = await socketClient(agentSocket.socketPath, info.root, 'agent-a');
      const b = await socketClient(agentSocket.socketPath, info.root, 'agent-b');
      try {
        expect(firstLine(await a.call('get_tree'))).toMatch(
          new RegExp(`^\\[Live context\\] revision ${r1} · focus: 2 of 8 files \\(\\d+ tokens\\)$`),
        );
        await b.call('get_tree');

        // Ticking a folder: A hears "+1 folder" since its call at r1.
        const s2 = await host.toggleFocus({ path: 'docs', on: true });
        const seenByA = await a.call('get_tree');
        expect(firstLine(seenByA)).toBe(
          `[Live context] revision ${s2.revision} · focus: 3 of 8 files (${s2.summary.tokens} tokens) · changed since revision ${r1}: +1 folder`,
        );
        expect(changes(seenByA)).toBe('+ docs/');

        // Unticking a file below a ticked folder: A hears only that; B, silent since r1, hears both.
        const s3 = await host.toggleFocus({ path: 'src/math/mul.ts', on: false });
        const seenByB = await b.call('focus_status');
        expect(firstLine(seenByB)).toBe(
          `[Live context] revision ${s3.revision} · focus: 2 of 8 files (${s3.summary.tokens} tokens) · changed since revision ${r1}: +1 folder, -1 file`,
        );
        expect(changes(seenByB)).toBe('+ docs/\n- src/math/mul.ts');
        const seenByA2 = await a.call('focus_status');
        expect(firstLine(seenByA2)).toBe(
          `[Live context] revision ${s3.revision} · focus: 2 of 8 files (${s3.summary.tokens} tokens) · changed since revision ${s2.revision}: -1 file`,
        );
        expect(changes(seenByA2)).toBe('- src/math/mul.ts');
        // Told once per session.
        expect(firstLine(await a.call('get_tree'))).not.toContain('changed since');
        expect(firstLine(await b.call('get_tree'))).not.toContain('changed since');
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await host.close();
      await agentSocket.close();
    }
  });

  it('a tokenizer change counts again but keeps the sessions, their received files and the agent connected', async () => {
    const project = writeProject(path.join(tmp.dir, 'enc'));
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 'enc.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 'enc-state'),
      cacheDir: null,
      tokenThreads: 1,
      agentSocket,
    });
    const opened: unknown[] = [];
    const changed: HostEvents['didChangeProject'][] = [];
    host.events.on('didOpenProject', (e) => opened.push(e));
    host.events.on('didChangeProject', (e) => changed.push(e));
    try {
      const info = await host.openProject({ path: project });
      await host.workspace!.tokensReady;
      await host.toggleFocus({ path: 'src', on: true });
      const agent = await socketClient(agentSocket.socketPath, info.root, 'enc-agent');
      try {
        await agent.call('get_file', { path: 'src/math/add.ts' });
        const before = await host.listSessions();
        const focus = await host.getFocus();
        await host.updateSettings({ encoding: 'cl100k_base' });
        expect(opened).toHaveLength(1); // not reopened
        expect(changed.at(-1)?.encoding).toBe('cl100k_base');
        expect(await host.listSessions()).toEqual(before);
        expect((await host.receivedFiles({})).map((f) => [f.path, f.client, f.changed])).toEqual([
          ['src/math/add.ts', 'enc-agent', false],
        ]);
        expect(await host.getFocus()).toMatchObject({ revision: focus.revision, include: ['src'] });
        await host.workspace!.tokensReady;
        expect(
          (
            await host.exportPreview({
              format: 'markdown',
              budget: null,
              detail: 'full',
              masking: true,
              lineNumbers: false,
            })
          ).encoding,
        ).toBe('cl100k_base');
        // The same session answers its next call, and that call marks too.
        expect(await agent.call('get_file', { path: 'src/math/mul.ts' })).toContain('return a * b;');
        const [session] = await host.listSessions();
        expect(session).toMatchObject({
          id: before[0]!.id,
          client: 'enc-agent',
          connected: true,
          calls: 2,
          files: 2,
        });
      } finally {
        await agent.close();
      }
    } finally {
      await host.close();
      await agentSocket.close();
    }
  });

  it('a connection that ends without a call leaves no session row', async () => {
    const project = writeProject(path.join(tmp.dir, 'silent'));
    const stateDir = path.join(tmp.dir, 'silent-state');
    const agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 'silent.sock') });
    await agentSocket.listen();
    const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1, agentSocket });
    try {
      const info = await host.openProject({ path: project });
      const silent = await socketClient(agentSocket.socketPath, info.root, 'silent-agent');
      const busy = await socketClient(agentSocket.socketPath, info.root, 'busy-agent');
      await busy.call('focus_status');
      expect((await host.listSessions()).map((s) => s.client).sort()).toEqual(['busy-agent', 'silent-agent']);
      await silent.close();
      await busy.close();
      const after = await until(
        () => host.listSessions(),
        (list) => list.every((s) => !s.connected),
      );
      expect(after.map((s) => [s.client, s.connected])).toEqual([['busy-agent', false]]);
    } finally {
      await host.close();
      await agentSocket.close();
    }
    // Nor from its receipt, in a later run.
    const again = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      await again.openProject({ path: project });
      expect((await again.listSessions()).map((s) => s.client)).toEqual(['busy-agent']);
    } finally {
      await again.close();
    }
  });
});

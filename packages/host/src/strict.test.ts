// Strict focus with the window to ask: real SDK clients reach the open project through the real
// agent socket (as `loupe bridge` does); a read outside the focus waits for the person's answer,
// which this test gives through the host API the window uses.
import path from 'node:path';
import type { AccessRequestInfo, HostEvents } from '@loupe/common';
import { loadProjectSettings } from '@loupe/engine';
import { AgentSocket } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-strict-');
const stateDir = path.join(tmp.dir, 'state');
let host: LoupeHost;
let agentSocket: AgentSocket;
let root: string;
const cards: AccessRequestInfo[][] = [];
const projectEvents: HostEvents['didChangeProject'][] = [];

/** Resolves with the waiting requests once `n` of them wait. */
function waitingFor(n: number): Promise<AccessRequestInfo[]> {
  return new Promise((resolve) => {
    const check = (list: AccessRequestInfo[]) => {
      if (list.length < n) return false;
      off();
      resolve(list);
      return true;
    };
    const off = host.events.on('didChangeAccessRequests', (list) => void check(list));
    void host.accessRequests().then(check);
  });
}

const firstLine = (t: string) => t.split('\n')[0]!;

beforeAll(async () => {
  const project = writeProject(path.join(tmp.dir, 'sample'));
  agentSocket = new AgentSocket({ socketPath: path.join(tmp.dir, 's.sock') });
  await agentSocket.listen();
  host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1, agentSocket, askTimeoutMs: 3000 });
  host.events.on('didChangeAccessRequests', (l) => cards.push(l));
  host.events.on('didChangeProject', (p) => projectEvents.push(p));
  root = (await host.openProject({ path: project })).root;
  await host.workspace!.tokensReady;
  await host.toggleFocus({ path: 'src', on: true });
});

afterAll(async () => {
  await host.close();
  await agentSocket.close();
  tmp.dispose();
});

describe('strict focus with the window', () => {
  it('is a saved project setting the window sees', async () => {
    expect((await host.currentProject())?.strictFocus).toBe(false);
    const info = await host.setStrictFocus({ on: true });
    expect(info.strictFocus).toBe(true);
    expect(projectEvents.at(-1)?.strictFocus).toBe(true);
    expect(loadProjectSettings(stateDir, root).settings.strictFocus).toBe(true);
    await expect(host.setStrictFocus({ on: 'yes' as unknown as boolean })).rejects.toThrow(
      /strict focus choice/,
    );
  });

  it('Allow once: the waiting call returns the file with progress notifications; the focus is unchanged', async () => {
    const a = await socketClient(agentSocket.socketPath, root, 'agent-a');
    try {
      const before = (await host.getFocus()).revision;
      const progress: string[] = [];
      const pending = a.client.callTool(
        { name: 'get_file', arguments: { path: 'docs/guide.md', lines: '1-2' } },
        undefined,
        { onprogress: (p) => progress.push(p.message ?? ''), resetTimeoutOnProgress: true },
      );
      const [card] = await waitingFor(1);
      expect(card).toMatchObject({
        client: 'agent-a',
        path: 'docs/guide.md',
        part: 'lines 1–2',
        tool: 'get_file',
      });
      expect(card!.until - card!.at).toBe(3000);
      await expect.poll(() => progress.length).toBeGreaterThan(0);
      expect(progress[0]).toContain('Waiting for the developer to answer in the Loupe window');
      expect(await host.answerAccessRequest({ id: card!.id, choice: 'allow-once' })).toEqual([]);
      const r = await pending;
      const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
      expect(r.isError).toBeFalsy();
      expect(text).toContain('# Guide');
      expect(text).toContain('allowed once by the developer (the focus is unchanged)');
      expect((await host.getFocus()).revision).toBe(before);
      // Once: the next read asks again (and Deny refuses it in Loupe's words)
      const again = a.result('get_file', { path: 'docs/guide.md' });
      const [second] = await waitingFor(1);
      await host.answerAccessRequest({ id: second!.id, choice: 'deny' });
      const denied = await again;
      expect(denied.isError).toBe(true);
      expect(denied.text).toContain('Loupe asked the developer whether you may read "docs/guide.md"');
      expect(denied.text).toContain('they chose Deny');
      expect(denied.text).not.toContain('# Guide');
      await expect(host.answerAccessRequest({ id: second!.id, choice: 'allow-once' })).rejects.toThrow(
        /no longer waiting/,
      );
    } finally {
      await a.close();
    }
  });

  it('Add to focus: the path is ticked, the revision bumps, and another session sees the change', async () => {
    const a = await socketClient(agentSocket.socketPath, root, 'agent-a');
    const b = await socketClient(agentSocket.socketPath, root, 'agent-b');
    try {
      await b.call('get_tree');
      const before = (await host.getFocus()).revision;
      const pending = a.result('get_file', { path: 'README.md' });
      const [card] = await waitingFor(1);
      await host.answerAccessRequest({ id: card!.id, choice: 'add-to-focus' });
      const r = await pending;
      expect(r.isError).toBe(false);
      expect(r.text).toContain(`The developer added this file to the focus (revision ${before + 1}).`);
      expect(r.text).toContain('A small project for Loupe tests.');
      const focus = await host.getFocus();
      expect(focus.revision).toBe(before + 1);
      expect(focus.include).toContain('README.md');
      expect(firstLine(await b.call('get_tree'))).toContain(`changed since revision ${before}: +1 file`);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('several wait at once, newest first; unanswered ones lapse into a refusal', async () => {
    const a = await socketClient(agentSocket.socketPath, root, 'agent-a');
    try {
      const pending = a.result('get_file', { requests: ['package.json', 'docs/guide.md'] });
      const list = await waitingFor(2);
      expect(list.map((r) => r.path)).toEqual(['docs/guide.md', 'package.json']);
      await host.answerAccessRequest({ id: list[1]!.id, choice: 'allow-once' });
      const r = await pending; // docs/guide.md is not answered: the bound runs out
      expect(r.text).toContain('"name": "sample"');
      expect(r.text).toContain('nobody answered within 3 s, so the request lapsed');
      expect(r.text).toContain(`loupe focus '${root}' --add 'docs/guide.md'`);
      expect(r.text).not.toContain('# Guide');
      expect(await host.accessRequests()).toEqual([]);
    } finally {
      await a.close();
    }
  });

  it('a disconnecting agent withdraws its request; receipts and the Sessions panel record every request', async () => {
    const a = await socketClient(agentSocket.socketPath, root, 'agent-w');
    const pending = a.result('get_file', { path: 'docs/guide.md' }).catch(() => null);
    await waitingFor(1);
    await a.close();
    await pending;
    await expect.poll(() => host.accessRequests()).toEqual([]);

    const sessions = await host.listSessions();
    const detail = await host.getSession({ id: sessions.find((s) => s.client === 'agent-a')!.id });
    const requests = detail!.callLog.flatMap((c) => c.requests ?? []);
    expect(requests.map((r) => [r.path, r.decision, r.decidedBy])).toEqual([
      ['package.json', 'allow-once', 'person'],
      ['docs/guide.md', 'timeout', 'time limit'],
    ]);
    for (const r of requests) expect(r.decidedAt).toBeGreaterThanOrEqual(r.askedAt);
    const w = sessions.find((s) => s.client === 'agent-w')!;
    await expect
      .poll(async () => (await host.getSession({ id: w.id }))!.callLog.flatMap((c) => c.requests ?? []))
      .toEqual([
        expect.objectContaining({ path: 'docs/guide.md', decision: 'withdrawn', decidedBy: 'agent' }),
      ]);

    // Every session's receipt on record: the requests, never the content.
    const all = await Promise.all(sessions.map((s) => host.exportReceipt({ id: s.id, format: 'json' })));
    const text = all.map((r) => r.text).join('\n');
    for (const decision of ['allow-once', 'deny', 'add-to-focus', 'timeout', 'withdrawn'])
      expect(text).toContain(`"decision": "${decision}"`);
    expect(text).not.toContain('# Guide');
    expect(text).not.toContain('A small project');
    const md = await host.exportReceipt({ id: w.id, format: 'markdown' });
    expect(md.text).toMatch(/asked for docs\/guide\.md: withdrawn \(the agent, 20\d\d-/);
  });

  it('at most 16 wait at once: the next read is refused at once, and the waiting ones stay', async () => {
    const a = await socketClient(agentSocket.socketPath, root, 'agent-flood');
    try {
      const eight = ['docs/guide.md', 'package.json', '.gitignore', 'docs/guide.md'];
      const calls = [0, 1, 2, 3].map(() => a.result('get_file', { requests: eight }).catch(() => null));
      await waitingFor(16);
      const refused = await a.result('get_file', { path: 'package.json' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('too many requests already wait for the developer');
      expect(await host.accessRequests()).toHaveLength(16);
      await a.close();
      await Promise.all(calls);
      await expect.poll(() => host.accessRequests()).toEqual([]);
    } finally {
      await a.close();
    }
  });

  it('off again: reads outside the focus go through without asking', async () => {
    await host.setStrictFocus({ on: false });
    const a = await socketClient(agentSocket.socketPath, root, 'agent-a');
    try {
      const text = await a.call('get_file', { path: 'docs/guide.md' });
      expect(text).toContain('# Guide');
      expect(text).toContain('outside the focus (read by name)');
      expect(cards.at(-1)).toEqual([]);
    } finally {
      await a.close();
    }
  });
});

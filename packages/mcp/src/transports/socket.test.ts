import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import { type Fixture, makeProject, openProject } from '../testing/fixture';
import { socketClient } from '../testing/socket-client';
import { AgentSocket, NO_PROJECT_ERROR } from './agent-socket';
import { defaultSocketPath } from './socket-path';

let a: Fixture;
let b: Fixture;
let pa: McpProject;
let pb: McpProject;
let agentSocket: AgentSocket;
let socketPath: string;

beforeAll(async () => {
  a = makeProject({ 'src/alpha.ts': 'export const alpha = 1;\n', 'README.md': '# A\n' }, 'alpha');
  b = makeProject({ 'lib/beta.py': 'beta = 2\n' }, 'beta');
  pa = await openProject(a);
  pb = await openProject(b);
  socketPath = path.join(a.base, 'run', 'loupe.sock');
  agentSocket = new AgentSocket({ socketPath });
  agentSocket.register(pa);
  agentSocket.register(pb);
  await agentSocket.listen();
});

afterAll(async () => {
  await agentSocket.close();
  for (const p of [pa, pb]) {
    await p.close();
    await p.ws.close();
  }
  a.cleanup();
  b.cleanup();
});

describe('the local socket', () => {
  it('listens in a private folder', () => {
    expect(statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);
    expect(lstatSync(socketPath).isSocket()).toBe(true);
    expect(statSync(socketPath).mode & 0o077).toBe(0);
  });

  it('routes each connection to the open project holding its working folder', async () => {
    const ca = await socketClient(socketPath, path.join(a.root, 'src'));
    const cb = await socketClient(socketPath, b.root);
    expect(await ca.call('get_tree')).toContain('alpha.ts');
    const tb = await cb.call('get_tree');
    expect(tb).toContain('beta.py');
    expect(tb).not.toContain('alpha.ts');
    expect(agentSocket.sessionCount).toBe(2);
    const sessions = pa.sessions.list();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.info.transport).toBe('socket');
    expect(sessions[0]!.client).toEqual({ name: 'socket-client', version: '2.0.0' });
    await ca.close();
    await cb.close();
    // A closed client's session ends when this side notices the socket close, not at once.
    for (let i = 0; i < 800 && pa.sessions.list().length > 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(pa.sessions.list()).toHaveLength(0);
  });

  it('answers a folder no project holds with a JSON-RPC error naming the open projects', async () => {
    const err = await socketClient(socketPath, '/somewhere/else').catch((e: Error & { code?: number }) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: number }).code).toBe(NO_PROJECT_ERROR);
    expect((err as Error).message).toContain('Loupe has no open project containing /somewhere/else');
    expect((err as Error).message).toContain(a.root);
    expect((err as Error).message).toContain(b.root);
  });

  it('refuses a connection without a preamble when several projects are open, drops garbage', async () => {
    const err = await socketClient(socketPath, undefined).catch((e: Error) => e);
    expect((err as Error).message).toContain('did not say which folder');
    const raw = net.connect(socketPath);
    raw.write('not json at all\n');
    await new Promise<void>((resolve) => raw.on('close', () => resolve()));
  });

  it('serves a client without a preamble when one project is open; a host registers workspaces', async () => {
    const solo = new AgentSocket({ socketPath: path.join(b.base, 'solo.sock') });
    const served = await solo.registerWorkspace(pb.ws, { stateDir: null });
    await solo.listen();
    expect(solo.roots).toEqual([b.root]);
    const c = await socketClient(solo.socketPath, undefined);
    expect(await c.call('get_tree')).toContain('beta.py');
    expect(served.project.sessions.list()).toHaveLength(1);
    await served.close();
    expect(solo.roots).toEqual([]);
    expect(solo.sessionCount).toBe(0);
    await expect(c.call('get_tree')).rejects.toThrow();
    await c.close();
    await solo.close();
  });

  it('refuses to start beside a live server, and clears a stale socket', async () => {
    await expect(new AgentSocket({ socketPath }).listen()).rejects.toThrow(/already serving agents/);
    const stalePath = path.join(a.base, 'stale', 'loupe.sock');
    mkdirSync(path.dirname(stalePath), { mode: 0o700 });
    // A process that dies while listening leaves its socket file behind.
    try {
      execFileSync(process.execPath, [
        '-e',
        `require('net').createServer().listen(${JSON.stringify(stalePath)}, () => process.kill(process.pid, 'SIGKILL'))`,
      ]);
    } catch {
      // killed, as planned
    }
    expect(existsSync(stalePath)).toBe(true);
    const fresh = new AgentSocket({ socketPath: stalePath });
    await fresh.listen();
    await fresh.close();
    const notSocket = path.join(a.base, 'stale', 'file.sock');
    writeFileSync(notSocket, 'x');
    await expect(new AgentSocket({ socketPath: notSocket }).listen()).rejects.toThrow(/not a socket/);
  });

  it('picks a per-user socket path', () => {
    expect(defaultSocketPath({ XDG_RUNTIME_DIR: '/run/user/1000' }, 'linux')).toBe(
      '/run/user/1000/loupe/loupe.sock',
    );
    expect(defaultSocketPath({ LOUPE_SOCKET: '/tmp/x.sock' }, 'linux')).toBe('/tmp/x.sock');
    expect(defaultSocketPath({ LOUPE_STATE_DIR: '/s' }, 'linux')).toBe('/s/run/loupe.sock');
    expect(defaultSocketPath({}, 'win32')).toMatch(/^\\\\\.\\pipe\\loupe-/);
  });
});

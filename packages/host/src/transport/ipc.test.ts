// Electron does not run here, so IPC is tested over a wire with Electron's shape: handlers keyed
// by channel, invoke with an event carrying the sender and its frame URL, send for events.
import path from 'node:path';
import { COMMAND_NAMES, EVENT_NAMES, subscriptionName } from '@loupe/common';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from '../host';
import { tempDir, writeProject } from '../testing/project';
import { CALL_PREFIX, EVENT_CHANNEL } from './channels';
import { createGate, type IpcInvokeEvent, serveIpc } from './ipc-main';
import { ipcClientApi } from './ipc-preload';

const tmp = tempDir();
afterAll(() => tmp.dispose());

function wire() {
  const handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => unknown>();
  const rendererListeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  const window = { id: 'window' };
  let frameUrl = 'app://loupe/index.html';
  let sender: unknown = window;
  const ipcMain = {
    handle: (channel: string, fn: (event: IpcInvokeEvent, ...args: unknown[]) => unknown) =>
      handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      const fn = handlers.get(channel);
      if (!fn) throw new Error(`No handler registered for '${channel}'`);
      // structured clone, as Electron does
      return structuredClone(
        await fn({ sender, senderFrame: { url: frameUrl } }, ...args.map((a) => structuredClone(a))),
      );
    },
    on: (channel: string, fn: (event: unknown, ...args: unknown[]) => void) =>
      rendererListeners.set(channel, fn),
  };
  const target = {
    send: (channel: string, ...args: unknown[]) =>
      rendererListeners.get(channel)?.({}, ...args.map((a) => structuredClone(a))),
    isDestroyed: () => false,
  };
  return {
    handlers,
    ipcMain,
    ipcRenderer,
    target,
    window,
    setFrame: (url: string) => {
      frameUrl = url;
    },
    setSender: (s: unknown) => {
      sender = s;
    },
  };
}

describe('IPC transport', () => {
  it('serves every command on its own prefixed channel and exposes exactly the API', () => {
    const w = wire();
    const host = new LoupeHost({ stateDir: path.join(tmp.dir, 's0'), cacheDir: null });
    const stop = serveIpc(
      host,
      w.ipcMain,
      createGate({ sender: () => w.window, isAppUrl: (u) => u.startsWith('app://loupe/') }),
      () => w.target,
    );
    expect([...w.handlers.keys()].sort()).toEqual(COMMAND_NAMES.map((n) => `${CALL_PREFIX}${n}`).sort());
    const api = ipcClientApi(w.ipcRenderer);
    expect(Object.keys(api).sort()).toEqual([...COMMAND_NAMES, ...EVENT_NAMES.map(subscriptionName)].sort());
    stop();
    expect(w.handlers.size).toBe(0);
  });

  it('round-trips commands and events; errors arrive as one sentence with a code', async () => {
    const w = wire();
    const host = new LoupeHost({ stateDir: path.join(tmp.dir, 's1'), cacheDir: null, tokenThreads: 1 });
    const project = writeProject(path.join(tmp.dir, 'p1'));
    serveIpc(
      host,
      w.ipcMain,
      createGate({ sender: () => w.window, isAppUrl: (u) => u.startsWith('app://loupe/') }),
      () => w.target,
    );
    const api = ipcClientApi(w.ipcRenderer);
    const revisions: number[] = [];
    const off = api.onDidChangeFocus((f) => revisions.push(f.revision));
    try {
      await expect(api.getTree()).rejects.toMatchObject({
        code: 'no-project',
        message: 'No project is open. Open a folder first.',
      });
      expect((await api.openProject({ path: project })).name).toBe('p1');
      await api.toggleFocus({ path: 'src', on: true });
      expect(revisions).toContain(1);
      off();
      await api.toggleFocus({ path: 'src', on: false });
      expect(revisions).not.toContain(2);
    } finally {
      await host.close();
    }
  });

  it('the gate refuses other senders, foreign frames and unknown channels', async () => {
    const w = wire();
    const host = new LoupeHost({ stateDir: path.join(tmp.dir, 's2'), cacheDir: null });
    const gate = createGate({ sender: () => w.window, isAppUrl: (u) => u.startsWith('app://loupe/') });
    serveIpc(host, w.ipcMain, gate, () => w.target);
    const api = ipcClientApi(w.ipcRenderer);
    w.setFrame('https://evil.example/');
    await expect(api.recentProjects()).rejects.toMatchObject({ code: 'forbidden' });
    w.setFrame('app://loupe/index.html');
    w.setSender({ id: 'another window' });
    await expect(api.recentProjects()).rejects.toMatchObject({ code: 'forbidden' });
    w.setSender(w.window);
    expect(await api.recentProjects()).toEqual([]);
    const event = { sender: w.window, senderFrame: { url: 'app://loupe/' } };
    expect(() => gate('other:call:getTree', event)).toThrow(/unknown channel/);
    expect(() => gate(`${CALL_PREFIX}__proto__`, event)).toThrow(/unknown command/);
    expect(() => gate(`${CALL_PREFIX}getTree`, { ...event, senderFrame: null })).toThrow(/not Loupe/);
    expect(gate(`${CALL_PREFIX}getTree`, event)).toBe('getTree');
    expect(EVENT_CHANNEL.startsWith('loupe:')).toBe(true);
    await host.close();
  });

  it('writeClipboard reaches the main process clipboard; a host without one refuses with a code', async () => {
    const w = wire();
    const written: string[] = [];
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 's3'),
      cacheDir: null,
      clipboard: { writeText: (t) => void written.push(t) },
    });
    const gate = createGate({ sender: () => w.window, isAppUrl: (u) => u.startsWith('app://loupe/') });
    serveIpc(host, w.ipcMain, gate, () => w.target);
    const api = ipcClientApi(w.ipcRenderer);
    const text = 'line one\n\u00e9\u4e2d \u{1F600}\n';
    await api.writeClipboard({ text });
    expect(written).toEqual([text]);
    await expect(api.writeClipboard({ text: 42 } as never)).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    w.setFrame('https://evil.example/');
    await expect(api.writeClipboard({ text: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(written).toEqual([text]);
    await host.close();

    const bare = new LoupeHost({ stateDir: path.join(tmp.dir, 's4'), cacheDir: null });
    await expect(bare.writeClipboard({ text: 'x' })).rejects.toMatchObject({ code: 'unsupported' });
    await bare.close();
  });
});

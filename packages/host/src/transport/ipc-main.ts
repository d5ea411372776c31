// Electron IPC, main-process side. Structural types only (no `electron` import), so the host
// package stays loadable by the CLI; apps/desktop passes Electron's ipcMain and webContents.
// Every message passes one gate: the channel must carry Loupe's prefix and name a known command,
// and the sender must be the window's own frame at the app's own origin.
import { COMMAND_NAMES, type CommandName } from '@loupe/common';
import { HostError, toErrorData } from '../errors';
import { CALL_PREFIX, EVENT_CHANNEL, type IpcReply } from './channels';
import { dispatcher, isCommandName, type ServedHost } from './dispatch';

export interface IpcSenderFrame {
  url: string;
}

export interface IpcInvokeEvent {
  sender: unknown;
  senderFrame: IpcSenderFrame | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface IpcTarget {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export interface GateOptions {
  /** The window's webContents: the only allowed sender. */
  sender: () => unknown;
  /** Whether a frame URL is the app's own page (e.g. starts with `app://loupe/`). */
  isAppUrl: (url: string) => boolean;
}

export type Gate = (channel: string, event: IpcInvokeEvent) => CommandName;

/** The one gate every IPC message passes. Throws HostError('forbidden') for anything else. */
export function createGate(options: GateOptions): Gate {
  return (channel, event) => {
    if (!channel.startsWith(CALL_PREFIX))
      throw new HostError('forbidden', 'A message on an unknown channel was refused.');
    const method = channel.slice(CALL_PREFIX.length);
    if (!isCommandName(method))
      throw new HostError('forbidden', 'A message naming an unknown command was refused.');
    const expected = options.sender();
    if (!expected || event.sender !== expected)
      throw new HostError('forbidden', 'A message from an unknown window was refused.');
    const url = event.senderFrame?.url;
    if (!url || !options.isAppUrl(url))
      throw new HostError('forbidden', 'A message from a page that is not Loupe was refused.');
    return method;
  };
}

/** Serves the host over IPC; returns a function that removes every handler and listener. */
/**
 * Serves `host` on `ipc`. The host may still be on its way (the app shows its window while the
 * host's modules load): calls wait for it, and events flow from the moment it is there.
 */
export function serveIpc(
  host: ServedHost | Promise<ServedHost>,
  ipc: IpcMainLike,
  gate: Gate,
  target: () => IpcTarget | undefined,
): () => void {
  const ready = Promise.resolve(host);
  const dispatch = ready.then(dispatcher);
  dispatch.catch(() => {}); // each call reports a host that did not come
  for (const name of COMMAND_NAMES) {
    const channel = `${CALL_PREFIX}${name}`;
    ipc.handle(channel, async (event, arg): Promise<IpcReply> => {
      try {
        const method = gate(channel, event);
        return { ok: true, value: await (await dispatch)(method, arg) };
      } catch (error) {
        return { ok: false, error: toErrorData(error) };
      }
    });
  }
  let off: (() => void) | undefined;
  let ended = false;
  ready.then(
    (h) => {
      if (ended) return;
      off = h.events.subscribe((name, payload) => {
        const t = target();
        if (t && !t.isDestroyed()) t.send(EVENT_CHANNEL, name, payload);
      });
    },
    () => {},
  );
  return () => {
    ended = true;
    off?.();
    for (const name of COMMAND_NAMES) ipc.removeHandler(`${CALL_PREFIX}${name}`);
  };
}

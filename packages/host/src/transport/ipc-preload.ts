// Electron IPC, preload side: builds the HostApi the preload exposes through contextBridge. It
// imports nothing from Node (sandboxed preloads cannot) and nothing from Electron (it is given
// ipcRenderer), and the renderer never sees a channel name.
import type { EventName, HostApi, Unsubscribe } from '../api';
import { CALL_PREFIX, EVENT_CHANNEL, type IpcReply } from './channels';
import { buildApi, fromErrorData } from './client';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function ipcClientApi(ipc: IpcRendererLike): HostApi {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  ipc.on(EVENT_CHANNEL, (_event, name, payload) => {
    for (const listener of listeners.get(name as EventName) ?? []) listener(payload);
  });
  const listen = (event: EventName, listener: (payload: unknown) => void): Unsubscribe => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  return buildApi(async (method, arg) => {
    const reply = (await ipc.invoke(`${CALL_PREFIX}${method}`, arg)) as IpcReply;
    if (!reply.ok) throw fromErrorData(reply.error);
    return reply.value;
  }, listen);
}

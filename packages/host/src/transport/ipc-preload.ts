// Electron IPC, preload side: builds the HostApi the preload exposes through contextBridge. It
// imports nothing from Node (sandboxed preloads cannot) and nothing from Electron (it is given
// ipcRenderer), and the renderer never sees a channel name.
import { buildApi, eventHub, fromErrorData, type HostApi } from '@loupe/common';
import { CALL_PREFIX, EVENT_CHANNEL, type IpcReply } from './channels';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function ipcClientApi(ipc: IpcRendererLike): HostApi {
  const events = eventHub();
  ipc.on(EVENT_CHANNEL, (_event, name, payload) => events.emit(name as string, payload));
  return buildApi(async (method, arg) => {
    const reply = (await ipc.invoke(`${CALL_PREFIX}${method}`, arg)) as IpcReply;
    if (!reply.ok) throw fromErrorData(reply.error);
    return reply.value;
  }, events.listen);
}

// Browser mode: the host API over a WebSocket, built by @loupe/common's `buildApi` like the
// Electron preload's, so the renderer never sees the wire. The session token comes from the page
// URL's fragment and goes with every message.
import {
  buildApi,
  eventHub,
  fromErrorData,
  type HostApi,
  HostCallError,
  type HostErrorData,
  type Unsubscribe,
} from '@loupe/common';

type Incoming =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: HostErrorData }
  | { event: string; payload: unknown };

export interface WsConnection {
  api: HostApi;
  /** Fires when the socket closes (the window shows that the host is gone). */
  onClose(listener: (reason: string) => void): Unsubscribe;
}

export function tokenFromLocation(hash: string): string | null {
  const m = /(?:^#|&)token=([\w-]+)/.exec(hash);
  return m ? m[1]! : null;
}

export function connectWebSocket(url: string, token: string, deps = { WebSocket }): Promise<WsConnection> {
  const ws = new deps.WebSocket(`${url}?token=${encodeURIComponent(token)}`);
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const events = eventHub();
  const closers = new Set<(reason: string) => void>();
  let next = 0;
  let closed: string | null = null;

  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as Incoming;
    if ('event' in msg) {
      events.emit(msg.event, msg.payload);
      return;
    }
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (!p) return;
    if (msg.ok) p.resolve(msg.value);
    else p.reject(fromErrorData(msg.error));
  });
  ws.addEventListener('close', (e) => {
    closed = e.reason || 'the connection to Loupe closed';
    for (const p of pending.values())
      p.reject(new HostCallError('closed', 'The connection to Loupe closed. Reload the page.'));
    pending.clear();
    for (const c of closers) c(closed);
  });

  const call = (method: string, arg: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed !== null) {
        reject(new HostCallError('closed', 'The connection to Loupe closed. Reload the page.'));
        return;
      }
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ token, id, method, arg }));
    });

  const api: HostApi = buildApi(call, events.listen);

  return new Promise((resolve, reject) => {
    ws.addEventListener('open', () =>
      resolve({
        api,
        onClose: (l) => {
          closers.add(l);
          return () => {
            closers.delete(l);
          };
        },
      }),
    );
    ws.addEventListener('error', () => reject(new Error('Loupe could not be reached over the WebSocket.')));
  });
}

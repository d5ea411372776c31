// Browser mode: the host API over a WebSocket. Generic over the API: any `onDidX` property
// subscribes to event `didX`, any other property is a command; the renderer never sees the wire.
// The session token comes from the page URL's fragment and goes with every message.
import type { HostApi, HostErrorData, Unsubscribe } from '@loupe/host/api';

export class HostCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

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
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const closers = new Set<(reason: string) => void>();
  let next = 0;
  let closed: string | null = null;

  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as Incoming;
    if ('event' in msg) {
      for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
      return;
    }
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (!p) return;
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new HostCallError(msg.error.code, msg.error.message));
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

  const api = new Proxy({} as HostApi, {
    get(_target, prop) {
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      if (/^on[A-Z]/.test(prop)) {
        const event = prop[2]!.toLowerCase() + prop.slice(3);
        return (listener: (payload: unknown) => void): Unsubscribe => {
          const set = listeners.get(event) ?? new Set();
          listeners.set(event, set);
          set.add(listener);
          return () => {
            set.delete(listener);
          };
        };
      }
      return (arg?: unknown) => call(prop, arg);
    },
  });

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

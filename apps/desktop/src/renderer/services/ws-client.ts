// Browser mode: the host API over a WebSocket, built by @loupe/common's `buildApi` like the
// Electron preload's, so the renderer never sees the wire. The session token comes from the page
// URL's fragment and goes with every message. The link outlives its sockets: when one closes it
// retries with backoff, and when the server answers but refuses the token (a restarted
// `loupe serve` makes a new one) it says so and stops, since that token can only be refused again.
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

export type LinkStatus =
  | { state: 'connecting' }
  | { state: 'live' }
  /** `attempt` is the number of the next try, due at `retryAt` (ms since the epoch). */
  | { state: 'lost'; attempt: number; retryAt: number }
  | { state: 'refused' };

export interface WsLink {
  /** Calls while the link is down fail at once with a sentence; events resume after a reconnect. */
  api: HostApi;
  status(): LinkStatus;
  onStatus(listener: (status: LinkStatus) => void): Unsubscribe;
  /** Fires each time a socket opens after the first (the window reloads what it missed). */
  onReconnect(listener: () => void): Unsubscribe;
  /** Try now instead of waiting for the next attempt (no effect while live or refused). */
  retryNow(): void;
  close(): void;
}

/** Seconds between attempts; the last repeats. */
export const RETRY_DELAYS_S = [1, 2, 4, 8, 15];

/** Where the page asks whether its token is the server's (the host's browser-server.ts). */
const SESSION_PATH = '/session';
const SESSION_HEADER = 'X-Loupe-Token';

export function tokenFromLocation(hash: string): string | null {
  const m = /(?:^#|&)token=([\w-]+)/.exec(hash);
  return m ? m[1]! : null;
}

/** Was a refused socket's token the reason? 'refused' only when the server itself says so. */
async function askToken(
  origin: string,
  token: string,
  fetcher: typeof fetch,
): Promise<'ok' | 'refused' | 'gone'> {
  try {
    const res = await fetcher(`${origin}${SESSION_PATH}`, {
      method: 'POST',
      headers: { [SESSION_HEADER]: token },
    });
    return res.status === 403 ? 'refused' : 'ok';
  } catch {
    return 'gone';
  }
}

interface Deps {
  WebSocket: typeof WebSocket;
  fetch: typeof fetch;
  delaysS: number[];
}

/**
 * `origin` is the server's http(s) address (the page's own in a browser); the socket is its `/ws`.
 * Resolves once the first socket opens or the token is refused; keeps trying while unreachable.
 */
export function webSocketLink(origin: string, token: string, deps: Partial<Deps> = {}): WsLink {
  const { WebSocket: Socket = WebSocket, fetch: fetcher = fetch, delaysS = RETRY_DELAYS_S } = deps;
  const url = `${origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const events = eventHub();
  const statusListeners = new Set<(s: LinkStatus) => void>();
  const reconnectListeners = new Set<() => void>();
  let status: LinkStatus = { state: 'connecting' };
  let ws: WebSocket | null = null;
  let opened = 0;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closedByUs = false;
  let next = 0;

  const setStatus = (s: LinkStatus) => {
    status = s;
    for (const l of statusListeners) l(s);
  };
  const failPending = () => {
    for (const p of pending.values())
      p.reject(new HostCallError('closed', 'The connection to Loupe was lost; the window is reconnecting.'));
    pending.clear();
  };

  const scheduleRetry = () => {
    const delay = delaysS[Math.min(failures, delaysS.length - 1)]! * 1000;
    failures++;
    clearTimeout(timer);
    timer = setTimeout(open, delay);
    setStatus({ state: 'lost', attempt: failures, retryAt: Date.now() + delay });
  };

  function open() {
    clearTimeout(timer);
    if (closedByUs) return;
    const socket = new Socket(url);
    ws = socket;
    let wasOpen = false;
    socket.addEventListener('open', () => {
      wasOpen = true;
      failures = 0;
      opened++;
      setStatus({ state: 'live' });
      if (opened > 1) for (const l of reconnectListeners) l();
    });
    socket.addEventListener('message', (e) => {
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
    socket.addEventListener('error', () => {}); // a close follows and says what to do
    socket.addEventListener('close', (e) => {
      if (ws === socket) ws = null;
      failPending();
      if (closedByUs) return;
      // 1008: the server refused a message's token. A socket refused at the door (403) closes
      // without opening; ask the server whether the token was why.
      if (e.code === 1008) {
        setStatus({ state: 'refused' });
        return;
      }
      if (wasOpen) {
        scheduleRetry();
        return;
      }
      void askToken(origin, token, fetcher).then((answer) => {
        if (closedByUs || ws) return;
        if (answer === 'refused') setStatus({ state: 'refused' });
        else scheduleRetry();
      });
    });
  }

  const call = (method: string, arg: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      if (!ws || ws.readyState !== ws.OPEN) {
        reject(
          new HostCallError(
            'closed',
            status.state === 'refused'
              ? "Loupe refused this page's session token; open the address `loupe serve` printed."
              : 'Loupe is not connected right now; the window is reconnecting.',
          ),
        );
        return;
      }
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ token, id, method, arg }));
    });

  open();
  return {
    api: buildApi(call, events.listen),
    status: () => status,
    onStatus(l) {
      statusListeners.add(l);
      return () => {
        statusListeners.delete(l);
      };
    },
    onReconnect(l) {
      reconnectListeners.add(l);
      return () => {
        reconnectListeners.delete(l);
      };
    },
    retryNow() {
      if (status.state === 'lost' && !ws) open(); // not while an attempt is under way
    },
    close() {
      closedByUs = true;
      clearTimeout(timer);
      ws?.close();
    },
  };
}

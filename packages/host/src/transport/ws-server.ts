// WebSocket transport (browser mode). One gate checks the upgrade (path, Host, Origin, session
// token) and then every message (token again, known command), so a page from another origin, a
// DNS-rebinding name or a stale tab cannot drive the host.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CommandName } from '@loupe/common';
import { sameToken } from '@loupe/mcp/transports/constant-time';
import { type WebSocket, WebSocketServer } from 'ws';
import { HostError, toErrorData } from '../errors';
import { dispatcher, isCommandName, type ServedHost } from './dispatch';

export type { ServedHost } from './dispatch';

export interface WsGateOptions {
  token: string;
  /** Accepted Host headers, e.g. `127.0.0.1:5173`. */
  hosts: string[];
  /** Accepted Origin headers, e.g. `http://127.0.0.1:5173`. */
  origins: string[];
  path: string;
}

/** Client to host. */
export interface WsCall {
  token: string;
  id: number;
  method: string;
  arg?: unknown;
}

/** Host to client. */
export type WsMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { code: string; message: string } }
  | { event: string; payload: unknown };

/** Why an upgrade request is refused, or undefined when it passes. */
export function refuseUpgrade(req: IncomingMessage, gate: WsGateOptions): string | undefined {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== gate.path) return 'unknown path';
  if (!gate.hosts.includes(req.headers.host ?? '')) return 'unexpected Host header';
  if (!gate.origins.includes(req.headers.origin ?? '')) return 'unexpected Origin header';
  if (!sameToken(url.searchParams.get('token') ?? '', gate.token)) return 'wrong session token';
  return undefined;
}

/** The per-message gate: a JSON object with the session token and a known command. */
export function checkMessage(raw: string, gate: WsGateOptions): WsCall & { method: CommandName } {
  let msg: Partial<WsCall>;
  try {
    msg = JSON.parse(raw) as Partial<WsCall>;
  } catch {
    throw new HostError('forbidden', 'A message that is not JSON was refused.');
  }
  if (
    typeof msg !== 'object' ||
    msg === null ||
    typeof msg.token !== 'string' ||
    !sameToken(msg.token, gate.token)
  )
    throw new HostError('forbidden', 'A message without the session token was refused.');
  if (!Number.isSafeInteger(msg.id)) throw new HostError('forbidden', 'A message without an id was refused.');
  if (!isCommandName(msg.method))
    throw new HostError('forbidden', 'A message naming an unknown command was refused.');
  return msg as WsCall & { method: CommandName };
}

export interface WsTransport {
  clients(): number;
  close(): Promise<void>;
}

/**
 * Serves `host` on `server`'s WebSocket upgrades. The host may still be on its way (`loupe serve`
 * listens and prints its address while the host's modules load): calls wait for it, and events
 * flow from the moment it is there.
 */
export function serveWebSocket(
  host: ServedHost | Promise<ServedHost>,
  server: Server,
  gate: WsGateOptions,
): WsTransport {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const ready = Promise.resolve(host);
  const dispatch = ready.then(dispatcher);
  dispatch.catch(() => {}); // each call reports a host that did not come
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = refuseUpgrade(req, gate);
    if (refused) {
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${refused}\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);

  const send = (ws: WebSocket, msg: WsMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  wss.on('connection', (ws) => {
    let off: (() => void) | undefined;
    let gone = false;
    ws.on('close', () => {
      gone = true;
      off?.();
    });
    ready.then(
      (h) => {
        if (!gone) off = h.events.subscribe((event, payload) => send(ws, { event, payload }));
      },
      () => {},
    );
    ws.on('message', async (data, isBinary) => {
      let call: WsCall & { method: CommandName };
      try {
        if (isBinary) throw new HostError('forbidden', 'A binary message was refused.');
        call = checkMessage(data.toString('utf8'), gate);
      } catch {
        ws.close(1008, 'refused');
        return;
      }
      try {
        send(ws, { id: call.id, ok: true, value: await (await dispatch)(call.method, call.arg) });
      } catch (error) {
        send(ws, { id: call.id, ok: false, error: toErrorData(error) });
      }
    });
  });

  return {
    clients: () => wss.clients.size,
    close: () =>
      new Promise((resolve) => {
        server.off('upgrade', onUpgrade);
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}

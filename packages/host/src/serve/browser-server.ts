// Browser mode: the built window served on 127.0.0.1 with the host behind a WebSocket. A random
// session token travels in the URL's fragment (never sent in HTTP requests); the page passes it
// when it opens the socket and with every message. Host and Origin are checked against this
// server's own address, so other sites and DNS-rebinding names are refused. A page whose socket
// was refused asks `POST /session` (token in a header) whether it was its token, so it can say so.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LoupeError } from '@loupe/engine/errors';
import { sameToken } from '@loupe/mcp/transports/constant-time';
import { type ServedHost, serveWebSocket } from '../transport/ws-server';
import { RENDERER_TYPES, rendererCsp } from './renderer-policy';

/** Where the page asks whether its session token is this server's (see the header comment). */
export const SESSION_PATH = '/session';
export const SESSION_HEADER = 'x-loupe-token';

export interface BrowserServerOptions {
  /** The host, or its promise: the server answers (and prints its address) before the host has loaded. */
  host: ServedHost | Promise<ServedHost>;
  /** The built renderer (index.html and assets). */
  rendererDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  token?: string;
}

export interface BrowserServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** The window's policy, allowed to open its WebSocket to this server. */
export function contentSecurityPolicy(port: number): string {
  return rendererCsp(`'self' ws://127.0.0.1:${port} ws://localhost:${port}`);
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const dir = path.resolve(options.rendererDir);
  if (!existsSync(path.join(dir, 'index.html')))
    throw new LoupeError(
      'not-found',
      `The window is not built (${path.join(dir, 'index.html')} is missing); run \`npm run build\` in the Loupe repository first.`,
    );
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = 0;
  const hosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];

  const serveFile = (req: IncomingMessage, res: ServerResponse) => {
    if (!hosts().includes(req.headers.host ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain' }).end('Loupe answers only on its own address.\n');
      return;
    }
    if (req.url === SESSION_PATH) {
      answerSession(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel.includes('\0')) {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(dir, `.${path.posix.normalize(rel === '/' ? '/index.html' : rel)}`);
    const inside = file.startsWith(dir + path.sep);
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.\n');
      return;
    }
    res.writeHead(200, {
      'Content-Type': RENDERER_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': contentSecurityPolicy(port),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };

  // 204 when the header carries this server's token, 403 when not. A browser sends a custom header
  // to another origin only after a preflight this server never grants, and Origin must be ours.
  const answerSession = (req: IncomingMessage, res: ServerResponse) => {
    const origins = hosts().map((h) => `http://${h}`);
    if (req.method !== 'POST' || !origins.includes(req.headers.origin ?? '')) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Refused.\n');
      return;
    }
    const given = req.headers[SESSION_HEADER];
    const ok = typeof given === 'string' && sameToken(given, token);
    res
      .writeHead(ok ? 204 : 403, { 'Cache-Control': 'no-store' })
      .end(ok ? undefined : 'wrong session token\n');
  };

  const server = createServer(serveFile);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new LoupeError(
              'invalid-argument',
              `Port ${options.port} is in use; pick another with --port or leave it out.`,
            )
          : error,
      ),
    );
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const ws = serveWebSocket(options.host, server, {
    token,
    hosts: hosts(),
    origins: hosts().map((h) => `http://${h}`),
    path: '/ws',
  });
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    close: async () => {
      await ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Opt-in Streamable HTTP on 127.0.0.1: every request needs the bearer token (random, stored 0600
// in Loupe's state folder), a Host naming this listener and, when present, an Origin of this
// listener (DNS rebinding); no CORS headers are ever sent, so browsers cannot read answers.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ensureFolder, readOwnFile, UnusableFile, withLock, writeFileAtomic } from '@loupe/engine';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { McpProject } from '../project';
import { type Connection, connectSession } from '../server';
import { sameToken } from './constant-time';

const MAX_BODY = 4 * 1024 * 1024;

export function tokenFile(stateDir: string): string {
  return path.join(stateDir, 'http-token');
}

/**
 * The stored token, created on first use (32 random bytes, base64url, a fresh 0600 file renamed
 * into place). A token file that is a link, not this user's, or was readable by others is replaced
 * by a new token, never followed or trusted.
 */
export function loadOrCreateToken(stateDir: string): string {
  const file = tokenFile(stateDir);
  ensureFolder(stateDir, 'owned', 'its HTTP token');
  return withLock(file, () => {
    let stored: string | undefined;
    try {
      stored = readOwnFile(file, { maxBytes: 4096, secret: true })?.toString('utf8').trim();
    } catch (error) {
      if (!(error instanceof UnusableFile)) throw error;
    }
    if (stored && stored.length >= 32) return stored;
    const token = randomBytes(32).toString('base64url');
    writeFileAtomic(file, `${token}\n`);
    return token;
  });
}

export interface HttpServerOptions {
  /** 0 picks a free port. */
  port?: number;
  stateDir: string;
  /** Overrides the stored token (tests). */
  token?: string;
}

export interface HttpEndpoint {
  url: string;
  port: number;
  token: string;
  tokenFile: string;
  close(): Promise<void>;
}

function deny(
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

export async function startHttpServer(
  project: McpProject,
  options: HttpServerOptions,
): Promise<HttpEndpoint> {
  const token = options.token ?? loadOrCreateToken(options.stateDir);
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; connection?: Connection }>();
  let port = 0;

  const server = http.createServer(async (req, res) => {
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!hosts.includes((req.headers.host ?? '').toLowerCase()))
      return deny(
        res,
        403,
        'Host not allowed: Loupe answers only requests addressed to 127.0.0.1 or localhost.',
      );
    const origin = req.headers.origin;
    if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`))
      return deny(res, 403, 'Origin not allowed: Loupe does not answer web pages.');
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7).trim(), token))
      return deny(res, 401, "Missing or wrong bearer token; it is stored in Loupe's http-token file.", {
        'www-authenticate': 'Bearer',
      });
    const url = new URL(req.url ?? '/', `http://${hosts[0]}`);
    if (url.pathname !== '/mcp') return deny(res, 404, 'Not found: the MCP endpoint is /mcp.');
    if (!['POST', 'GET', 'DELETE'].includes(req.method ?? '')) return deny(res, 405, 'Method not allowed.');

    let body: unknown;
    if (req.method === 'POST') {
      try {
        body = await readBody(req);
      } catch {
        return deny(res, 400, 'The request body is not valid JSON (or larger than 4 MiB).');
      }
    }
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.transport.handleRequest(req, res, body);
    if (typeof id === 'string') return deny(res, 404, 'Unknown or closed session; initialize again.');
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return deny(res, 400, 'No session: the first request must be initialize.');
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        sessions.set(sid, entry);
      },
    });
    const entry: { transport: StreamableHTTPServerTransport; connection?: Connection } = { transport };
    entry.connection = await connectSession(project, transport, { transport: 'http' });
    void entry.connection.closed.then(() => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    });
    await transport.handleRequest(req, res, body);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    token,
    tokenFile: tokenFile(options.stateDir),
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.connection?.close().catch(() => {})));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import { closeProject, type Fixture, makeProject, openProject, wrapClient } from '../testing/fixture';
import { type HttpEndpoint, loadOrCreateToken, startHttpServer, tokenFile } from './http';

let fx: Fixture;
let project: McpProject;
let endpoint: HttpEndpoint;

beforeAll(async () => {
  fx = makeProject({ 'src/web.ts': 'export const web = 1;\n' });
  project = await openProject(fx);
  endpoint = await startHttpServer(project, { stateDir: fx.stateDir });
});

afterAll(async () => {
  await endpoint.close();
  await closeProject(project, fx);
});

async function httpClient(token: string) {
  const client = new Client({ name: 'http-client', version: '3.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return wrapClient(client, async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function raw(method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        path: '/mcp',
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('Streamable HTTP on 127.0.0.1', () => {
  it('serves a client that sends the bearer token', async () => {
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const c = await httpClient(endpoint.token);
    expect(await c.call('get_tree')).toContain('web.ts');
    expect(
      project.sessions.list().some((s) => s.info.transport === 'http' && s.client?.name === 'http-client'),
    ).toBe(true);
    await c.close();
  });

  it('keeps the token in a 0600 file and reuses it', () => {
    const file = tokenFile(fx.stateDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(endpoint.token);
    expect(endpoint.token.length).toBeGreaterThanOrEqual(40);
    expect(loadOrCreateToken(fx.stateDir)).toBe(endpoint.token);
  });

  it('rejects a missing or wrong token', async () => {
    await expect(httpClient('wrong-token')).rejects.toThrow();
    const none = await raw('POST', { host: `127.0.0.1:${endpoint.port}` }, INIT);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await raw(
      'POST',
      { host: `127.0.0.1:${endpoint.port}`, authorization: `Bearer ${endpoint.token}x` },
      INIT,
    );
    expect(wrong.status).toBe(401);
  });

  it('rejects foreign Origins and Hosts (DNS rebinding), even with the token', async () => {
    const auth = { authorization: `Bearer ${endpoint.token}` };
    const evil = await raw(
      'POST',
      { ...auth, host: `127.0.0.1:${endpoint.port}`, origin: 'http://evil.example' },
      INIT,
    );
    expect(evil.status).toBe(403);
    const rebound = await raw('POST', { ...auth, host: `evil.example:${endpoint.port}` }, INIT);
    expect(rebound.status).toBe(403);
    const otherPort = await raw(
      'POST',
      { ...auth, host: '127.0.0.1:1', origin: `http://127.0.0.1:${endpoint.port}` },
      INIT,
    );
    expect(otherPort.status).toBe(403);
    const ok = await raw(
      'POST',
      { ...auth, host: `localhost:${endpoint.port}`, origin: `http://localhost:${endpoint.port}` },
      INIT,
    );
    expect(ok.status).toBe(200);
  });

  it('sends no CORS headers and does not answer preflights', async () => {
    const pre = await raw('OPTIONS', {
      host: `127.0.0.1:${endpoint.port}`,
      origin: `http://127.0.0.1:${endpoint.port}`,
      'access-control-request-method': 'POST',
    });
    expect(pre.status).not.toBe(200);
    const ok = await raw(
      'POST',
      { host: `127.0.0.1:${endpoint.port}`, authorization: `Bearer ${endpoint.token}` },
      INIT,
    );
    for (const r of [pre, ok])
      expect(Object.keys(r.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('listens on loopback only', async () => {
    const reachable = await new Promise<boolean>((resolve) => {
      const req = http.request({ host: '::1', port: endpoint.port, path: '/mcp', method: 'GET' }, () =>
        resolve(true),
      );
      req.on('error', () => resolve(false));
      req.end();
    });
    expect(reachable).toBe(false);
  });
});

// Receipts over real HTTP: a flood of sessions that only ran `initialize` (600, each ended with
// DELETE) leaves no receipts and pushes out none of the real ones.
import http from 'node:http';
import { listReceipts } from '@loupe/engine';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import { closeProject, type Fixture, makeProject, openProject } from '../testing/fixture';
import { type HttpEndpoint, startHttpServer } from './http';

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

function request(method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; session?: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        path: '/mcp',
        method,
        headers: {
          host: `127.0.0.1:${endpoint.port}`,
          authorization: `Bearer ${endpoint.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            session: res.headers['mcp-session-id'] as string | undefined,
          }),
        );
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
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
});

describe('receipts under a flood of empty HTTP sessions', () => {
  it('600 initialize-only sessions push out none of the sessions that received files', async () => {
    const real: string[] = [];
    for (let i = 0; i < 3; i++) {
      const client = new Client({ name: `real-${i}`, version: '1' });
      const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
        requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } },
      });
      await client.connect(transport);
      await client.callTool({ name: 'get_file', arguments: { path: 'src/web.ts' } });
      await transport.terminateSession();
      await client.close();
      real.push(`real-${i}`);
    }
    for (let i = 0; i < 600; i++) {
      const init = await request('POST', {}, INIT);
      expect(init.status).toBe(200);
      await request('DELETE', { 'mcp-session-id': init.session! });
    }
    await project.sessions.flush();
    const kept = listReceipts(fx.stateDir, project.root);
    expect(kept.map((s) => s.client?.name).sort()).toEqual(real);
    expect(kept.every((s) => s.calls.some((c) => c.delivered.length > 0))).toBe(true);
  }, 120_000);
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LoupeHost } from '../host';
import { type BrowserServer, startBrowserServer } from '../serve/browser-server';
import { rendererCsp } from '../serve/renderer-policy';
import { tempDir, writeProject } from '../testing/project';
import type { WsMessage } from './ws-server';

const tmp = tempDir();
let server: BrowserServer;
let host: LoupeHost;
let project: string;

beforeAll(async () => {
  const renderer = path.join(tmp.dir, 'renderer');
  mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Loupe</title>');
  writeFileSync(path.join(renderer, 'assets', 'app.js'), 'export {};');
  writeFileSync(path.join(tmp.dir, 'secret.txt'), 'outside the renderer');
  project = writeProject(path.join(tmp.dir, 'sample'));
  host = new LoupeHost({ stateDir: path.join(tmp.dir, 'state'), cacheDir: null, tokenThreads: 1 });
  server = await startBrowserServer({ host, rendererDir: renderer });
});

afterAll(async () => {
  await server.close();
  await host.close();
  tmp.dispose();
});

function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: urlPath, headers, method }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Client {
  ws: WebSocket;
  call(method: string, arg?: unknown, token?: string): Promise<WsMessage>;
  events: WsMessage[];
  closed: Promise<number>;
}

function connect(opts: { token?: string; origin?: string; host?: string } = {}): Promise<Client> {
  const origin = opts.origin ?? `http://127.0.0.1:${server.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${opts.token ?? server.token}`, {
    origin,
    headers: opts.host ? { Host: opts.host } : {},
  });
  const events: WsMessage[] = [];
  const pending = new Map<number, (m: WsMessage) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as WsMessage;
    if ('id' in m) pending.get(m.id)?.(m);
    else events.push(m);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  let id = 0;
  return new Promise((resolve, reject) => {
    ws.on('open', () =>
      resolve({
        ws,
        events,
        closed,
        call: (method, arg, token = server.token) =>
          new Promise((res) => {
            const at = ++id;
            pending.set(at, res);
            ws.send(JSON.stringify({ token, id: at, method, arg }));
          }),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

describe('browser server', () => {
  it('serves the renderer with a strict CSP, and nothing outside it', async () => {
    const index = await get('/', { Host: `127.0.0.1:${server.port}` });
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>Loupe</title>');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port} ws://localhost:${server.port};`);
    // The Electron window's policy is the same but connects nowhere.
    expect(rendererCsp("'none'")).toBe(csp.replace(/connect-src [^;]*/, "connect-src 'none'"));
    const js = await get('/assets/app.js', { Host: `localhost:${server.port}` });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/../secret.txt', { Host: `127.0.0.1:${server.port}` })).status).toBe(404);
    expect((await get('/%2e%2e/secret.txt', { Host: `127.0.0.1:${server.port}` })).status).toBe(404);
    // DNS rebinding: a foreign Host header is refused
    expect((await get('/', { Host: `evil.example:${server.port}` })).status).toBe(421);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
  });

  it('refuses sockets with a wrong token, Origin or Host', async () => {
    await expect(connect({ token: 'nope' })).rejects.toThrow(/refused 403/);
    await expect(connect({ origin: 'http://evil.example' })).rejects.toThrow(/refused 403/);
    await expect(connect({ host: `evil.example:${server.port}` })).rejects.toThrow(/refused 403/);
  });

  it("answers whether a page's token is this server's (a refused socket says no more)", async () => {
    const own = { Host: `127.0.0.1:${server.port}`, Origin: `http://127.0.0.1:${server.port}` };
    const ask = (headers: Record<string, string>, method = 'POST') =>
      get('/session', headers, method).then((r) => r.status);
    expect(await ask({ ...own, 'X-Loupe-Token': server.token })).toBe(204);
    expect(await ask({ ...own, 'X-Loupe-Token': 'stale-token' })).toBe(403);
    expect(await ask(own)).toBe(403);
    // Only this server's own page may ask, and only with POST.
    expect(await ask({ ...own, Origin: 'http://evil.example', 'X-Loupe-Token': server.token })).toBe(403);
    expect(await ask({ ...own, 'X-Loupe-Token': server.token }, 'GET')).toBe(403);
    expect(await ask({ Host: `evil.example:${server.port}`, 'X-Loupe-Token': server.token })).toBe(421);
  });

  it('runs commands, forwards events, and closes on a message without the token', async () => {
    const c = await connect();
    const opened = await c.call('openProject', { path: project });
    expect(opened).toMatchObject({ ok: true, value: { name: 'sample' } });
    const focus = await c.call('toggleFocus', { path: 'docs', on: true });
    expect(focus).toMatchObject({ ok: true, value: { include: ['docs'] } });
    expect(c.events.some((e) => 'event' in e && e.event === 'didChangeFocus')).toBe(true);
    const bad = await c.call('getTreeSlice', { path: 'nowhere' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    void c.call('getTree', undefined, 'wrong-token');
    expect(await c.closed).toBe(1008);
  });

  it('closes on an unknown command (the gate checks names before the host sees them)', async () => {
    const c = await connect();
    void c.call('constructor');
    expect(await c.closed).toBe(1008);
    const d = await connect();
    d.ws.send('not json');
    expect(await d.closed).toBe(1008);
  });
});

describe('browser server before its host', () => {
  it('accepts the window while the host loads: calls wait for it, events follow once it is there', async () => {
    let give!: (h: LoupeHost) => void;
    const later = new Promise<LoupeHost>((resolve) => {
      give = resolve;
    });
    const early = await startBrowserServer({ host: later, rendererDir: path.join(tmp.dir, 'renderer') });
    const late = new LoupeHost({
      stateDir: path.join(tmp.dir, 'state-late'),
      cacheDir: null,
      tokenThreads: 1,
    });
    try {
      const ws = new WebSocket(`ws://127.0.0.1:${early.port}/ws?token=${early.token}`, {
        origin: `http://127.0.0.1:${early.port}`,
      });
      const messages: WsMessage[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data)) as WsMessage));
      await new Promise((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      });
      ws.send(JSON.stringify({ token: early.token, id: 1, method: 'recentProjects', arg: undefined }));
      await new Promise((r) => setTimeout(r, 200));
      expect(messages).toEqual([]); // no host yet: the call waits
      give(late);
      for (let i = 0; i < 1000 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(messages).toEqual([{ id: 1, ok: true, value: [] }]);
      late.events.emit('didNotice', { level: 'warning', message: 'hello' });
      for (let i = 0; i < 1000 && messages.length === 1; i++) await new Promise((r) => setTimeout(r, 20));
      expect(messages[1]).toEqual({ event: 'didNotice', payload: { level: 'warning', message: 'hello' } });
      ws.close();
    } finally {
      await early.close();
      await late.close();
    }
  });
});

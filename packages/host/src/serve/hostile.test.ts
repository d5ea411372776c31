// The window's routes in browser mode (the host behind the browser server's WebSocket, as the page
// calls them) on a repository of hostile symlinks: the tree lists every link with its reason, and
// previews and exports read a link only as a visible target, masked by the target's format. With
// masking off (a person's one-off choice) the hidden targets stay unread all the same.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostileLinks } from '@loupe/engine/scan/testing/hostile-repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LoupeHost } from '../host';
import { tempDir } from '../testing/project';
import type { WsMessage } from '../transport/ws-server';
import { type BrowserServer, startBrowserServer } from './browser-server';

const tmp = tempDir('loupe-host-links-');
const h = hostileLinks(tmp.dir);
let server: BrowserServer;
let host: LoupeHost;

beforeAll(async () => {
  const renderer = path.join(tmp.dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Loupe</title>');
  host = new LoupeHost({ stateDir: path.join(tmp.dir, 'state'), cacheDir: null, tokenThreads: 1 });
  server = await startBrowserServer({ host, rendererDir: renderer });
});

afterAll(async () => {
  await server.close();
  await host.close();
  tmp.dispose();
});

/** One command over the page's WebSocket; its answer as text. */
async function session(): Promise<{ call(method: string, arg?: unknown): Promise<string>; close(): void }> {
  const origin = `http://127.0.0.1:${server.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`, { origin });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const pending = new Map<number, (m: string) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as WsMessage;
    if ('id' in m) pending.get(m.id)?.(String(data));
  });
  let id = 0;
  return {
    call: (method, arg) =>
      new Promise((resolve, reject) => {
        const at = ++id;
        const timer = setTimeout(() => reject(new Error(`${method} hung`)), 30_000);
        pending.set(at, (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        ws.send(JSON.stringify({ token: server.token, id: at, method, arg }));
      }),
    close: () => ws.close(),
  };
}

describe('the window on hostile symlinks', () => {
  it('lists links with reasons and reads them only as visible targets, in previews and exports', async () => {
    const c = await session();
    try {
      const clean = (what: string, text: string, except: string[] = []) => {
        for (const v of h.planted) if (!except.includes(v)) expect(text, what).not.toContain(v);
      };
      const opened = await c.call('openProject', { path: h.dir });
      expect(JSON.parse(opened)).toMatchObject({ ok: true });
      await host.workspace!.tokensReady;
      for (const [method, arg] of [
        ['getTree', undefined],
        ['getTreeSlice', { path: 'config' }],
        ['hiddenEntries', undefined],
        ['focusSummary', undefined],
      ] as const)
        clean(method, await c.call(method, arg));
      const tree = await c.call('getTree');
      for (const { flag } of Object.values(h.links)) if (flag) expect(tree).toContain(`"${flag}"`);

      const options = { format: 'markdown', budget: null, detail: 'full', masking: true, lineNumbers: false };
      for (const format of ['markdown', 'xml', 'plain'])
        for (const method of ['exportPreview', 'exportPack']) {
          const r = await c.call(method, { ...options, format });
          clean(`${method} ${format}`, r);
          expect(r).toContain('DB_PASSWORD=LOUPE_REDACTED[');
        }
      // Only the links in focus, one at a time.
      for (const link of Object.keys(h.links)) {
        await c.call('setFocus', { include: [link], exclude: [] });
        clean(`preview of ${link}`, await c.call('exportPreview', options));
      }
      // Masking off by the person's choice: the visible target's value shows, the hidden ones never.
      await c.call('setFocus', { include: [], exclude: [] });
      const open = await c.call('exportPreview', { ...options, masking: false });
      clean('unmasked preview', open, [h.maskedValue]);
      expect(open).toContain(h.maskedValue);
    } finally {
      c.close();
    }
  });
});

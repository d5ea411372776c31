// The browser window's link to `loupe serve` over a real WebSocket and the real browser server:
// it retries with backoff while the server is gone, comes back with its event listeners when the
// same server returns, and stops with 'refused' when the server answering has another token.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LoupeHost, startBrowserServer } from '@loupe/host';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type LinkStatus, webSocketLink } from '../src/renderer/services/ws-client';

const tmp = tempDir('loupe-ws-link-');
afterAll(() => tmp.dispose());

const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 800 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};

describe('the WebSocket link', () => {
  it('reconnects with backoff, keeps its listeners, and says when the token is refused', async () => {
    const renderer = path.join(tmp.dir, 'renderer');
    mkdirSync(renderer, { recursive: true });
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Loupe</title>');
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const host = new LoupeHost({ stateDir: path.join(tmp.dir, 'state'), cacheDir: null, tokenThreads: 1 });
    let server = await startBrowserServer({ host, rendererDir: renderer, token: 'first-token' });
    const origin = `http://127.0.0.1:${server.port}`;
    // What a page on this server sends: its Origin, on the socket and on the token question.
    class PageSocket extends WebSocket {
      constructor(url: string) {
        super(url, { origin });
      }
    }
    const pageFetch: typeof fetch = (url, init) =>
      fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: origin } });
    const link = webSocketLink(origin, 'first-token', {
      WebSocket: PageSocket as unknown as typeof globalThis.WebSocket,
      fetch: pageFetch,
      delaysS: [0.05, 0.1, 0.2],
    });
    const seen: LinkStatus[] = [];
    link.onStatus((s) => seen.push(s));
    let reconnects = 0;
    link.onReconnect(() => reconnects++);
    const opened: string[] = [];
    link.api.onDidOpenProject((info) => opened.push(info?.name ?? ''));
    try {
      await until(() => link.status().state === 'live', 'the first socket');
      await link.api.openProject({ path: project });
      await until(() => opened.length === 1, 'the open event');

      await server.close();
      await until(() => link.status().state === 'lost', 'the loss');
      await expect(link.api.getSettings()).rejects.toThrow(/reconnecting/);
      await until(() => seen.some((s) => s.state === 'lost' && s.attempt >= 3), 'three attempts');
      const lost = seen.filter((s) => s.state === 'lost');
      expect(lost.map((s) => s.attempt).slice(0, 3)).toEqual([1, 2, 3]); // counted, one after another
      expect(reconnects).toBe(0);

      // The same server returns: the link reconnects and the listeners hear the host again.
      server = await startBrowserServer({
        host,
        rendererDir: renderer,
        token: 'first-token',
        port: server.port,
      });
      link.retryNow();
      await until(() => link.status().state === 'live', 'the reconnect');
      expect(reconnects).toBe(1);
      await link.api.openProject({ path: project });
      await until(() => opened.length === 2, 'the open event after the reconnect');

      // Another server on the port: it answers, but not to this token.
      await server.close();
      await until(() => link.status().state === 'lost', 'the second loss');
      server = await startBrowserServer({
        host,
        rendererDir: renderer,
        token: 'other-token',
        port: server.port,
      });
      link.retryNow();
      await until(() => link.status().state === 'refused', 'the refusal');
      const count = seen.length;
      await new Promise((r) => setTimeout(r, 500)); // several backoff delays: no further attempt
      expect(seen.length).toBe(count);
      await expect(link.api.getSettings()).rejects.toThrow(/refused this page's session token/);
    } finally {
      link.close();
      await server.close();
      await host.close();
    }
  });
});

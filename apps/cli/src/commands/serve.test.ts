import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../main';
import { gatedGit } from '../testing/gated-git';
import { cli, spawnBuilt } from '../testing/run';

const tmp = tempDir('loupe-serve-');
afterAll(() => tmp.dispose());

function get(url: URL): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

const connects = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(socket);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('loupe serve', () => {
  it('serves the window on 127.0.0.1 with a session token and stops when told', async () => {
    const project = writeProject(path.join(tmp.dir, 'p'));
    const renderer = path.join(tmp.dir, 'renderer');
    mkdirSync(renderer, { recursive: true });
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Loupe window</title>');
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (c) => {
      out += c;
    });
    const abort = new AbortController();
    const env = {
      LOUPE_STATE_DIR: path.join(tmp.dir, 'state'),
      LOUPE_CACHE_DIR: path.join(tmp.dir, 'cache'),
      LOUPE_RENDERER_DIR: renderer,
    };
    const running = runCli(['serve', project], { stdout, stderr, cwd: tmp.dir, env, signal: abort.signal });
    for (let i = 0; i < 1200 && !/#token=/.test(out); i++) await new Promise((r) => setTimeout(r, 25));
    const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(out)![0]);
    expect(url.hash).toMatch(/^#token=[\w-]{20,}$/);
    expect(out).toContain(`Loupe is serving ${project}`);
    const socket = path.join(tmp.dir, 'state', 'run', 'loupe.sock');
    expect(out).toContain(`connect through ${socket}`);
    expect(await connects(socket)).toBe(true);
    const page = await get(new URL('/', url));
    expect(page).toMatchObject({ status: 200 });
    expect(page.body).toContain('Loupe window');
    abort.abort();
    expect(await running).toBe(0);
    await expect(get(new URL('/', url))).rejects.toThrow(/ECONNREFUSED/);
    expect(await connects(socket)).toBe(false);
  });

  it('starts the MCP HTTP endpoint when the setting is on, and stops it on exit', async () => {
    const project = writeProject(path.join(tmp.dir, 'h'));
    const renderer = path.join(tmp.dir, 'renderer-h');
    mkdirSync(renderer, { recursive: true });
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Loupe window</title>');
    const stateDir = path.join(tmp.dir, 'state-h');
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(path.join(stateDir, 'settings.json'), JSON.stringify({ version: 1, httpEndpoint: true }));
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (c) => {
      out += c;
    });
    const abort = new AbortController();
    const env = {
      LOUPE_STATE_DIR: stateDir,
      LOUPE_CACHE_DIR: path.join(tmp.dir, 'cache-h'),
      LOUPE_RENDERER_DIR: renderer,
    };
    const running = runCli(['serve', project], {
      stdout,
      stderr: new PassThrough(),
      cwd: tmp.dir,
      env,
      signal: abort.signal,
    });
    for (let i = 0; i < 1200 && !/MCP over HTTP/.test(out); i++) await new Promise((r) => setTimeout(r, 25));
    const m = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp) \(bearer token in (.*)\)/.exec(out);
    expect(m?.[2]).toBe(path.join(stateDir, 'http-token'));
    const mcp = new URL(m![1]!);
    expect((await get(mcp)).status).toBe(401); // it answers, and wants the token
    abort.abort();
    expect(await running).toBe(0);
    await expect(get(mcp)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('prints its address before the scan: the window answers while git is still listing the project', async () => {
    // A real git behind a gate: every git call waits until the test opens it, so the scan cannot
    // finish first. The old order (scan, then listen) printed nothing until the gate opened.
    const project = writeProject(path.join(tmp.dir, 'slow'));
    const git = gatedGit(tmp.dir);
    const run = spawnBuilt(['serve', project, '--json'], {
      PATH: git.PATH,
      LOUPE_STATE_DIR: path.join(tmp.dir, 'state-slow'),
      LOUPE_CACHE_DIR: path.join(tmp.dir, 'cache-slow'),
      LOUPE_SOCKET: path.join(tmp.dir, 'slow.sock'),
    });
    try {
      const [line] = await run.waitFor(/^\{.*\}\n/);
      const info = JSON.parse(line);
      expect(info).toMatchObject({ root: project, socket: path.join(tmp.dir, 'slow.sock') });
      expect(git.closed()).toBe(true); // the scan is still held
      expect((await get(new URL('/', info.url))).status).toBe(200);
      expect(run.output().stdout).toBe(line); // not opened yet
      expect(await git.called(400)).toBe(true); // the scan did start, behind the address
      git.open();
      const [opened] = await run.waitFor(/^\{"opened".*\}\n/m);
      expect(JSON.parse(opened)).toMatchObject({ opened: project, files: 8, hidden: 2, http: null });
    } finally {
      git.open();
      expect(await run.stop()).toBe(0);
    }
  }, 60_000);

  it('refuses a bad port, a missing folder and a missing window build with one sentence', async () => {
    const project = writeProject(path.join(tmp.dir, 'q'));
    expect(await cli(['serve', project, '--port', 'http'])).toMatchObject({
      code: 2,
      stderr: 'loupe serve: --port takes a port number from 0 to 65535 (0 picks a free port), not "http".\n',
    });
    const missing = await cli(['serve', path.join(tmp.dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^loupe serve: The folder .* does not exist\. Check the path and try again\.\n$/,
    );
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (c) => {
      err += c;
    });
    const env = {
      LOUPE_STATE_DIR: path.join(tmp.dir, 'state2'),
      LOUPE_RENDERER_DIR: path.join(tmp.dir, 'no-build'),
    };
    expect(await runCli(['serve', project], { stdout, stderr, cwd: tmp.dir, env })).toBe(2);
    expect(err).toMatch(
      /^loupe serve: The window is not built \(.*index\.html is missing\); run `npm run build` in the Loupe repository first\.\n$/,
    );
  });
});

// `--port 0` asks the system for a free port and prints the one it got, for `loupe serve` and
// `loupe mcp --http` (text, and one JSON line with --json); a port in use is one sentence.
// Real built processes, real sockets.
import path from 'node:path';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBuilt, spawnBuilt } from './testing/run';

const tmp = tempDir('loupe-ports-');
afterAll(() => tmp.dispose());
const project = writeProject(path.join(tmp.dir, 'p'));
const env = (name: string) => ({
  LOUPE_STATE_DIR: path.join(tmp.dir, `state-${name}`),
  LOUPE_CACHE_DIR: path.join(tmp.dir, 'cache'),
  LOUPE_SOCKET: path.join(tmp.dir, `${name}.sock`),
});

describe('loupe serve --port 0', () => {
  it('serves on a free port and prints it; the printed address answers; a taken port is one sentence', async () => {
    const text = spawnBuilt(['serve', project, '--port', '0'], env('text'));
    const json = spawnBuilt(['serve', project, '--port=0', '--json'], env('json'));
    try {
      const [, port] = await text.waitFor(/^http:\/\/127\.0\.0\.1:(\d+)\/#token=[\w-]+$/m);
      expect(Number(port)).toBeGreaterThan(0);
      const [line] = await json.waitFor(/^\{.*\}\n/);
      const info = JSON.parse(line);
      expect(info).toMatchObject({ root: project, socket: env('json').LOUPE_SOCKET, http: null });
      expect(info.port).toBeGreaterThan(0);
      expect(info.port).not.toBe(Number(port));
      expect(info.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${info.port}/#token=[\\w-]{20,}$`));
      expect(json.output().stdout).toBe(line); // nothing else on stdout
      expect((await fetch(new URL('/', info.url))).status).toBe(200);
      const taken = await cliBuilt(['serve', project, '--port', String(info.port)], tmp.dir, env('taken'));
      expect(taken).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `loupe serve: Port ${info.port} is in use; pick another with --port or leave it out.\n`,
      });
    } finally {
      expect(await text.stop()).toBe(0);
      expect(await json.stop()).toBe(0);
    }
  });
});

describe('loupe mcp --http --port 0', () => {
  it('serves MCP on a free port and prints it (stderr, and JSON on stdout with --json)', async () => {
    const run = spawnBuilt(['mcp', '--root', project, '--http', '--port', '0', '--json'], env('mcp'));
    try {
      const [line] = await run.waitFor(/^\{.*\}\n/);
      const info = JSON.parse(line);
      expect(info.port).toBeGreaterThan(0);
      expect(info).toMatchObject({
        root: project,
        url: `http://127.0.0.1:${info.port}/mcp`,
        tokenFile: path.join(env('mcp').LOUPE_STATE_DIR, 'http-token'),
      });
      await run.waitFor(new RegExp(`serving .* at http://127\\.0\\.0\\.1:${info.port}/mcp\\n`), 'stderr');
      // It answers on that port, and wants the token.
      const denied = await fetch(info.url, { method: 'POST', body: '{}' });
      expect(denied.status).toBe(401);
      const taken = await cliBuilt(
        ['mcp', '--root', project, '--http', '--port', String(info.port)],
        tmp.dir,
        env('mcp2'),
      );
      expect(taken).toMatchObject({
        code: 2,
        stderr: `loupe mcp: Port ${info.port} is in use; pick another with --port or leave it out.\n`,
      });
    } finally {
      expect(await run.stop()).toBe(0);
    }
  });

  it('refuses --port and --json without --http with one sentence', async () => {
    const r = await cliBuilt(['mcp', '--root', project, '--port', '0'], tmp.dir, env('stdio'));
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'loupe mcp: --port applies to --http; stdio has no port.\n',
    });
  });
});

// `loupe mcp`, `loupe bridge` and `loupe receipts` as agents meet them: real child processes
// driven by the SDK's own stdio client, the app's socket served in this process, HTTP with its
// token, and the MCP Inspector (a client we did not write) in CLI mode.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { projectStateDir, Workspace } from '@loupe/engine';
import { writeProject } from '@loupe/host/testing/project';
import { AgentSocket, McpProject } from '@loupe/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../main';
import { sourceAgent, sourceArgs, sourceEnv } from '../testing/agent';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const inspector = path.join(repoRoot, 'node_modules/.bin/mcp-inspector');

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-cli-mcp-')));
const proj = path.join(work, 'proj');
const stateDir = path.join(work, 'state');
const noSocket = path.join(work, 'no-app', 'loupe.sock');

const own = (extra: Record<string, string> = {}) => ({
  LOUPE_STATE_DIR: stateDir,
  LOUPE_SOCKET: noSocket,
  ...extra,
});
const env = (extra: Record<string, string> = {}): Record<string, string> => sourceEnv(own(extra));
const stdioClient = (args: string[], cwd: string, extraEnv: Record<string, string> = {}) =>
  sourceAgent(args, { cwd, env: own(extraEnv), client: { name: 'cli-test', version: '1.2.3' } });

async function cliInProcess(argv: string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks: string[] = [];
  const errs: string[] = [];
  out.on('data', (c) => chunks.push(String(c)));
  err.on('data', (c) => errs.push(String(c)));
  const code = await runCli(argv, { stdout: out, stderr: err, cwd: work, env: env() });
  return { code, stdout: chunks.join(''), stderr: errs.join('') };
}

const firstLine = (t: string) => t.split('\n')[0]!;

beforeAll(() => {
  writeProject(proj, {
    'src/app.ts': 'export const app = 1;\n',
    'src/lib/util.ts': 'export const util = 2;\n',
    'docs/guide.md': '# Guide\n',
    'README.md': '# Project\n',
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('loupe mcp (stdio, headless)', () => {
  it('serves the project with the --focus it was given, and leaves a receipt', async () => {
    const c = await stdioClient(['mcp', '--root', proj, '--focus', 'src'], work);
    const tools = await c.client.listTools();
    expect(tools.tools.map((t) => t.name)).toEqual([
      'get_tree',
      'get_file',
      'search',
      'pack',
      'related_files',
      'focus_status',
    ]);
    const tree = await c.call('get_tree');
    expect(firstLine(tree)).toMatch(
      /focus: 2 of 4 files .* · served headless by loupe mcp \(focus from --focus\)$/,
    );
    expect(tree).toContain('app.ts');
    expect(tree).not.toContain('README.md');
    expect(await c.call('get_file', { path: 'README.md' })).toContain('outside the focus (read by name)');
    await c.close();
    // --focus is not saved over the developer's focus.
    expect(existsSync(path.join(projectStateDir(stateDir, proj), 'focus.json'))).toBe(false);

    // The child writes its receipt's end as it exits: read until it is there, not after a sleep.
    let sessions: Array<{ transport: string; end?: string; calls: Array<{ tool: string }> }> = [];
    for (let i = 0; i < 400 && !sessions.some((x) => x.transport === 'stdio' && x.end); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 25));
      const json = await cliInProcess(['receipts', proj, '--json']);
      expect(json.code).toBe(0);
      ({ sessions } = JSON.parse(json.stdout));
    }
    const s = sessions.find((x) => x.transport === 'stdio')!;
    expect(s).toMatchObject({
      client: { name: 'cli-test', version: '1.2.3' },
      headless: true,
      project: proj,
    });
    expect(s.calls.map((x) => x.tool)).toEqual(['get_tree', 'get_file']);
    expect(s.end).toBeDefined();
    const text = await cliInProcess(['receipts', proj]);
    expect(text.stdout).toMatch(/cli-test 1\.2\.3 over stdio \(headless\): 2 calls/);
    expect(text.stdout).toMatch(/#2 get_file r1 [\d.]+ ms \d+ tok \(whole files \d+\) README\.md:1/);
    // A one-line README costs more through a result than whole, and the receipt says so.
    expect(text.stdout).toMatch(
      /; reads: delivered [\d.k]+ tokens; whole files [\d.k]+; [\d.k]+ more than whole files;/,
    );
  });

  it('takes several --focus paths after one flag, as the built CLI', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        path.join(repoRoot, 'apps/cli/bin/loupe.js'),
        'mcp',
        '--focus',
        'src/app.ts',
        'docs',
        '--root',
        proj,
      ],
      cwd: work,
      env: env(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'cli-list-test', version: '1' });
    await client.connect(transport);
    const r = await client.callTool({ name: 'get_tree', arguments: {} });
    const tree = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
    expect(firstLine(tree)).toMatch(/focus: 2 of 4 files /);
    expect(tree).toContain('guide.md');
    expect(tree).not.toContain('util.ts');
    await client.close();
  });

  it('says plainly when the folder does not exist', async () => {
    const r = await cliInProcess(['mcp', '--root', path.join(work, 'missing')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not exist/);
  });
});

describe('loupe bridge', () => {
  it("serves the working folder's project headless, with the last saved focus, when no app listens", async () => {
    const ws = await Workspace.open(proj, { stateDir, cacheDir: null, countTokens: false });
    ws.setFocus({ include: ['docs'], exclude: [] });
    await ws.close();
    try {
      const c = await stdioClient(['bridge'], path.join(proj, 'src', 'lib'));
      const text = await c.call('focus_status');
      expect(firstLine(text)).toMatch(
        /focus: 1 of 4 files .* · served headless by loupe bridge \(the Loupe app is not running; last saved focus\)$/,
      );
      expect(await c.call('get_tree')).toContain('guide.md');
      await c.close();
    } finally {
      rmSync(path.join(projectStateDir(stateDir, proj), 'focus.json'), { force: true });
    }
  });

  it('serves the folder named by --root when the client starts it elsewhere', async () => {
    const c = await stdioClient(['bridge', '--root', proj], work);
    expect(firstLine(await c.call('get_tree'))).toMatch(
      /whole project: 4 files .* served headless by loupe bridge/,
    );
    await c.close();
  });

  it("pipes to the app when it listens, and the app's focus changes reach the agent", async () => {
    const socketPath = path.join(work, 'app', 'loupe.sock');
    const ws = await Workspace.open(proj, { stateDir: null, cacheDir: null });
    const project = new McpProject(ws, { stateDir: null });
    const app = new AgentSocket({ socketPath });
    app.register(project);
    await app.listen();
    try {
      const c = await stdioClient(['bridge'], path.join(proj, 'src'), { LOUPE_SOCKET: socketPath });
      const first = await c.call('get_tree');
      expect(firstLine(first)).not.toContain('headless');
      expect(project.sessions.list().map((s) => [s.info.transport, s.client?.name])).toEqual([
        ['socket', 'cli-test'],
      ]);
      ws.setFocus({ include: ['src/lib'], exclude: [] });
      const second = await c.call('get_tree');
      expect(firstLine(second)).toMatch(
        /changed since revision \d+: narrowed from the whole project to what is ticked: \+1 folder$/,
      );
      expect(second).toContain('util.ts');
      expect(second).not.toContain('app.ts');
      await c.close();
    } finally {
      await app.close();
      await project.close();
      await ws.close();
    }
  });
});

describe('loupe mcp --http', () => {
  it('serves on 127.0.0.1 with the bearer token from its 0600 file, and refuses without it', async () => {
    const child = spawn(process.execPath, sourceArgs('mcp', '--root', proj, '--http'), {
      cwd: work,
      env: env(),
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (c) => {
          err += String(c);
          const m = /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
          if (m) resolve(m[1]!);
        });
        child.once('exit', () => reject(new Error(`exited: ${err}`)));
      });
      const token = readFileSync(path.join(stateDir, 'http-token'), 'utf8').trim();
      const client = new Client({ name: 'http-cli-test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const r = await client.callTool({ name: 'get_tree', arguments: {} });
      expect((r.content as Array<{ text: string }>)[0]!.text).toContain(
        'served headless by loupe mcp --http',
      );
      await client.close();
      const denied = await fetch(url, {
        method: 'POST',
        headers: { authorization: 'Bearer nope' },
        body: '{}',
      });
      expect(denied.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});

describe('the MCP Inspector (CLI mode) against loupe mcp', () => {
  const run = (method: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        inspector,
        [
          '--cli',
          '-e',
          `TSX_TSCONFIG_PATH=${path.join(repoRoot, 'tsconfig.json')}`,
          '-e',
          `LOUPE_STATE_DIR=${stateDir}`,
          process.execPath,
          ...sourceArgs('mcp', '--root', proj),
          ...method,
        ],
        { cwd: work, env: { ...process.env, ...env() }, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it.skipIf(!existsSync(inspector))('lists the tools and calls get_tree', async () => {
    const list = await run(['--method', 'tools/list']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).tools.map((t: { name: string }) => t.name)).toContain('get_tree');
    const call = await run(['--method', 'tools/call', '--tool-name', 'get_tree']);
    expect(call.code, call.stderr).toBe(0);
    const text = JSON.parse(call.stdout).content[0].text as string;
    expect(text).toMatch(/^\[Live context\] revision \d+ · focus: /);
    expect(text).toContain('README.md');
  });
});

describe('saved overrides reach headless agents', () => {
  it('a path hidden by `loupe ls --hide` stays hidden from `loupe mcp --focus` and the bridge until --unset', async () => {
    try {
      const hide = await cliInProcess(['ls', proj, '--hide', 'src/lib']);
      expect(hide.code).toBe(0);
      expect(hide.stderr).toContain('Saved for this project: src/lib is always hidden');
      expect(hide.stdout).not.toContain('util.ts');
      // Later commands read the saved override without being told again.
      expect((await cliInProcess(['ls', proj])).stdout).not.toContain('util.ts');

      const mcp = await stdioClient(['mcp', '--root', proj, '--focus', 'src'], work);
      const tree = await mcp.call('get_tree');
      expect(tree).toContain('app.ts');
      expect(tree).not.toContain('util.ts');
      expect(await mcp.call('search', { query: 'util' })).not.toContain('src/lib/util.ts');
      await mcp.close();

      const bridge = await stdioClient(['bridge', '--root', proj], work);
      expect(firstLine(await bridge.call('get_tree'))).toMatch(/whole project: 3 files /);
      await bridge.close();
    } finally {
      const unset = await cliInProcess(['ls', proj, '--unset', 'src/lib']);
      expect(unset.stderr).toContain('src/lib is back under the rules');
      expect(unset.stdout).toContain('src/lib/util.ts');
    }
  });
});

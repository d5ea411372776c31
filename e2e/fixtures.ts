// The e2e world: a real project on disk (real git), a real `loupe serve` process from the built
// CLI, isolated state and cache folders, and the address with its session token.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { projectStateDir } from '../packages/engine/src/state/state-file';
import { SAMPLE_FILES, writeProject } from '../packages/host/src/testing/project';
import { NdjsonTransport } from '../packages/mcp/src/transports/ndjson';

export const repo = fileURLToPath(new URL('..', import.meta.url));
/** How long a strict-focus request waits for an answer in the e2e worlds (LOUPE_ASK_TIMEOUT_MS). */
export const ASK_TIMEOUT_MS = 8000;
export const artifacts = path.join(repo, 'e2e', 'artifacts');

/** The e2e fixture: the host tests' sample plus a second folder and a secret-looking config. */
export const FIXTURE_FILES: Record<string, string> = {
  ...SAMPLE_FILES,
  'src/math/div.ts': 'export function div(a: number, b: number): number {\n  return a / b;\n}\n',
  'scripts/release.sh': '#!/bin/sh\necho "release"\n',
  'assets/logo.png': '\x89PNG\r\n\x1a\n\0\0\0\rIHDR', // binary: listed, never counted
  // Assembled at run time: the repository's own sources must hold no secret-looking value.
  'config/app.env': `DATABASE_URL=${['postgres://app', 's3cr3t-Pa55word@db.internal:5432/app'].join(':')}\nLOG_LEVEL=info\n`,
};

export interface Fixture {
  project: string;
  stateDir: string;
  cacheDir: string;
  /** The agent socket (short path: Unix sockets allow about 100 bytes). */
  socket: string;
  dispose(): void;
}

export interface World extends Fixture {
  url: string;
  server: ChildProcess;
  dispose(): Promise<void>;
}

/**
 * A state file of the project as it is on disk now (`view.json`, `export.json`), undefined while
 * there is none: a test polls it to know the window's debounced save landed, instead of sleeping.
 */
export function savedState(
  stateDir: string,
  project: string,
  name: string,
): Record<string, unknown> | undefined {
  try {
    return JSON.parse(
      readFileSync(path.join(projectStateDir(stateDir, realpathSync(project)), name), 'utf8'),
    );
  } catch {
    return undefined; // not written yet
  }
}

/** The fixture project with isolated state and cache folders. */
export function makeFixture(): Fixture {
  mkdirSync(artifacts, { recursive: true });
  const base = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-'));
  return {
    project: writeProject(path.join(base, 'fixture'), FIXTURE_FILES),
    stateDir: path.join(base, 'state'),
    cacheDir: path.join(base, 'cache'),
    socket: path.join(base, 'agents.sock'),
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** A real `loupe serve` process (the built CLI) on a fixture; `port` 0 picks a free one. */
export async function startServer(
  fixture: Fixture,
  port = 0,
): Promise<{ url: string; server: ChildProcess }> {
  const { project, stateDir, cacheDir, socket } = fixture;
  const bin = path.join(repo, 'apps/cli/bin/loupe.js');
  if (!existsSync(path.join(repo, 'apps/desktop/dist/renderer/index.html')))
    throw new Error('The window is not built: run `npm run build` before the e2e tests.');
  const server = spawn(process.execPath, [bin, 'serve', project, ...(port ? ['--port', String(port)] : [])], {
    env: {
      ...process.env,
      LOUPE_STATE_DIR: stateDir,
      LOUPE_CACHE_DIR: cacheDir,
      LOUPE_SOCKET: socket,
      LOUPE_ASK_TIMEOUT_MS: String(ASK_TIMEOUT_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  server.stderr!.on('data', (c) => {
    err += c;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`loupe serve printed no address: ${out}${err}`)), 30_000);
    server.stdout!.on('data', (c) => {
      out += c;
      const m = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    server.on('exit', (code) => reject(new Error(`loupe serve exited with ${code}: ${err}`)));
  });
  return { url, server };
}

/** Stops a `loupe serve` process (Ctrl+C, then a kill after 5 s). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
}

/** The fixture served by a real `loupe serve` process (the built CLI); `prepare` runs before it starts. */
export async function startWorld(prepare?: (fixture: Fixture) => void): Promise<World> {
  const fixture = makeFixture();
  prepare?.(fixture);
  const { url, server } = await startServer(fixture);
  return {
    ...fixture,
    url,
    server,
    dispose: async () => {
      await stopServer(server);
      fixture.dispose();
    },
  };
}

/** An MCP client (the SDK's) that reaches Loupe through the agent socket, as `loupe bridge` does. */
export interface Agent {
  call(tool: string, args?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function connectAgent(socketPath: string, cwd: string, name = 'e2e-agent'): Promise<Agent> {
  const socket = net.connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(`${JSON.stringify({ loupe: 'bridge', version: 1, cwd })}\n`); // the bridge's preamble
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new NdjsonTransport(socket, socket));
  return {
    call: async (tool, args = {}) => {
      const r = await client.callTool({ name: tool, arguments: args });
      return (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
    },
    close: () => client.close(),
  };
}

/** Edits a file of the fixture project (for the stale mark). */
export function editFile(project: string, rel: string, text: string): void {
  writeFileSync(path.join(project, rel), text);
}

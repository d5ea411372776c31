// Test fixtures: a real git project in a temp folder, a Workspace over it, and SDK clients
// connected to Loupe's server over an in-memory pair (transports have their own tests).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Workspace } from '@loupe/engine';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpProject, type ProjectOptions } from '../project';
import { type Connection, connectSession } from '../server';

export const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

export function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    env: GIT_ENV,
    stdio: 'ignore',
  });
}

export interface Fixture {
  base: string;
  root: string;
  stateDir: string;
  write(rel: string, text: string): void;
  cleanup(): void;
}

/** A git repository with `files` committed (paths relative to the root). */
export function makeProject(files: Record<string, string>, name = 'project'): Fixture {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'loupe-mcp-')));
  const root = path.join(base, name);
  const stateDir = path.join(base, 'state');
  mkdirSync(root);
  const write = (rel: string, text: string) => {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init', '--allow-empty');
  return { base, root, stateDir, write, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

export async function openProject(fx: Fixture, options: ProjectOptions = {}): Promise<McpProject> {
  const ws = await Workspace.open(fx.root, {
    stateDir: fx.stateDir,
    cacheDir: null,
    tokenThreads: 1,
    openDamaged: true,
  });
  await ws.tokensReady;
  return new McpProject(ws, { stateDir: fx.stateDir, receipts: { flushMs: 5 }, ...options });
}

/** Ends what openProject began: the project's sessions, its workspace, then the fixture's folder. */
export async function closeProject(project: McpProject, fx: Fixture): Promise<void> {
  await project.close();
  await project.ws.close();
  fx.cleanup();
}

export interface TestClient {
  client: Client;
  connection: Connection;
  /** Calls a tool and returns its text. */
  call(name: string, args?: Record<string, unknown>): Promise<string>;
  /** Calls a tool and returns text and the error flag. */
  result(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

export function wrapClient(client: Client, close: () => Promise<void>, connection?: Connection): TestClient {
  const result = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name, arguments: args });
    const content = r.content as Array<{ type: string; text: string }>;
    return { text: content.map((c) => c.text).join('\n'), isError: Boolean(r.isError) };
  };
  return {
    client,
    connection: connection as Connection,
    result,
    call: async (name, args) => (await result(name, args)).text,
    close,
  };
}

export async function memoryClient(project: McpProject, name = 'test-client'): Promise<TestClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = await connectSession(project, serverSide, { transport: 'memory' });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  return wrapClient(
    client,
    async () => {
      await client.close();
      await connection.closed;
    },
    connection,
  );
}

/** The revision in a result's live-context line. */
export function revisionOf(text: string): number {
  const m = /^\[Live context\] revision (\d+)/.exec(text);
  if (!m) throw new Error(`no live-context line in: ${text.slice(0, 200)}`);
  return Number(m[1]);
}

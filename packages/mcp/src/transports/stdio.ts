// Stdio serving: `loupe mcp` (a headless server for one project) and `loupe bridge` (pipes the
// agent's stdio to the app's socket, or serves headless in-process when no app listens).
import { existsSync, realpathSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { defaultStateDir, LoupeError, Workspace } from '@loupe/engine';
import { McpProject, type ProjectOptions } from '../project';
import { parseMaxOutputTokens } from '../reply-limits';
import { connectSession } from '../server';
import { preambleLine } from './agent-socket';
import { NdjsonTransport } from './ndjson';
import { checkSocket } from './socket-path';

export interface StdioIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** The project a working folder belongs to: the nearest folder above it holding `.git`. */
export function findProjectRoot(cwd: string): string {
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const here = path.resolve(cwd);
  if (here === os.homedir() || here === path.parse(here).root)
    throw new LoupeError(
      'invalid-argument',
      `${here} is not inside a project (no .git above it) and is too broad to serve; start the agent in a project folder, or pass --root.`,
    );
  return here;
}

export interface HeadlessOptions {
  root: string;
  /** Loupe's state folder (saved focus, receipts); default: the user's. */
  stateDir?: string;
  /** Paths to tick for this run (not saved); without it the last saved focus is used. */
  focus?: string[];
  /** How the live context names this way of serving. */
  label: string;
  /** Receipt transport label. */
  transport: string;
  project?: Omit<ProjectOptions, 'stateDir' | 'headless'>;
  /** The environment the client started this process with (MAX_MCP_OUTPUT_TOKENS); default process.env. */
  env?: NodeJS.ProcessEnv;
}

/**
 * A project served without the app (stdio or HTTP): its saved focus, or `focus` for this run only;
 * watched, so edits made during the session (the agent's own included) reach the next call. Every
 * call follows what was saved for the project since (the focus unless `focus` was given, the
 * overrides, masking): see saved-state.ts.
 */
export async function openHeadless(
  options: Pick<HeadlessOptions, 'root' | 'stateDir' | 'focus' | 'label' | 'project'>,
): Promise<McpProject> {
  const stateDir = options.stateDir ?? defaultStateDir();
  // A --focus run does not overwrite the developer's saved focus; the saved show/hide overrides
  // and masking choice apply either way.
  // Damaged saved state: the project opens, and every result says so and refuses what it affects.
  const ws = await Workspace.open(options.root, {
    stateDir: options.focus?.length ? null : stateDir,
    savedFrom: stateDir,
    openDamaged: true,
    // Watches placed during the scan: the watcher started below checks only the scan's window.
    watchLater: true,
  });
  if (options.focus?.length) ws.setFocus({ include: options.focus, exclude: [] });
  // The first call need not wait for the watcher.
  ws.watch().catch((e: Error) => ws.warnings.push(`The project is not watched (${e.message}).`));
  return new McpProject(ws, { ...options.project, stateDir, headless: options.label, followSaved: stateDir });
}

/** Serves one project over stdin/stdout until the input ends; resolves then. */
export async function serveStdio(io: StdioIo, options: HeadlessOptions): Promise<void> {
  const project = await openHeadless(options);
  const { ws } = project;
  try {
    const max = parseMaxOutputTokens((options.env ?? process.env).MAX_MCP_OUTPUT_TOKENS);
    const connection = await connectSession(project, new NdjsonTransport(io.stdin, io.stdout), {
      transport: options.transport,
      ...(max !== undefined ? { maxOutputTokens: max } : {}),
    });
    await connection.closed;
  } finally {
    await project.close();
    await ws.close();
  }
}

/** Connects to the app's socket, or resolves undefined when nothing listens there. */
export function connectToApp(socketPath: string, timeoutMs = 2000): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

/** Pipes the agent's stdio to the app through `socket` after the preamble; resolves when either side ends. */
export function pipeToApp(
  io: StdioIo,
  socket: net.Socket,
  cwd: string,
  maxOutputTokens?: number,
): Promise<void> {
  let real = cwd;
  try {
    real = realpathSync.native(cwd);
  } catch {
    // send it as given
  }
  socket.write(preambleLine(real, maxOutputTokens));
  io.stdin.pipe(socket);
  socket.pipe(io.stdout, { end: false });
  return new Promise((resolve) => {
    const done = () => {
      io.stdin.unpipe(socket);
      socket.destroy();
      resolve();
    };
    socket.once('close', done);
    io.stdin.once('end', () => socket.end());
  });
}

export interface BridgeOptions {
  cwd: string;
  socketPath: string;
  stateDir?: string;
  /** The environment the client started the bridge with (MAX_MCP_OUTPUT_TOKENS); default process.env. */
  env?: NodeJS.ProcessEnv;
}

/**
 * `loupe bridge`: the app when it runs, else the cwd's project served headless. The socket is
 * checked before anything is sent (its folder, the folders above, its owner): a socket another
 * user could have put there is never talked to; the bridge says so on stderr and serves headless.
 */
export async function runBridge(io: StdioIo, options: BridgeOptions): Promise<'app' | 'headless'> {
  const check = checkSocket(options.socketPath);
  if (check.problem)
    io.stderr.write(
      `loupe bridge: not connecting to ${options.socketPath}: ${check.problem}; serving this project headless instead.\n`,
    );
  const socket = check.usable ? await connectToApp(options.socketPath) : undefined;
  const env = options.env ?? process.env;
  if (socket) {
    // The app's process has its own environment: the client's setting travels in the preamble.
    await pipeToApp(io, socket, options.cwd, parseMaxOutputTokens(env.MAX_MCP_OUTPUT_TOKENS));
    return 'app';
  }
  await serveStdio(io, {
    root: findProjectRoot(options.cwd),
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
    label: 'served headless by loupe bridge (the Loupe app is not running; last saved focus)',
    transport: 'bridge-headless',
    env,
  });
  return 'headless';
}

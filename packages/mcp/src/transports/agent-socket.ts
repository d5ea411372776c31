// The agent socket: the app side of the local socket that `loupe bridge` joins. A host registers
// its open projects; each connection sends a one-line preamble with the agent's working folder and
// is routed to the open project whose root holds it, then speaks newline-delimited JSON-RPC as one
// agent session. A connection no project holds gets a JSON-RPC error naming the open projects.
import { chmodSync, lstatSync, realpathSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Workspace } from '@loupe/engine';
import { LoupeError } from '@loupe/engine/errors';
import type { McpProject, ProjectOptions } from '../project';
import { parseMaxOutputTokens } from '../reply-limits';
import type { Connection } from '../server';
import { defaultSocketPath, ensureSocketDir, isPipe } from './socket-path';

// The MCP server (the SDK, zod) loads with the first agent it serves, not with the socket: a host
// listens, and `loupe serve` prints its address, before any of it is needed.
const session = () => Promise.all([import('../server'), import('./ndjson')]);

export const PREAMBLE_VERSION = 1;
export const NO_PROJECT_ERROR = -32001;
const MAX_PREAMBLE = 64 * 1024;
const PREAMBLE_TIMEOUT_MS = 10_000;

/** The first line a client sends; `loupe bridge` speaks it, hence its tag (a wire format: kept as released). */
export interface Preamble {
  loupe: 'bridge';
  version: number;
  /** The agent's working folder (absolute). */
  cwd: string;
  /** MAX_MCP_OUTPUT_TOKENS from the bridge's environment (set by the client that started it). */
  maxOutputTokens?: number;
}

export function preambleLine(cwd: string, maxOutputTokens?: number): string {
  const p: Preamble = {
    loupe: 'bridge',
    version: PREAMBLE_VERSION,
    cwd,
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
  };
  return `${JSON.stringify(p)}\n`;
}

const contains = (root: string, p: string) =>
  p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

export interface AgentSocketOptions {
  socketPath?: string;
  /** Told about connections that failed (bad preamble, no project); for logs. */
  onEvent?: (event: { kind: 'routed' | 'unrouted' | 'bad-preamble'; cwd?: string; project?: string }) => void;
}

export class AgentSocket {
  readonly socketPath: string;
  private readonly projects = new Set<McpProject>();
  private readonly sockets = new Set<net.Socket>();
  private readonly connections = new Map<Connection, McpProject>();
  private server: net.Server | undefined;

  constructor(private readonly options: AgentSocketOptions = {}) {
    this.socketPath = options.socketPath ?? defaultSocketPath();
  }

  /** Serves `project` to agents whose working folder is inside its root; returns the unregister. */
  register(project: McpProject): () => void {
    this.projects.add(project);
    return () => this.projects.delete(project);
  }

  /**
   * What a host does when it opens a project: wraps the Workspace in an McpProject (receipts in
   * `options.stateDir`) and serves it. `close` unregisters it and ends its sessions; the
   * Workspace stays the host's to close.
   */
  async registerWorkspace(
    ws: Workspace,
    options: ProjectOptions = {},
  ): Promise<{ project: McpProject; close(): Promise<void> }> {
    const { McpProject } = await import('../project');
    const project = new McpProject(ws, options);
    const unregister = this.register(project);
    return {
      project,
      close: async () => {
        unregister();
        await this.disconnect(project);
        await project.close();
      },
    };
  }

  /** Ends the live sessions of `project` (its window closed). */
  async disconnect(project: McpProject): Promise<void> {
    const mine = [...this.connections].filter(([, p]) => p === project).map(([c]) => c);
    await Promise.all(mine.map((c) => c.close().catch(() => {})));
  }

  /** The roots of the projects served now. */
  get roots(): string[] {
    return [...this.projects].map((p) => p.root);
  }

  /** The open project whose root holds `cwd` (the innermost, when roots nest). */
  projectFor(cwd: string): McpProject | undefined {
    const candidates = [cwd];
    try {
      candidates.push(realpathSync.native(cwd));
    } catch {
      // a folder that does not exist here cannot be routed by its real path
    }
    let best: McpProject | undefined;
    for (const p of this.projects)
      if (candidates.some((c) => contains(p.root, c)) && (!best || p.root.length > best.root.length))
        best = p;
    return best;
  }

  get sessionCount(): number {
    return this.connections.size;
  }

  async listen(): Promise<string> {
    if (!isPipe(this.socketPath)) {
      ensureSocketDir(this.socketPath);
      await this.clearStale();
    }
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    if (!isPipe(this.socketPath)) chmodSync(this.socketPath, 0o600);
    return this.socketPath;
  }

  /** A socket file nobody answers on is left over from a crash; one that answers is another app. */
  private async clearStale(): Promise<void> {
    const answered = await new Promise<boolean>((resolve) => {
      const probe = net.connect(this.socketPath);
      probe.once('connect', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (answered)
      throw new LoupeError(
        'unsupported',
        `Another Loupe is already serving agents on ${this.socketPath}; close it, or set LOUPE_SOCKET to another path.`,
      );
    let stale: ReturnType<typeof lstatSync> | undefined;
    try {
      stale = lstatSync(this.socketPath);
    } catch {
      return; // nothing to clear
    }
    if (!stale.isSocket())
      throw new LoupeError(
        'unsupported',
        `${this.socketPath} exists and is not a socket; move it away so Loupe can listen there.`,
      );
    unlinkSync(this.socketPath);
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    let head = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), PREAMBLE_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(10);
      if (nl < 0) {
        if (head.length > MAX_PREAMBLE) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      clearTimeout(timer);
      const line = head.subarray(0, nl).toString('utf8');
      void this.route(socket, line, head.subarray(nl + 1));
    };
    socket.on('data', onData);
  }

  private async route(socket: net.Socket, line: string, rest: Buffer): Promise<void> {
    let cwd: string | undefined;
    let maxOutputTokens: number | undefined;
    let initial = rest;
    try {
      const parsed = JSON.parse(line) as Partial<Preamble> & { jsonrpc?: string };
      if (parsed.jsonrpc)
        initial = Buffer.concat([Buffer.from(`${line}\n`), rest]); // no preamble
      else if (parsed.loupe === 'bridge' && typeof parsed.cwd === 'string' && path.isAbsolute(parsed.cwd)) {
        cwd = parsed.cwd;
        maxOutputTokens = parseMaxOutputTokens(String(parsed.maxOutputTokens ?? ''));
      } else throw new Error('not a preamble');
    } catch {
      this.options.onEvent?.({ kind: 'bad-preamble' });
      socket.destroy();
      return;
    }
    const project =
      cwd !== undefined ? this.projectFor(cwd) : this.projects.size === 1 ? [...this.projects][0] : undefined;
    if (!project) {
      this.options.onEvent?.({ kind: 'unrouted', ...(cwd ? { cwd } : {}) });
      this.refuse(socket, cwd, initial);
      return;
    }
    this.options.onEvent?.({ kind: 'routed', ...(cwd ? { cwd } : {}), project: project.root });
    try {
      const [{ connectSession }, { NdjsonTransport }] = await session();
      const transport = new NdjsonTransport(socket, socket, initial);
      const connection = await connectSession(project, transport, {
        transport: 'socket',
        ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
      });
      this.connections.set(connection, project);
      void connection.closed.then(() => this.connections.delete(connection));
      socket.resume();
    } catch {
      socket.destroy();
    }
  }

  /** Answers the client's first request with an error naming the open projects, then hangs up. */
  private refuse(socket: net.Socket, cwd: string | undefined, initial: Buffer): void {
    const open = [...this.projects].map((p) => p.root);
    const message =
      (cwd
        ? `Loupe has no open project containing ${cwd}. `
        : 'The connection did not say which folder the agent works in. ') +
      (open.length
        ? `Open projects: ${open.join(', ')}. Open that folder in Loupe, or start the agent inside one of these.`
        : 'No project is open in Loupe; open the folder in Loupe first.');
    let buf = initial;
    const answer = () => {
      for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10)) {
        const text = buf.subarray(0, nl).toString('utf8');
        buf = buf.subarray(nl + 1);
        let msg: { id?: unknown; method?: unknown };
        try {
          msg = JSON.parse(text);
        } catch {
          continue;
        }
        if (msg.id === undefined || typeof msg.method !== 'string') continue;
        socket.end(
          `${JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: NO_PROJECT_ERROR, message, data: { open } } })}\n`,
        );
        return true;
      }
      return false;
    };
    if (answer()) return;
    const timer = setTimeout(() => socket.destroy(), PREAMBLE_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length > MAX_PREAMBLE) socket.destroy();
      else if (answer()) clearTimeout(timer);
    });
    socket.resume();
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await Promise.all([...this.connections.keys()].map((c) => c.close().catch(() => {})));
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

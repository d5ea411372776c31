// Where agents reach the open project, and what the Connect panel says about it: the agent socket
// (started by the app or `loupe serve`; `loupe bridge` joins it) and the optional MCP HTTP
// endpoint that follows the `httpEndpoint` setting.
import path from 'node:path';
import type { ConnectInfo } from '@loupe/common';
import { defaultStateDir } from '@loupe/engine';
import { type AgentSocket, defaultSocketPath } from '@loupe/mcp';
import { connectInfo } from './connect';
import { HttpEndpointRunner } from './http-endpoint';
import type { OpenProject } from './project';

export interface AgentAccessOptions {
  stateDir: string;
  agentSocket?: AgentSocket;
  /** Why there is no socket, when `agentSocket` is absent. */
  socketNote?: string;
  /** The command agents launch (default `loupe bridge`). */
  bridgeCommand?: string[];
  /** The HTTP endpoint's port: fixed (tests: 0); default the one it had last time, else a free one. */
  httpPort?: number;
  /** The environment Loupe runs in (default process.env): where a bridge would look by default. */
  env?: NodeJS.ProcessEnv;
}

/**
 * What a bridge launched by an agent must be told to find this Loupe: the socket when it is not
 * where a bridge looks without LOUPE_SOCKET, the state folder (the headless fallback's saved focus)
 * when it is not the default one.
 */
export function bridgeEnv(
  socketPath: string | null,
  stateDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const plain = { ...env, LOUPE_SOCKET: undefined, LOUPE_STATE_DIR: undefined };
  const out: Record<string, string> = {};
  if (path.resolve(stateDir) !== path.resolve(defaultStateDir(plain))) out.LOUPE_STATE_DIR = stateDir;
  if (socketPath && socketPath !== defaultSocketPath({ ...plain, ...out })) out.LOUPE_SOCKET = socketPath;
  return out;
}

export class AgentAccess {
  private socket: AgentSocket | undefined;
  private socketNote: string | undefined;
  private readonly http: HttpEndpointRunner;

  constructor(private readonly options: AgentAccessOptions) {
    this.socket = options.agentSocket;
    this.socketNote = options.socketNote;
    this.http = new HttpEndpointRunner({
      stateDir: options.stateDir,
      ...(options.httpPort !== undefined ? { port: options.httpPort } : {}),
    });
  }

  /** The agent socket once it listens, or why there is none; `open` is served through it at once. */
  useSocket(socket: AgentSocket | undefined, note: string | undefined, open: OpenProject | undefined): void {
    this.socket = socket;
    this.socketNote = note;
    if (socket) open?.serveAgents(socket);
  }

  /** Routes agents working inside `project` to it through the socket (until the project closes). */
  admit(project: OpenProject): void {
    if (this.socket) project.serveAgents(this.socket);
  }

  /**
   * Starts or stops the HTTP endpoint: it serves `project` while `on`, else nothing. Returns why it
   * did not start, when it did not.
   */
  async serveHttp(project: OpenProject | undefined, on: boolean): Promise<string | undefined> {
    await this.http.serve(on ? project?.mcp : undefined);
    return this.http.problem;
  }

  info(project: OpenProject | undefined, httpOn: boolean): ConnectInfo {
    const socket = this.socket;
    const httpNote = !httpOn
      ? 'off'
      : !project
        ? 'starts when a project is open'
        : (this.http.problem ?? 'starting');
    return connectInfo({
      root: project?.ws.root ?? null,
      socketPath: socket?.socketPath ?? null,
      ...(socket ? {} : { socketNote: this.socketNote ?? 'The agent socket is not running.' }),
      bridgeCommand: this.options.bridgeCommand ?? ['loupe', 'bridge'],
      http: this.http.info,
      httpNote,
      env: bridgeEnv(socket?.socketPath ?? null, this.options.stateDir, this.options.env),
    });
  }
}

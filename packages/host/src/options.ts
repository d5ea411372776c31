// What a LoupeHost starts with (host.ts): its state folder, the agent socket and HTTP endpoint, the
// window's native pieces (folder dialog, clipboard), and the options its Workspaces open with.
import type { WorkspaceOptions } from '@loupe/engine';
import type { AgentSocket } from '@loupe/mcp';

export interface HostOptions {
  /** Loupe's state folder: focus, view state, recent projects, settings. */
  stateDir: string;
  /** Token cache folder (default: the user's cache folder; null: memory only). */
  cacheDir?: string | null;
  tokenThreads?: number;
  /** A native folder dialog (Electron); absent in browser mode. */
  chooseFolder?: () => Promise<string | null>;
  /**
   * The local agent socket (started by the app or `loupe serve`): each opened project is
   * registered with it, so agents working inside the project reach this window's focus.
   */
  agentSocket?: AgentSocket;
  /** Why there is no socket (for the Connect panel), when `agentSocket` is absent. */
  socketNote?: string;
  /** The command agents launch (default `loupe bridge`). */
  bridgeCommand?: string[];
  /**
   * The MCP HTTP endpoint the `httpEndpoint` setting starts for the open project: a fixed port
   * (tests: 0); default the port it had last time, else a free one.
   */
  httpPort?: number;
  /** The system clipboard (Electron's, in the main process); absent in browser mode. */
  clipboard?: { writeText(text: string): void };
  /** Watch open projects for changes on disk (the app and `loupe serve`; default off). */
  watch?: boolean;
  /**
   * How long a strict-focus read waits for the person's answer, in ms (default 50 s; tests shorten
   * it; `loupe serve` and the app read LOUPE_ASK_TIMEOUT_MS).
   */
  askTimeoutMs?: number;
  /** Extra workspace options (tests: git runner, scan options). */
  workspace?: Partial<WorkspaceOptions>;
}

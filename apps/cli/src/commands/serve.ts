// loupe serve DIR [--port N]: the focus window in a browser. Serves the built renderer on
// 127.0.0.1 with a random session token in the printed address, the host behind a WebSocket, and
// the agent socket for the project (agents launched with `loupe bridge` inside it see this
// window's focus), and the MCP HTTP endpoint when the setting is on; runs until Ctrl+C. The address
// comes first and the project opens behind it, so a large project answers at once; before the
// address only the browser server and the agent socket load (the host, the MCP server with its
// SDK and zod, and the engine's project code load behind it: `serve-startup.test.ts`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plural } from '@loupe/common';
import { defaultStateDir, resolveRoot } from '@loupe/engine/listing';
import type { LoupeHost } from '@loupe/host';
import { startBrowserServer } from '@loupe/host/serve/browser-server';
import { AgentSocket } from '@loupe/mcp/transports/agent-socket';
import { defaultSocketPath } from '@loupe/mcp/transports/socket-path';
import { defineCommand, type Io } from '../command';
import { oneLine } from '../quote';
import { untilStopped } from '../stop';

/** The built window: next to the CLI bundle (apps/cli/dist) or the sources (apps/cli/src/commands). */
export function rendererDir(env: NodeJS.ProcessEnv): string {
  if (env.LOUPE_RENDERER_DIR) return path.resolve(env.LOUPE_RENDERER_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../desktop/dist/renderer'),
    path.resolve(here, '../../../desktop/dist/renderer'),
  ];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? candidates[0]!;
}

/** How agents should launch the bridge: this very CLI when it runs from its bundle. */
export function bridgeCommand(argv: string[] = process.argv): string[] {
  const script = argv[1] ?? '';
  return /(^|[\\/])loupe(\.js)?$/.test(script)
    ? [process.execPath, path.resolve(script), 'bridge']
    : ['loupe', 'bridge'];
}

/** Starts the agent socket; when another Loupe holds it, says so and serves the window without it. */
async function agentSocket(io: Io): Promise<{ socket?: AgentSocket; note?: string }> {
  const socket = new AgentSocket({ socketPath: defaultSocketPath(io.env) });
  try {
    await socket.listen();
    return { socket };
  } catch (error) {
    const note = `${(error as Error).message} This window still works; agents reach the other Loupe.`;
    io.stderr.write(`loupe serve: ${note}\n`);
    return { note };
  }
}

/**
 * Opens the project behind an address that already answers: the window streams the scan's progress
 * and shows the project when it is open. Prints what came up (and the HTTP endpoint, which needs the
 * project); a project that does not open is one sentence, and the window stays up to open another.
 */
async function openBehind(
  host: LoupeHost,
  root: string,
  stateDir: string,
  json: boolean,
  io: Io,
): Promise<void> {
  const { HostError } = await import('@loupe/host');
  try {
    const info = await host.openProject({ path: root });
    const { http } = await host.connectInfo();
    if (json)
      io.stdout.write(
        `${JSON.stringify({ opened: info.root, files: info.files, hidden: info.hidden, http: http?.url ?? null })}\n`,
      );
    else {
      const token = http ? (await import('@loupe/mcp')).tokenFile(stateDir) : '';
      io.stdout.write(
        `Opened ${oneLine(info.root)}: ${plural(info.files, 'file')}.\n${http ? `Agents can also use MCP over HTTP at ${http.url} (bearer token in ${token}).\n` : ''}`,
      );
    }
    for (const w of info.warnings) io.stderr.write(`loupe serve: ${oneLine(w)}\n`);
  } catch (error) {
    if (error instanceof HostError && error.code === 'cancelled') return; // stopped while scanning
    const message = (error as Error).message;
    host.events.emit('didNotice', { level: 'error', message });
    io.stderr.write(`loupe serve: ${oneLine(message)} The window stays up; open another folder there.\n`);
  }
}

export const serve = defineCommand({
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const wanted = (values.port as number | undefined) ?? 0;
    // A missing folder is one sentence before anything listens.
    const root = resolveRoot(path.resolve(io.cwd, dir));
    const agents = await agentSocket(io);
    const stateDir = defaultStateDir(io.env);
    // The host (and the MCP server, the engine's project code) loads once the address is out; the
    // window's calls wait for it meanwhile.
    let hostReady!: (host: Promise<LoupeHost>) => void;
    const loading = new Promise<LoupeHost>((resolve) => {
      hostReady = resolve;
    });
    const loadHost = async () => {
      const { askTimeoutFromEnv, LoupeHost } = await import('@loupe/host');
      return new LoupeHost({
        stateDir,
        watch: true,
        bridgeCommand: bridgeCommand(),
        ...(askTimeoutFromEnv(io.env) ? { askTimeoutMs: askTimeoutFromEnv(io.env) } : {}),
        ...(agents.socket ? { agentSocket: agents.socket } : {}),
        ...(agents.note ? { socketNote: agents.note } : {}),
      });
    };
    let host: LoupeHost | undefined;
    let opened: Promise<void> | undefined;
    try {
      const server = await startBrowserServer({
        host: loading,
        rendererDir: rendererDir(io.env),
        port: wanted,
      });
      // The address first, the scan behind it: a large project answers at once.
      const socket = agents.socket
        ? `Agents started with \`loupe bridge\` inside it connect through ${agents.socket.socketPath}.\n`
        : '';
      if (values.json)
        io.stdout.write(
          `${JSON.stringify({ root, url: server.url, port: server.port, socket: agents.socket?.socketPath ?? null })}\n`,
        );
      else
        io.stdout.write(
          `Loupe is serving ${oneLine(root)}\n${server.url}\nOpen that address in a browser (it carries this session's token). ${socket}Press Ctrl+C to stop.\n`,
        );
      hostReady(loadHost());
      host = await loading;
      opened = openBehind(host, root, stateDir, Boolean(values.json), io);
      await untilStopped(io);
      await server.close();
    } finally {
      await host?.close();
      await opened; // a scan stopped by close() ends here, its workers gone
      await agents.socket?.close();
    }
    return 0;
  },
  onStop: 'ends',
});

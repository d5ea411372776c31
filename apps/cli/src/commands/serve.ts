// loupe serve DIR [--port N]: the focus window in a browser. Serves the built renderer on
// 127.0.0.1 with a random session token in the printed address, the host behind a WebSocket, and
// the agent socket for the project (agents launched with `loupe bridge` inside it see this
// window's focus), and the MCP HTTP endpoint when the setting is on; runs until Ctrl+C.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultStateDir, LoupeError } from '@loupe/engine';
import { LoupeHost, startBrowserServer } from '@loupe/host';
import { AgentSocket, defaultSocketPath, tokenFile } from '@loupe/mcp';
import { defineCommand, type Io } from '../command';

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

function port(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || n < 1 || n > 65535)
    throw new LoupeError('invalid-argument', `--port takes a port number from 1 to 65535, not "${raw}".`);
  return n;
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

function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
      return;
    }
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export const serve = defineCommand({
  name: 'serve',
  usage: 'loupe serve DIR [--port N]',
  options: { port: { type: 'string' } },
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const wanted = port(values.port);
    const agents = await agentSocket(io);
    const stateDir = defaultStateDir(io.env);
    const host = new LoupeHost({
      stateDir,
      watch: true,
      bridgeCommand: bridgeCommand(),
      ...(agents.socket ? { agentSocket: agents.socket } : {}),
      ...(agents.note ? { socketNote: agents.note } : {}),
    });
    try {
      const info = await host.openProject({ path: path.resolve(io.cwd, dir) });
      const server = await startBrowserServer({
        host,
        rendererDir: rendererDir(io.env),
        ...(wanted ? { port: wanted } : {}),
      });
      const socket = agents.socket
        ? `Agents started with \`loupe bridge\` inside it connect through ${agents.socket.socketPath}.\n`
        : '';
      // The HTTP endpoint runs when the setting is on (the host starts it with the project).
      const { http } = await host.connectInfo();
      const httpLine = http
        ? `Agents can also use MCP over HTTP at ${http.url} (bearer token in ${tokenFile(stateDir)}).\n`
        : '';
      io.stdout.write(
        `Loupe is serving ${info.root}\n${server.url}\nOpen that address in a browser (it carries this session's token). ${socket}${httpLine}Press Ctrl+C to stop.\n`,
      );
      for (const w of info.warnings) io.stderr.write(`loupe serve: ${w}\n`);
      await stopped(io.signal);
      await server.close();
    } finally {
      await host.close();
      await agents.socket?.close();
    }
    return 0;
  },
});

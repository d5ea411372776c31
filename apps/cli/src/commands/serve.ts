// loupe serve DIR [--port N]: the focus window in a browser. Serves the built renderer on
// 127.0.0.1 with a random session token in the printed address, the host behind a WebSocket, and
// the agent socket for the project (agents launched with `loupe bridge` inside it see this
// window's focus), and the MCP HTTP endpoint when the setting is on; runs until Ctrl+C.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultStateDir } from '@loupe/engine';
import { LoupeHost, startBrowserServer } from '@loupe/host';
import { AgentSocket, defaultSocketPath, tokenFile } from '@loupe/mcp';
import { defineCommand, type Io } from '../command';
import { oneLine } from '../quote';

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
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const wanted = (values.port as number | undefined) ?? 0;
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
      const server = await startBrowserServer({ host, rendererDir: rendererDir(io.env), port: wanted });
      const socket = agents.socket
        ? `Agents started with \`loupe bridge\` inside it connect through ${agents.socket.socketPath}.\n`
        : '';
      // The HTTP endpoint runs when the setting is on (the host starts it with the project).
      const { http } = await host.connectInfo();
      const httpLine = http
        ? `Agents can also use MCP over HTTP at ${http.url} (bearer token in ${tokenFile(stateDir)}).\n`
        : '';
      if (values.json)
        io.stdout.write(
          `${JSON.stringify({ root: info.root, url: server.url, port: server.port, socket: agents.socket?.socketPath ?? null, http: http?.url ?? null })}\n`,
        );
      else
        io.stdout.write(
          `Loupe is serving ${oneLine(info.root)}\n${server.url}\nOpen that address in a browser (it carries this session's token). ${socket}${httpLine}Press Ctrl+C to stop.\n`,
        );
      for (const w of info.warnings) io.stderr.write(`loupe serve: ${oneLine(w)}\n`);
      await stopped(io.signal);
      await server.close();
    } finally {
      await host.close();
      await agents.socket?.close();
    }
    return 0;
  },
});

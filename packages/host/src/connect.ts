// Ready configurations for each agent client. Every client launches `loupe bridge`, which joins
// the app's local socket (or serves the project headless when the app is closed). Clients that
// start the server from no particular folder (Claude Desktop) get the project root explicitly.
import type { ClientConfig, ConnectInfo } from '@loupe/common';

export interface ConnectInput {
  root: string | null;
  /** The bridge command as agents should launch it, e.g. ['/usr/local/bin/loupe', 'bridge']. */
  bridgeCommand: string[];
  socketPath: string | null;
  socketNote?: string;
  http: { url: string; token: string } | null;
  httpNote?: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const toml = (s: string) => JSON.stringify(s); // TOML basic strings share JSON's escapes

export function clientConfigs(input: ConnectInput): ClientConfig[] {
  const [command = 'loupe', ...args] = input.bridgeCommand;
  const withRoot = input.root ? [...args, '--root', input.root] : args;
  const shellWord = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return [
    {
      id: 'claude-code',
      name: 'Claude Code',
      where: 'Run in a terminal inside the project folder',
      text: `claude mcp add loupe -- ${[command, ...args].map(shellWord).join(' ')}`,
    },
    {
      id: 'codex',
      name: 'Codex',
      where: '~/.codex/config.toml',
      text: `[mcp_servers.loupe]\ncommand = ${toml(command)}\nargs = [${args.map(toml).join(', ')}]\n`,
    },
    {
      id: 'cursor',
      name: 'Cursor',
      where: '.cursor/mcp.json in the project',
      text: `${json({ mcpServers: { loupe: { command, args } } })}\n`,
    },
    {
      id: 'vscode',
      name: 'VS Code',
      where: '.vscode/mcp.json in the project',
      text: `${json({ servers: { loupe: { type: 'stdio', command, args } } })}\n`,
    },
    {
      id: 'claude-desktop',
      name: 'Claude Desktop',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config)',
      text: `${json({ mcpServers: { loupe: { command, args: withRoot } } })}\n`,
    },
  ];
}

export function connectInfo(input: ConnectInput): ConnectInfo {
  return {
    socketPath: input.socketPath,
    ...(input.socketNote ? { socketNote: input.socketNote } : {}),
    bridgeCommand: input.bridgeCommand,
    http: input.http,
    ...(input.http || !input.httpNote ? {} : { httpNote: input.httpNote }),
    clients: clientConfigs(input),
  };
}

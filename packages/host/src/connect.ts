// Ready configurations for each agent client: the one source of the snippets, which the Connect
// panel shows and docs/agents.md prints (connect.test.ts compares them). Every client launches
// `loupe bridge`, which joins the app's local socket (or serves the project headless when the app
// is closed). Editors that start servers outside the project (Cursor, VS Code) pass
// `--root ${workspaceFolder}`; Claude Desktop, which has no project folder, gets the root itself.
// A socket or state folder other than the default goes along as the environment the bridge needs.
import type { ClientConfig, ConnectInfo } from '@loupe/common';

export interface ConnectInput {
  root: string | null;
  /** The bridge command as agents should launch it, e.g. ['/usr/local/bin/loupe', 'bridge']. */
  bridgeCommand: string[];
  socketPath: string | null;
  socketNote?: string;
  http: { url: string; token: string } | null;
  httpNote?: string;
  /**
   * Environment the bridge needs to find this Loupe: LOUPE_SOCKET when the socket is not where a
   * bridge looks by default, LOUPE_STATE_DIR when the state folder is not the default one.
   */
  env?: Record<string, string>;
}

/** The project root as Claude Desktop's snippet names it when no project is open (and in the docs). */
export const ROOT_PLACEHOLDER = '/absolute/path/to/project';

/** Cursor's and VS Code's variable for the open folder, which they expand in `args`. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the editors' own placeholder, not a template
export const WORKSPACE_FOLDER = '${workspaceFolder}';

/** JSON as people write these files: objects one key a line, short lists of words on one line. */
function jsonText(value: unknown, indent = ''): string {
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Object.entries(value).map(
    ([k, v]) => `${inner}${JSON.stringify(k)}: ${jsonText(v, inner)}`,
  );
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

const json = (value: unknown) => `${jsonText(value)}\n`;
const toml = (s: string) => JSON.stringify(s); // TOML basic strings share JSON's escapes
const shellWord = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

export function clientConfigs(input: ConnectInput): ClientConfig[] {
  const [command = 'loupe', ...args] = input.bridgeCommand;
  const env = input.env && Object.keys(input.env).length ? input.env : undefined;
  const envJson = env ? { env } : {};
  const editorArgs = [...args, '--root', WORKSPACE_FOLDER];
  const desktopArgs = [...args, '--root', input.root ?? ROOT_PLACEHOLDER];
  const claudeEnv = env ? Object.entries(env).map(([k, v]) => ` -e ${shellWord(`${k}=${v}`)}`) : [];
  const codexEnv = env
    ? `env = { ${Object.entries(env)
        .map(([k, v]) => `${k} = ${toml(v)}`)
        .join(', ')} }\n`
    : '';
  return [
    {
      id: 'claude-code',
      name: 'Claude Code',
      kind: 'command',
      where: 'Run in a terminal inside the project folder',
      text: `claude mcp add loupe${claudeEnv.join('')} -- ${[command, ...args].map(shellWord).join(' ')}`,
    },
    {
      id: 'codex',
      name: 'Codex',
      kind: 'configuration',
      where: '~/.codex/config.toml',
      text: `[mcp_servers.loupe]\ncommand = ${toml(command)}\nargs = [${args.map(toml).join(', ')}]\n${codexEnv}`,
    },
    {
      id: 'cursor',
      name: 'Cursor',
      kind: 'configuration',
      where: '.cursor/mcp.json in the project',
      text: json({ mcpServers: { loupe: { command, args: editorArgs, ...envJson } } }),
    },
    {
      id: 'vscode',
      name: 'VS Code',
      kind: 'configuration',
      where: '.vscode/mcp.json in the project',
      text: json({ servers: { loupe: { type: 'stdio', command, args: editorArgs, ...envJson } } }),
    },
    {
      id: 'claude-desktop',
      name: 'Claude Desktop',
      kind: 'configuration',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config)',
      text: json({ mcpServers: { loupe: { command, args: desktopArgs, ...envJson } } }),
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
